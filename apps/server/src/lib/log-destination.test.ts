import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const destination = fileURLToPath(new URL('./log-destination.ts', import.meta.url));

/**
 * Runs `body` in a fresh Node process with `log`, a pino logger on logDestination(), and answers
 * the lines it wrote to standard output, each with when (ms after the start) it arrived.
 */
function logIn(body: string): Promise<{ lines: { at: number; text: string }[]; code: number | null }> {
  const script = `import pino from 'pino';
import { logDestination } from ${JSON.stringify(destination)};
const log = pino(logDestination());
${body}`;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    const lines: { at: number; text: string }[] = [];
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const text of parts) lines.push({ at: Date.now() - started, text });
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ lines, code }));
  });
}

describe('the log destination', () => {
  it('writes every line, whole, when the process exits at once after a burst', async () => {
    const { lines, code } = await logIn(`for (let i = 0; i < 5000; i++) log.info({ i, padding: 'x'.repeat(i % 300) }, 'burst');
process.exit(3);`);
    expect(code).toBe(3);
    const numbers = lines.map((line) => (JSON.parse(line.text) as { i: number }).i);
    expect(numbers).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it('writes a quiet server’s single line within a second, while it still runs', async () => {
    const { lines } = await logIn(`const started = Date.now();
log.info('one line');
setTimeout(() => { log.info({ after: Date.now() - started }, 'leaving'); }, 2500);`);
    expect(lines.map((line) => (JSON.parse(line.text) as { msg: string }).msg)).toEqual(['one line', 'leaving']);
    // The first line arrives well before the process's next line (2.5 s later) pushes it out.
    const leaving = lines[1]!.at;
    expect(leaving - lines[0]!.at).toBeGreaterThan(1500);
  });

  it('writes what is left when the process ends on an uncaught error', async () => {
    const { lines, code } = await logIn(`log.info('before the crash');
setImmediate(() => { throw new Error('crash'); });`);
    expect(code).not.toBe(0);
    expect(lines.map((line) => (JSON.parse(line.text) as { msg: string }).msg)).toEqual(['before the crash']);
  });
});
