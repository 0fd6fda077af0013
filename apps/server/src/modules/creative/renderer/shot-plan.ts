import { FPS, type Timeline, type TimelineLine } from './timeline.js';

/** Where a reused clip starts reading: past the usual shaky first moments of a phone clip. */
const CLIP_LEAD_IN = 0.3;

export interface RenderClip {
  path: string;
  kind: 'video' | 'image';
  duration: number | null;
  width: number;
  height: number;
  hasAudio?: boolean;
  /** The picture's bits a second, as probed (a video's): how much there is to decode, and how busy the picture is. */
  bitrate?: number;
}

export const num = (value: number) => Number(value.toFixed(4)).toString();

/** One shot's source: which input, and how it is read. */
export interface ShotPlan {
  line: TimelineLine;
  clip: RenderClip | null;
  inputArgs: string[];
  /** A filter for a video clip read shorter than its shot: stretch its time by this much. */
  stretch: number;
}

/** Which clip or image each line shows (cycling when there are fewer), and how much of it is read. */
export function planShots(timeline: Timeline, clips: readonly RenderClip[]): ShotPlan[] {
  const uses = new Map<number, number>();
  return timeline.lines.map((line, index) => {
    if (clips.length === 0) return { line, clip: null, inputArgs: [], stretch: 1 };
    const clipIndex = index % clips.length;
    const clip = clips[clipIndex]!;
    const use = uses.get(clipIndex) ?? 0;
    uses.set(clipIndex, use + 1);
    const seconds = (line.endFrame - line.startFrame) / FPS;
    if (clip.kind === 'image') return { line, clip, inputArgs: ['-i', clip.path], stretch: 1 };
    const read = seconds + 0.25;
    if (clip.duration === null || clip.duration >= read) {
      // A long clip is entered by seeking (-ss before -i jumps to the nearest keyframe), and
      // each reuse starts further in, so a nine-minute clip costs only the seconds shown.
      const slack = clip.duration === null ? 0 : clip.duration - read;
      const start = slack <= 0 ? 0 : (CLIP_LEAD_IN + use * read) % (slack + 0.001);
      return { line, clip, inputArgs: ['-ss', num(Math.min(start, Math.max(0, slack))), '-t', num(read), '-i', clip.path], stretch: 1 };
    }
    if (clip.duration >= seconds * 0.6) {
      // A little short: played slower (at most 1.67×) rather than repeated.
      return { line, clip, inputArgs: ['-t', num(clip.duration), '-i', clip.path], stretch: seconds / clip.duration + 0.02 };
    }
    // Much shorter: looped by the demuxer for as long as the shot needs.
    return { line, clip, inputArgs: ['-stream_loop', '-1', '-t', num(read), '-i', clip.path], stretch: 1 };
  });
}

/** How far before a clip's end its tail may start: a few frames to hold, never nothing to read. */
const TAIL_LAST_SECONDS = 0.1;

/**
 * The input of a video shot's tail: the `tail` frames that follow its `frames`, read from the
 * same clip opened again at that point (the same reading as the shot's: slowed, or looped). A
 * slowed clip that the shot read to its end (a 2 s clip stretched over 2 s) has nothing after
 * it: the tail then starts on its last frames, which it holds, as the shot itself ends on them.
 */
export function tailInputArgs(shot: ShotPlan, frames: number, tail: number): string[] {
  const clip = shot.clip!;
  const args = shot.inputArgs;
  const read = (tail / FPS) / shot.stretch + 0.25;
  const at = args.indexOf('-ss');
  const start = (at >= 0 ? Number(args[at + 1]) : 0) + frames / FPS / shot.stretch;
  if (args[0] === '-stream_loop') return ['-stream_loop', '-1', '-ss', num(start % Math.max(0.04, clip.duration ?? start + 1)), '-t', num(read), '-i', clip.path];
  const last = clip.duration ? Math.max(0, clip.duration - TAIL_LAST_SECONDS) : start;
  return ['-ss', num(Math.min(start, last)), '-t', num(read), '-i', clip.path];
}

/** A still's pan: the window's start and end as fractions of the room the margin leaves. */
export const PANS: Array<[number, number, number, number]> = [
  [0, 0.5, 1, 0.5],
  [1, 0.3, 0, 0.7],
  [0.5, 0, 0.5, 1],
  [0.2, 1, 0.8, 0],
];

