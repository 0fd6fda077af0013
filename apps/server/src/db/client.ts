import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describeNamedStatementsOnce } from './described-once.js';
import { maintainPglite, type MaintenanceDone } from './pglite-maintenance.js';
import { preparedPglite } from './pglite-statements.js';
import { pgliteQueueRunner, type QueueStore } from './queue-store.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share drizzle's Postgres core, so repositories are written once for both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository accepts: the database or a transaction inside it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the job queue (jobs/queue.ts) keeps its tables: the same database. */
  queueStore: QueueStore;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `handler` gets the payload of every NOTIFY committed on it, by any
   * instance (PostgreSQL: on a dedicated connection, re-established when it drops; PGlite: in
   * this process). Answers a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY on a channel now, outside any transaction (inside one, a repository sends it). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Vacuums and analyses the tables that need it, as autovacuum would (db/pglite-maintenance.ts);
   * PostgreSQL's own daemon does this there, so on PostgreSQL it does nothing.
   */
  maintain(): Promise<MaintenanceDone>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const casing = 'snake_case' as const;
/** Any constant will do; it keeps two instances from migrating the same database at once. */
const MIGRATION_LOCK_KEY = 7_420_113;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without one, PGlite runs embedded. */
  url?: string | undefined;
  /** PGlite's data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite only: a data directory dumped by `EmbeddedDatabase.dump()` to start from instead of
   * running initdb (the tests' migrated template, test/pglite-snapshot.ts).
   */
  snapshot?: Blob;
}

/** The embedded database, which can also dump its data directory. */
export interface EmbeddedDatabase extends Database {
  kind: 'pglite';
  dump(): Promise<Blob>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://', options.snapshot);
}

export async function openPglite(dataDir: string, snapshot?: Blob): Promise<EmbeddedDatabase> {
  if (!dataDir.startsWith('memory://')) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  // Requests and jobs go through statements prepared once; the migrator, which changes the schema
  // under them, talks to PGlite directly.
  const statements = preparedPglite(client);
  const db = drizzlePglite({ client: statements as unknown as PGlite, schema, casing }) as unknown as Db;
  return {
    db,
    dump: () => client.dumpDataDir('none'),
    kind: 'pglite',
    queueStore: { kind: 'pglite', db: pgliteQueueRunner(statements) },
    migrate: () => migratePglite(drizzlePglite({ client, schema, casing }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, handler) => statements.listen(channel, handler),
    maintain: () => maintainPglite(client),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // JIT compilation pays off for long analytical queries, never for a request's: on a list or
  // a dashboard rollup it added tens of milliseconds of compiling to queries of a few.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', () => {});
  describeNamedStatementsOnce(pool);
  const db = drizzleNodePg({ client: pool, schema, casing }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    queueStore: { kind: 'postgres', connectionString: url, max: Math.max(2, Math.ceil(poolSize / 4)) },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema, casing }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handler) => listenPostgres(url, channel, handler),
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    maintain: async () => ({ analyzed: [], vacuumed: [] }),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own that LISTENs (a pooled one would lose it when released). When it
 * drops, it reconnects after a second; notifications sent meanwhile are missed, which the
 * listeners accept (the live stream sends fresh counts on reconnect).
 */
async function listenPostgres(url: string, channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    client.on('error', () => {
      current = null;
      client.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
    current = client;
  };
  await connect();
  return async () => {
    stopped = true;
    await current?.end().catch(() => {});
  };
}

/** Runs raw SQL and answers its rows; both drivers return `{ rows }`, typed here once. */
export async function selectRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
