import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed.js';
import { configWarnings, loadConfig, paymentsMode, repoRoot, seedDemoWanted } from '../config.js';
import { createTestApp, type TestApp } from './harness.js';

const PAYOUT_KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://nearcast.example.com', PAYOUT_DETAILS_KEY: PAYOUT_KEY } as const;

describe('production switches', () => {
  it('refuses to start in production without PUBLIC_URL, and derives it from PORT elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required in production/);
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ ...PRODUCTION }).PUBLIC_URL).toBe('https://nearcast.example.com');
  });

  it('refuses a plain-http PUBLIC_URL in production unless it is this machine, and warns of plain http', () => {
    for (const url of ['http://nearcast.example.com', 'http://203.0.113.7:3000', 'http://nearcast.local', 'HTTP://Nearcast.Example.com/']) {
      expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: url }), url).toThrow(/PUBLIC_URL must be https:\/\/ in production/);
      expect(() => loadConfig({ ...PRODUCTION }, { PUBLIC_URL: url }), url).toThrow(/PUBLIC_URL must be https:\/\//);
    }
    // A production build tried on this machine starts, and says at every start what is wrong.
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4000', 'http://[::1]:3000', 'http://app.localhost']) {
      const config = loadConfig({ ...PRODUCTION, PUBLIC_URL: url });
      expect(configWarnings(config), url).toEqual([expect.stringMatching(/^PUBLIC_URL is .*plain http/)]);
    }
    expect(configWarnings(loadConfig({ ...PRODUCTION }))).toEqual([]);
    // Elsewhere: quiet on this machine, warned about on any other host.
    expect(configWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://192.168.1.20:3000' }))).toEqual([expect.stringContaining('plain http')]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://staging.nearcast.example' }))).toEqual([]);
  });

  it('warns at every start of a production instance with the demo accounts', () => {
    expect(configWarnings(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }))).toEqual([expect.stringContaining('SEED_DEMO=1 in production')]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'development', SEED_DEMO: '1' }))).toEqual([]);
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
    expect(line).toMatch(/database: pglite, mail: console, payments: none, storage: \w+, publishing: none, sms: console/);
    // The production line's engines as configured here: no model, the local voice npm installed, npm's ffmpeg.
    expect(line).toMatch(/llm: none \(templates\), speech: local, media: bundled/);
    expect(output).not.toContain('seeded the demo accounts');
  }, 100_000);

  it('refuses to start on a plain-http public address of another host, saying why', async () => {
    const { output, code } = await runServer(
      { NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'http://nearcast.example.com', PAYOUT_DETAILS_KEY: PAYOUT_KEY },
      /PUBLIC_URL/,
    );
    expect(code).not.toBe(0);
    expect(output).toContain('PUBLIC_URL must be https:// in production');
  }, 100_000);

  it('with SEED_DEMO=1 seeds the demo accounts without ever logging their password, and warns', async () => {
    const seededDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nearcast-prod-demo-'));
    try {
      const { output } = await runServer(
        {
          NODE_ENV: 'production',
          DATA_DIR: seededDir,
          HOST: '127.0.0.1',
          PORT: '0',
          PUBLIC_URL: 'http://localhost:3000',
          PAYOUT_DETAILS_KEY: PAYOUT_KEY,
          SEED_DEMO: '1',
          DEMO_NETWORK: '0',
          LOG_LEVEL: 'trace',
        },
        /SEED_DEMO=1 in production/,
      );
      expect(output).toContain('seeded the demo accounts');
      expect(output).not.toContain(DEMO_PASSWORD);
      const warnings = output.split('\n').filter((line) => line.includes('"level":40'));
      expect(warnings.some((line) => line.includes('PUBLIC_URL is http://localhost:3000') && line.includes('plain http'))).toBe(true);
      expect(warnings.some((line) => line.includes('SEED_DEMO=1 in production'))).toBe(true);
    } finally {
      fs.rmSync(seededDir, { recursive: true, force: true });
    }
  }, 100_000);
});
