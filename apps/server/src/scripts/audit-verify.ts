import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { verdict } from '../modules/audit/check-report.js';
import { AuditService } from '../modules/audit/service.js';

/**
 * Checks the staff audit log's hash chain on a database, outside the app (decision 059):
 *   DATABASE_URL=postgres://… npm run audit:verify [-- --expect-head <hash>]
 * Exits 0 when every entry holds, and the last one is the one noted earlier when --expect-head
 * gives its hash (the chain alone cannot show entries cut off its end); 1 otherwise; 2 when it
 * cannot check. On the embedded database stop the server first: one process owns its data
 * directory.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'expect-head': { type: 'string' } } });
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const { ok, message } = verdict(await new AuditService(database.db).verify(), values['expect-head']);
    console.log(message);
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    // A database without the log (not migrated, or not Nearcast's) cannot be checked: say so plainly.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    console.error(cause?.code === '42P01' ? 'This database has no audit log: is it a migrated Nearcast database?' : `The check could not run: ${cause?.message ?? (error as Error).message}`);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

void main();
