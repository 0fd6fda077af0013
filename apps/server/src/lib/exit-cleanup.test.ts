import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const module = fileURLToPath(new URL('./exit-cleanup.ts', import.meta.url));

/** Runs `body` in a fresh Node process with `atExit` imported; answers what it wrote and its exit code. */
function runIn(body: string): { stdout: string; status: number | null } {
  const script = `import { writeSync } from 'node:fs';
import { atExit } from ${JSON.stringify(module)};
const say = (text) => writeSync(1, text + '\\n');
${body}`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return { stdout: result.stdout, status: result.status };
}

describe('atExit', () => {
  it('runs the steps still registered when the process exits, the last registered first, past one that throws', () => {
    const { stdout, status } = runIn(`atExit(() => say('folder'));
atExit(() => { throw new Error('already gone'); });
const forget = atExit(() => say('finished child'));
atExit(() => say('encoder'));
forget();
setTimeout(() => process.exit(3), 20);`);
    expect(status).toBe(3);
    expect(stdout.trim().split('\n')).toEqual(['encoder', 'folder']);
  });

  it('runs them when the process ends on its own too, and only once', () => {
    const { stdout, status } = runIn(`atExit(() => say('once'));
process.on('exit', () => say('after'));`);
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(['once', 'after']);
  });
});
