import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedScale } from './seed-scale-run.js';

/**
 * seed:scale: fills the PostgreSQL database of DATABASE_URL with the spec's vision (seed-scale-run.ts).
 *
 *   DATABASE_URL=postgres://…/nearcast_scale npm run seed:scale
 *   DATABASE_URL=postgres://…/nearcast_small npm run seed:scale -- --fraction 0.01   # 1/100 of every size
 */
const at = process.argv.indexOf('--fraction');
const fraction = at >= 0 ? Number(process.argv[at + 1]) : 1;

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('Set DATABASE_URL to the PostgreSQL database to fill (it should be empty).');
  const database = await openDatabase({ url: config.DATABASE_URL });
  try {
    await seedScale(database, config, { fraction });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
