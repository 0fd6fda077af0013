import { Writable } from 'node:stream';
import type { Envelope } from '@nearcast/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MemoryMailer, type Mailer } from '../adapters/mail/index.js';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, selectRows, type Database } from '../db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.js';
import { createFreshDatabase } from './fresh-postgres.js';
import { migratedSnapshot, migratedTemplateDatabase } from './database-templates.js';
import type { AnyModule } from '../modules/module-definition.js';

/**
 * A fresh, migrated, seeded app per test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mailer: MemoryMailer;
  logs: string[];
  call<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<Envelope<T> & { status: number }>;
  login(email: string, password?: string): Promise<string>;
  /** Runs SQL straight on the test database, to arrange or inspect what the API cannot. */
  query<T>(statement: SQL): Promise<T[]>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** Sent as it is, without JSON encoding. */
  raw?: string;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export async function createTestApp(
  options: { config?: Partial<Config>; mailer?: Mailer; seed?: boolean; areas?: boolean; modules?: readonly AnyModule[] } = {},
): Promise<TestApp> {
  // Each engine starts from the run's migrated template (with the reference tree when asked), so
  // a file pays neither PGlite's initdb nor the migrations; migrate() then finds nothing to do.
  const pgDb = testDatabaseUrl
    ? await createFreshDatabase(testDatabaseUrl, 'nc_test', await migratedTemplateDatabase(testDatabaseUrl, { areas: options.areas }))
    : null;
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      LOG_LEVEL: 'info',
      SCRYPT_LOG_N: 10,
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_LOGIN_PER_MINUTE: 10_000,
      RATE_LIMIT_CODE_PER_HOUR: 10_000,
      RATE_LIMIT_RESET_PER_HOUR: 10_000,
      // Tests call these far faster than a person; the limits' own tests set theirs.
      RATE_LIMIT_RENDER_PER_MINUTE: 10_000,
      RATE_LIMIT_PLAN_RUN_PER_MINUTE: 10_000,
      RATE_LIMIT_SCRIPT_PER_MINUTE: 10_000,
      ...options.config,
    },
  );
  const snapshot = pgDb ? undefined : await migratedSnapshot({ areas: options.areas });
  const database = await openDatabase({ url: pgDb?.url, dataDir: 'memory://', poolSize: 5, snapshot });
  await database.migrate();
  const mailer = (options.mailer as MemoryMailer | undefined) ?? new MemoryMailer();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const app = await buildApp({ config, database, mailer, logStream, ...(options.modules ? { modules: options.modules } : {}) });
  if (options.seed !== false) await seedDemo(database.db, (password) => app.services.accounts.hash(password));
  await app.ready();

  const call: TestApp['call'] = async (path, body = {}, callOptions = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    if (callOptions.lang) headers['accept-language'] = callOptions.lang;
    const response = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers,
      payload: callOptions.raw ?? JSON.stringify(body),
    });
    return { ...(response.json() as Envelope<never>), status: response.statusCode };
  };

  return {
    app,
    database,
    mailer,
    logs,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const response = await call<{ token: string }>('/v1/account/login', { email, password });
      if (response.code !== '200') throw new Error(`login ${email} failed: ${response.msg}`);
      return response.data.token;
    },
    query: (statement) => selectRows(database.db, statement),
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/** Reads the 6-digit code from the last mail sent to an address. */
export function codeFrom(mailer: MemoryMailer, to: string): string {
  const text = mailer.lastTo(to)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
