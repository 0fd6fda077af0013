/**
 * Synchronous clean-up for whatever a process leaves behind when it exits in the middle of its
 * work: the shutdown deadline's `process.exit`, an uncaught error, a normal end. On Linux a
 * child outlives its parent, so an encoder started by a render would go on for minutes writing
 * into a folder no one reads. Each step runs once on the 'exit' event, where only synchronous
 * work happens (a kill, an `rmSync`), the last registered first: what was acquired last is
 * released first, the encoder before the folder it writes into. A process killed outright (SIGKILL,
 * out of memory) runs none of them: its children die with it all the same (adapters/media/lifeline.ts),
 * and the next render process's sweep on the machine removes its folders (render-workspace.ts).
 */
const steps = new Set<() => void>();

function runAll(): void {
  for (const step of [...steps].reverse()) {
    try {
      step();
    } catch {
      // One failed step (a folder already gone) must not keep the next from running.
    }
  }
  steps.clear();
}

let hooked = false;

/** Registers `step` to run if the process exits before it is removed; answers the remover. */
export function atExit(step: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', runAll);
  }
  steps.add(step);
  return () => {
    steps.delete(step);
  };
}
