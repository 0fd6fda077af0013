import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/**
 * The optional SDKs (AWS S3, Stripe, SMTP, pdfkit) are the largest imports of the server and only
 * some configurations use them, so they load with their first use (lib/once.ts). Importing the
 * app in a fresh Node process, with a module hook that notes every package resolved, proves no
 * static import brings one back: each process and each test app would pay for it again.
 */
const OPTIONAL = /^(@aws-sdk\/[^/]+|stripe|pdfkit|nodemailer)$/;
/** What a process imports to run: the app and the adapters' factories the server entry calls. */
const ENTRIES = ['app.ts', 'adapters/mail/index.ts', 'adapters/storage/index.ts', 'adapters/payments/index.ts'];
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'optional-sdks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('importing the app and its adapters loads none of the optional SDKs', async () => {
  writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `export async function resolve(specifier, context, next) {
      if (${OPTIONAL}.test(specifier)) console.log('resolved ' + specifier);
      return next(specifier, context);
    }`,
  );
  writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${dir}/hooks.mjs`)});`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--import', path.join(dir, 'register.mjs'), '-e', `${ENTRIES.map((entry) => `await import('./src/${entry}');`).join(' ')} console.log('imported'); process.exit(0);`],
    { cwd: serverRoot, timeout: 60_000 },
  );
  expect(stdout.trim().split('\n')).toEqual(['imported']);
}, 90_000);
