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
  /** Where in a video clip the reading starts, in seconds (0 unless it seeks). */
  start: number;
  /** Seconds of a video clip decoded for the shot; 0 for a still or a brand ground. */
  seconds: number;
  /** Whether the clip, much shorter than its shot, is looped by the demuxer. */
  looped: boolean;
  /** A filter for a video clip read shorter than its shot: stretch its time by this much. */
  stretch: number;
}

/** A reading of a clip: its input's options, and the seconds of the file it decodes. */
export interface ClipReading {
  args: string[];
  seconds: number;
}

/** Which clip or image each line shows (cycling when there are fewer), and how much of it is read. */
export function planShots(timeline: Timeline, clips: readonly RenderClip[]): ShotPlan[] {
  const uses = new Map<number, number>();
  return timeline.lines.map((line, index) => {
    const still = { line, start: 0, seconds: 0, looped: false, stretch: 1 };
    if (clips.length === 0) return { ...still, clip: null, inputArgs: [] };
    const clipIndex = index % clips.length;
    const clip = clips[clipIndex]!;
    const use = uses.get(clipIndex) ?? 0;
    uses.set(clipIndex, use + 1);
    const seconds = (line.endFrame - line.startFrame) / FPS;
    if (clip.kind === 'image') return { ...still, clip, inputArgs: ['-i', clip.path] };
    const read = seconds + 0.25;
    if (clip.duration === null || clip.duration >= read) {
      // A long clip is entered by seeking (-ss before -i jumps to the nearest keyframe), and
      // each reuse starts further in, so a nine-minute clip costs only the seconds shown.
      const slack = clip.duration === null ? 0 : clip.duration - read;
      const start = Number(num(Math.min(slack <= 0 ? 0 : (CLIP_LEAD_IN + use * read) % (slack + 0.001), Math.max(0, slack))));
      return { line, clip, inputArgs: ['-ss', num(start), '-t', num(read), '-i', clip.path], start, seconds: read, looped: false, stretch: 1 };
    }
    if (clip.duration >= seconds * 0.6) {
      // A little short: played slower (at most 1.67×) rather than repeated.
      return { line, clip, inputArgs: ['-t', num(clip.duration), '-i', clip.path], start: 0, seconds: clip.duration, looped: false, stretch: seconds / clip.duration + 0.02 };
    }
    // Much shorter: looped by the demuxer for as long as the shot needs.
    return { line, clip, inputArgs: ['-stream_loop', '-1', '-t', num(read), '-i', clip.path], start: 0, seconds: read, looped: true, stretch: 1 };
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
export function tailReading(shot: ShotPlan, frames: number, tail: number): ClipReading {
  const clip = shot.clip!;
  const read = (tail / FPS) / shot.stretch + 0.25;
  const start = shot.start + frames / FPS / shot.stretch;
  if (shot.looped) return { args: ['-stream_loop', '-1', '-ss', num(start % Math.max(0.04, clip.duration ?? start + 1)), '-t', num(read), '-i', clip.path], seconds: read };
  const last = clip.duration ? Math.max(0, clip.duration - TAIL_LAST_SECONDS) : start;
  return { args: ['-ss', num(Math.min(start, last)), '-t', num(read), '-i', clip.path], seconds: read };
}

/** A still's pan: the window's start and end as fractions of the room the margin leaves. */
export const PANS: Array<[number, number, number, number]> = [
  [0, 0.5, 1, 0.5],
  [1, 0.3, 0, 0.7],
  [0.5, 0, 0.5, 1],
  [0.2, 1, 0.8, 0],
];

