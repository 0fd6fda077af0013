/**
 * When a playing video's position is worth saving: not on every `timeupdate` (four a second),
 * but after the learner has moved on by a few seconds and some time has passed since the last
 * save — and always on pause, seek end and leaving (the caller forces those).
 */
export const SAVE_EVERY_MS = 10_000;
export const MIN_MOVE_SECONDS = 3;

export interface SavedPosition {
  seconds: number;
  atMs: number;
}

export function shouldSave(last: SavedPosition | null, seconds: number, nowMs: number, force = false): boolean {
  const whole = Math.floor(seconds);
  if (!Number.isFinite(seconds) || whole < 0) return false;
  if (last && whole === last.seconds) return false;
  if (force || !last) return true;
  return Math.abs(whole - last.seconds) >= MIN_MOVE_SECONDS && nowMs - last.atMs >= SAVE_EVERY_MS;
}

/**
 * Where to start a video: where the learner stopped, unless that is so near the end that
 * resuming would show nothing (then from the start).
 */
export function resumeAt(savedSeconds: number, durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return Math.max(0, savedSeconds);
  return savedSeconds > 0 && savedSeconds < durationSeconds - 5 ? savedSeconds : 0;
}
