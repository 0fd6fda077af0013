import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, openPglite } from '../db/client.js';
import { loadReferenceAreas } from '../modules/area/reference-data.js';

/**
 * Migrated databases that test apps start from instead of migrating their own.
 *
 * PGlite: a migrated embedded database, as the data directory PGlite starts from, shared by every test
 * file of a run. Starting PGlite means running initdb inside WebAssembly, and then the
 * migrations: about four seconds of one core per test app, paid by some eighty apps of the unit
 * suite. Started from a dump of an already migrated directory, PGlite skips both.
 *
 * The dump is kept in the temporary directory under a name made of everything that shapes it —
 * the migration files, PGlite's version, and the reference areas when asked for — so a changed
 * migration builds a new one, and a run never starts from another commit's schema. The first
 * file to need it builds it; files that race to it each build one and rename it into place, which
 * is atomic, so none reads half a file.
 */
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const require = createRequire(import.meta.url);

async function fingerprint(areas: boolean): Promise<string> {
  const hash = createHash('sha256');
  const files = (await fs.readdir(migrationsFolder, { recursive: true })).map(String).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full));
  }
  hash.update(await pgliteVersion());
  if (areas) hash.update('reference areas').update(await fs.readFile(fileURLToPath(new URL('../modules/area/reference-data.ts', import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}

/** PGlite's package.json is not among its exports: found above its entry point. */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (path.dirname(dir) !== dir) {
    const manifest = await fs.readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    if (manifest) return (JSON.parse(manifest) as { version: string }).version;
    dir = path.dirname(dir);
  }
  throw new Error('no package.json above @electric-sql/pglite');
}

const cache = new Map<boolean, Promise<Blob>>();

/** The data directory of a migrated database (with the reference areas loaded, when asked). */
export function migratedSnapshot(options: { areas?: boolean } = {}): Promise<Blob> {
  const areas = options.areas === true;
  let snapshot = cache.get(areas);
  if (!snapshot) {
    snapshot = loadOrBuild(areas);
    cache.set(areas, snapshot);
  }
  return snapshot;
}

async function loadOrBuild(areas: boolean): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'nearcast-test-pglite');
  const file = path.join(dir, `${await fingerprint(areas)}${areas ? '-areas' : ''}.tar`);
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    // Not built yet in this temporary directory.
  }
  const database = await openPglite('memory://');
  try {
    await database.migrate();
    if (areas) await loadReferenceAreas(database.db);
    const dump = await database.dump();
    await fs.mkdir(dir, { recursive: true });
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await fs.rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * PostgreSQL: the same for the server of `baseUrl`, as a template database that each test file's
 * database is copied from (`create database … template …`, a file copy on the server, a fraction
 * of the 38 migrations' second and more). Named by the same fingerprint; built once per server
 * under an advisory lock, as another name first and renamed when complete, so a copy never
 * starts from a template still being written or one a connection is still open on.
 */
export async function migratedTemplateDatabase(baseUrl: string, options: { areas?: boolean } = {}): Promise<string> {
  const areas = options.areas === true;
  const name = `nc_template_${await fingerprint(areas)}${areas ? '_areas' : ''}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_building`;
    await client.query(`drop database if exists ${building} with (force)`);
    await client.query(`create database ${building}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await database.migrate();
      if (areas) await loadReferenceAreas(database.db);
    } finally {
      await database.close();
    }
    // The pool's backends leave a moment after it ends; a rename waits for the last of them.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`alter database ${building} rename to ${name}`);
        return name;
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/** Any constant will do: it keeps two test workers from building the same template at once. */
const TEMPLATE_LOCK_KEY = 7_420_114;
