import type { FrameSize } from './captions-ass.js';
import type { Transition } from './look-types.js';

/**
 * How one shot gives way to the next, built from what the bundled ffmpeg (4.1) has: it has no
 * xfade, so every transition that shows both shots at once lays the outgoing shot's last
 * moments (its "tail", read a few frames past its cut) over the incoming shot's first ones with
 * `overlay`, which only works while the tail lasts and passes the incoming shot through after.
 * - crossfade: the tail's alpha fades out (`fade` on the alpha plane);
 * - slide: the tail is pushed off to the left, eased, revealing the next shot;
 * - wipe: the tail is pushed off to the right behind a bar of the brand's accent;
 * - zoom_punch: the tail zooms in quickly (`zoompan` on its few frames only) as it fades;
 * - dip: each shot fades through black on its own (no tail);
 * - cut: nothing.
 * The cut stays where the timeline put it (the captions change there); the tail is extra
 * frames of the outgoing shot, so the video's length does not change.
 */

/** How long each transition lasts, in seconds (capped at a third of the shorter shot). */
const TRANSITION_SECONDS: Record<Transition, number> = { cut: 0, dip: 0.16, crossfade: 0.4, slide: 0.3, zoom_punch: 0.3, wipe: 0.36 };

const num = (value: number) => Number(value.toFixed(4)).toString();

/** Frames the outgoing shot is read past its cut: 0 for transitions that need no overlap. */
export function overlapFrames(transition: Transition, fps: number, framesBefore: number, framesAfter: number): number {
  if (transition === 'cut' || transition === 'dip') return 0;
  const wanted = Math.round(TRANSITION_SECONDS[transition] * fps);
  return Math.max(0, Math.min(wanted, Math.floor(framesBefore / 3), Math.floor(framesAfter / 3)));
}

/** A shot's own fades: through black at both ends for `dip` (not into the first shot), none otherwise. */
export function ownFades(transition: Transition, first: boolean, seconds: number): string[] {
  if (transition !== 'dip') return [];
  const dip = Math.min(TRANSITION_SECONDS.dip, seconds / 4);
  return [...(first ? [] : [`fade=t=in:st=0:d=${num(dip)}`]), `fade=t=out:st=${num(seconds - dip)}:d=${num(dip)}`];
}

/** The end card's entrance when no tail leads into it: a short fade from black, except after a cut. */
export function endCardEntrance(transition: Transition): string[] {
  return transition === 'cut' ? [] : [`fade=t=in:st=0:d=${num(TRANSITION_SECONDS.dip * 1.5)}`];
}

/**
 * The chains that lay `[tail]` (of `frames` frames) over the start of `[body]` as `[out]`.
 * Progress `p` runs from 1/frames to 1 over the tail's frames, eased in and out.
 */
export function transitionChains(transition: Transition, labels: { tail: string; body: string; out: string }, frames: number, size: FrameSize, fps: number, accent: string): string[] {
  const { tail, body, out } = labels;
  const seconds = frames / fps;
  const eased = `(1-cos(PI*min((n+1)/${frames},1)))/2`;
  const over = (top: string, x: string) => `[${body}][${top}]overlay=x='${x}':y=0:eof_action=pass:format=yuv420,format=yuv420p[${out}]`;
  switch (transition) {
    case 'crossfade':
      return [`[${tail}]format=yuva420p,fade=t=out:st=0:d=${num(seconds)}:alpha=1[${tail}_t]`, over(`${tail}_t`, '0')];
    case 'slide':
      return [over(tail, `-main_w*${eased}`)];
    case 'wipe': {
      const bar = Math.max(4, Math.round(size.width * 0.05 / 2) * 2);
      return [`[${tail}]pad=w=iw+${bar}:h=ih:x=${bar}:y=0:color=0x${accent.replace('#', '')}[${tail}_t]`, over(`${tail}_t`, `-${bar}+(main_w+${bar})*${eased}`)];
    }
    case 'zoom_punch':
      // zoompan scales every frame it is given: only the tail's few frames go through it.
      return [
        `[${tail}]zoompan=z='1+0.35*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${size.width}x${size.height}:fps=${fps},setsar=1,setpts=PTS-STARTPTS,format=yuva420p,fade=t=out:st=0:d=${num(seconds)}:alpha=1[${tail}_t]`,
        over(`${tail}_t`, '0'),
      ];
    default:
      return [`[${body}]null[${out}]`, `[${tail}]nullsink`];
  }
}
