import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { createFreshDatabase } from '../../apps/server/src/test/fresh-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxFile: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Mail from the app lands in a real SMTP server and is appended to a JSON-lines file. */
async function startMailbox(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Kept as it came: mailbox.ts decodes the transfer encodings.
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        fs.appendFileSync(file, `${JSON.stringify({ to, raw, at: Date.now() })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForReady(baseUrl: string, server: ChildProcess, output: string[]): Promise<void> {
  // A loaded machine (several runs sharing two cores) can need longer: E2E_READY_TIMEOUT_MS.
  const deadline = Date.now() + Number(process.env.E2E_READY_TIMEOUT_MS ?? 180_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${output.join('')}`);
}

/**
 * The server's error-level log lines, printed when the run ends: a journey that fails on a
 * refusal or a crash behind the page then shows the server's side in the same log.
 */
function reportServerErrors(output: string): void {
  const errors = output.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return line.trim() !== '';
    }
  });
  if (errors.length === 0) return;
  console.error(`The journeys' server logged ${errors.length} error line(s):\n${errors.slice(-30).join('\n')}`);
}

export default async function setup(project: TestProject) {
  // E2E_WEB_DIST lets a run use its own build (say, one built with --outDir elsewhere).
  const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no build: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nearcast-e2e-'));
  const mailboxFile = path.join(workDir, 'mailbox.jsonl');
  fs.writeFileSync(mailboxFile, '');
  const mailbox = await startMailbox(mailboxFile);
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  // With TEST_DATABASE_URL the journeys run on a fresh PostgreSQL database instead of PGlite.
  const database = testDatabaseUrl ? await createFreshDatabase(testDatabaseUrl, 'nc_e2e') : null;

  const port = 3100 + Math.floor(Math.random() * 800);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    // Production insists on its own key for payout details (any 32 bytes will do for a test run).
    PAYOUT_DETAILS_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST: webDist,
    SMTP_URL: mailbox.url,
    LOG_LEVEL: 'warn',
    // Many sign-ins from one address in a few minutes: the journeys test pages, not limits.
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_CODE_PER_HOUR: '10000',
    // A cheaper password hash (2^14, not 2^17): the checkout journey creates and signs in a
    // hundred studios to fill a city's places, and every journey's sign-ins get quicker.
    SCRYPT_LOG_N: '14',
    // Production turns the free sandbox checkout and the demo accounts off unless asked for:
    // the journeys buy through the sandbox and sign in as the demo accounts.
    PAYMENTS: 'sandbox',
    SEED_DEMO: '1',
    // The video journeys publish through the sandbox platform, which production offers only when asked.
    PUBLISH_SANDBOX: '1',
    PLATFORM_TOKEN_KEY: randomBytes(32).toString('base64'),
    // The nine accounts alone: journeys arrange their own money, and the demo network's open
    // settlements and payments would change what they start from.
    DEMO_NETWORK: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const output: string[] = [];
  // The server itself, plus the journeys' test-only hooks (support/test-hooks.ts) preloaded beside it.
  const hooks = path.join(repoRoot, 'e2e/support/test-hooks.ts');
  const server = spawn(process.execPath, ['--import', 'tsx', '--import', hooks, 'apps/server/src/server.ts'], { cwd: repoRoot, env });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForReady(baseUrl, server, output);

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxFile', mailboxFile);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    reportServerErrors(output.join(''));
    await mailbox.close();
    await database?.drop();
    if (process.env.E2E_KEEP !== '1') fs.rmSync(workDir, { recursive: true, force: true });
  };
}
