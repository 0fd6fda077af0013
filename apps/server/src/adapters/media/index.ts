/**
 * The media adapter (docs/decisions/090): where ffmpeg and ffprobe are, the one runner every
 * media child goes through (timeout, cancel, lifeline, niceness, stderr tail, progress), and the
 * probe. A module asks for these, never for a child process of its own.
 */
export { defaultLifeline, spawnBound, type BoundChild, type Lifeline } from './lifeline.js';
export {
  BATCH_NICENESS,
  MediaAbortedError,
  MediaFailedError,
  MediaProcessError,
  MediaTimeoutError,
  parseLoudnormJson,
  run,
  runProcess,
  type RunOptions,
  type RunOutcome,
} from './process-runner.js';
export { audioSeconds, probe, type Probe, type ProbedStream } from './probe.js';
export { mediaToolsKind, resolveMediaTools, type MediaTools } from './tools.js';
