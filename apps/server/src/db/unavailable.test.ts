import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Envelope } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD } from '../demo/seed.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../test/harness.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * A database that goes away answers '503' with Retry-After in the caller's language, never
 * '500', and never the '403' that would end the caller's session. On PostgreSQL the app talks
 * to the server through a TCP relay this test stops and starts again, which is what a stop, a
 * restart or a lost network looks like from node-postgres; on PGlite the embedded database is
 * closed under the running app.
 */
let t: TestApp;
/** The app whose database is stopped: on PostgreSQL a second app through the relay. */
let app: FastifyInstance;
let relay: Relay | undefined;
let relayed: Database | undefined;
let token: string;

interface Relay {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A TCP relay to PostgreSQL: stopping it cuts every open connection and refuses new ones. */
async function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    get port() {
      return port;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
    start,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  if (testDatabaseUrl) {
    const [{ name }] = (await t.query<{ name: string }>(sql`select current_database() as name`)) as [{ name: string }];
    const target = new URL(testDatabaseUrl);
    target.pathname = `/${name}`;
    relay = await startRelay(target);
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    relayed = await openDatabase({ url: through.toString(), poolSize: 3 });
    app = await buildApp({ config: { ...t.app.services.config, LOG_LEVEL: 'silent' }, database: relayed, mailer: t.mailer });
    await app.ready();
  } else {
    app = t.app;
  }
  token = await t.login('client@example.com');
}, 120_000);

afterAll(async () => {
  if (relayed) {
    await app.close();
    await relayed.close().catch(() => {});
  }
  await relay?.stop();
  // On PGlite the database is already closed under the app: closing the app must not fail on it.
  await t.app.close().catch(() => {});
  await t.database.close().catch(() => {});
});

async function post(path: string, body: unknown, options: { token?: string; lang?: string } = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { ...(response.json() as Envelope), status: response.statusCode, retryAfter: response.headers['retry-after'] };
}

async function stopDatabase(): Promise<void> {
  if (relay) await relay.stop();
  else await t.database.close();
}

describe('what counts as the database being out', () => {
  it.runIf(testDatabaseUrl)('a backend ended by pg_terminate_backend mid-query, and a refused connection', async () => {
    const url = new URL(testDatabaseUrl!);
    const victim = new pg.Client({ connectionString: url.toString() });
    victim.on('error', () => {});
    await victim.connect();
    const pid = ((await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    const running = victim.query('select pg_sleep(30)').then(
      () => null,
      (error: unknown) => error,
    );
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    const terminated = await running;
    expect((terminated as { code?: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    // The same client afterwards: its socket is gone.
    const after = await victim.query('select 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(after)).toBe(true);
    await victim.end().catch(() => {});

    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 2000 });
    const refused = await nowhere.query('select 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await nowhere.end();
  });

  it('not a query that failed on its own, such as a missing table or a deadlock', async () => {
    const failure = await t.database.db.execute(sql`select * from nowhere`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(false);
    expect(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    // drizzle wraps the driver's error in its own, with the driver's as the cause.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
  });
});

describe('a lost database', () => {
  it('answers 503 with Retry-After in the caller language, and keeps the session', async () => {
    expect((await post('/v1/account/detail', {}, { token })).code).toBe('200');
    await stopDatabase();

    const signedIn = await post('/v1/account/detail', {}, { token, lang: 'es' });
    expect(signedIn).toMatchObject({
      status: 503,
      code: '503',
      msg: 'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
      data: null,
      retryAfter: '5',
    });
    const publicCall = await post('/v1/account/login', { email: 'client@example.com', password: DEMO_PASSWORD }, { lang: 'zh' });
    expect(publicCall).toMatchObject({ status: 503, code: '503', msg: '服务暂时不可用，请几秒后重试。', retryAfter: '5' });
    const write = await post('/v1/account/update', { bio: 'while the database is out' }, { token });
    expect(write).toMatchObject({ status: 503, msg: 'The service is briefly unavailable. Please try again in a few seconds.' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });

  it.runIf(testDatabaseUrl)('answers again when the database is back, with the same session', async () => {
    await relay!.start();
    // The pool drops its broken clients and connects afresh on the next call.
    let answer = await post('/v1/account/detail', {}, { token });
    for (let tries = 0; answer.code !== '200' && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await post('/v1/account/detail', {}, { token });
    }
    expect(answer.code).toBe('200');
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
