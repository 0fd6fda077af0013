import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, paymentsMode, repoRoot, seedDemoWanted } from '../config.js';
import { createTestApp, type TestApp } from './harness.js';

const PAYOUT_KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://nearcast.example.com', PAYOUT_DETAILS_KEY: PAYOUT_KEY } as const;

describe('production switches', () => {
  it('refuses to start in production without PUBLIC_URL, and derives it from PORT elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required in production/);
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ ...PRODUCTION }).PUBLIC_URL).toBe('https://nearcast.example.com');
  });

  it('refuses to start in production without its own key for payout details, or with a malformed one', () => {
    const { PAYOUT_DETAILS_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(() => loadConfig({ ...withoutKey })).toThrow(/PAYOUT_DETAILS_KEY is required in production/);
    expect(() => loadConfig({ ...PRODUCTION, PAYOUT_DETAILS_KEY: 'too-short' })).toThrow(/PAYOUT_DETAILS_KEY: must be 32 bytes/);
    expect(loadConfig({ ...PRODUCTION, PAYOUT_DETAILS_KEY: 'ab'.repeat(32) }).PAYOUT_DETAILS_KEY).toBe('ab'.repeat(32));
    // Elsewhere the development key applies, so `npm start` needs no setup.
    expect(loadConfig({ NODE_ENV: 'development' }).PAYOUT_DETAILS_KEY).toMatch(/=$/);
  });

  it('splits web and worker processes only over a shared PostgreSQL', () => {
    expect(loadConfig({}).PROCESS_ROLE).toBe('all');
    expect(() => loadConfig({ PROCESS_ROLE: 'worker' })).toThrow(/PROCESS_ROLE=worker needs a PostgreSQL shared by every process/);
    expect(loadConfig({ PROCESS_ROLE: 'web', DATABASE_URL: 'postgres://db/nearcast' }).PROCESS_ROLE).toBe('web');
    expect(() => loadConfig({ PROCESS_ROLE: 'api' })).toThrow(/PROCESS_ROLE/);
  });

  it('keeps the free sandbox checkout off in production unless PAYMENTS=sandbox', () => {
    expect(paymentsMode(loadConfig({ ...PRODUCTION }))).toBe('none');
    expect(paymentsMode(loadConfig({ ...PRODUCTION, PAYMENTS: 'sandbox' }))).toBe('sandbox');
    expect(paymentsMode(loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toBe('stripe');
    expect(() => paymentsMode(loadConfig({ ...PRODUCTION, PAYMENTS: 'stripe' }))).toThrow(/STRIPE_SECRET_KEY/);
    expect(paymentsMode(loadConfig({ NODE_ENV: 'development' }))).toBe('sandbox');
  });

  it('seeds the demo accounts in production only when SEED_DEMO=1', () => {
    expect(seedDemoWanted(loadConfig({ ...PRODUCTION }))).toBe(false);
    expect(seedDemoWanted(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }))).toBe(true);
    expect(seedDemoWanted(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(seedDemoWanted(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x@y/z' }))).toBe(false);
  });
});

describe('a production app without a payment provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { NODE_ENV: 'production', PUBLIC_URL: 'https://nearcast.example.com', PAYMENTS: undefined } });
  });
  afterAll(() => t.close());

  it('answers a checkout with a clear error in the caller language and writes no order', async () => {
    const token = await t.login('newclient@example.com');
    const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' order by id limit 1`);
    const refused = await t.call('/v1/payment/stripe', { package_id: pkg!.id }, { token, lang: 'es' });
    expect(refused).toMatchObject({
      code: '422',
      status: 422,
      msg: 'El pago en línea no está disponible en este momento. Contáctanos para comprar un plan.',
    });
    const [orders] = await t.query<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(orders?.n).toBe(0);
  });

  it('serves no sandbox checkout pages', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sandbox_x' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('TEST MODE');
    const pay = await t.app.inject({
      method: 'POST',
      url: '/sandbox/checkout/cs_sandbox_x/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(404);
  });
});

/** Runs the real entry point until it has logged `until` (or exited), and returns its output. */
function runServer(env: Record<string, string>, until: RegExp): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env },
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not log ${until}:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

describe('the server entry in production', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nearcast-prod-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start without PUBLIC_URL, saying why', async () => {
    const { output, code } = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir }, /PUBLIC_URL/);
    expect(code).not.toBe(0);
    expect(output).toContain('PUBLIC_URL is required in production');
  }, 100_000);

  it('logs the address it really listens on and every live adapter, and seeds no demo accounts', async () => {
    const { output } = await runServer(
      { NODE_ENV: 'production', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', PUBLIC_URL: 'https://nearcast.example.com', PAYOUT_DETAILS_KEY: PAYOUT_KEY },
      /Nearcast is listening/,
    );
    const line = output.split('\n').find((text) => text.includes('Nearcast is listening')) ?? '';
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
    expect(Number(port)).toBeGreaterThan(0);
    expect(line).not.toContain(':3000');
    expect(line).toContain('public address https://nearcast.example.com');
    expect(line).toMatch(/database: pglite, mail: console, payments: none, storage: \w+/);
    expect(output).not.toContain('seeded the demo accounts');
  }, 100_000);
});
