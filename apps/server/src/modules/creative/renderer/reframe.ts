import type { FrameSize } from './captions-ass.js';

/**
 * How a clip or photo fills the vertical frame. Material close to 9:16 is cropped to it (it
 * loses little and fills the screen); landscape and square material is shown whole over a
 * blurred, darkened copy of itself, as phones show a landscape photo, because cropping a
 * 1169×584 photo to 9:16 keeps a sliver and upscales it 3.3×, which reads as a blur. Nothing is
 * ever scaled up past MAX_UPSCALE: a small picture stays that size in the middle of its fill.
 */

/** The most a picture is ever enlarged: past it, JPEG blocks and softness show on a phone. */
export const MAX_UPSCALE = 1.5;
/** A crop to 9:16 must keep this much of the source's width (else the subject may be cut). */
const MIN_KEPT_WIDTH = 0.8;
/**
 * The blurred fill is drawn at this fraction of the frame, then scaled up: a cheap, soft blur.
 * At an eighth (135×240 for 1080×1920) the box blur and colour work cost next to nothing per
 * frame; the blur's radius is halved with it, so the fill is as soft as at a quarter.
 */
const FILL_SHRINK = 8;

export type Reframe = { mode: 'cover'; scale: number } | { mode: 'fill'; scale: number; width: number; height: number };

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * How `source` fills a `frame`; `canvas` is what it is drawn at when larger than the frame (a
 * photo's pan room), which the cover's enlargement counts against.
 */
export function reframeOf(source: { width: number; height: number }, frame: FrameSize, canvas: FrameSize = frame): Reframe {
  const width = Math.max(1, source.width);
  const height = Math.max(1, source.height);
  const cover = Math.max(canvas.width / width, canvas.height / height);
  const keptWidth = Math.min(1, (height * frame.width) / frame.height / width);
  if (keptWidth >= MIN_KEPT_WIDTH && cover <= MAX_UPSCALE) return { mode: 'cover', scale: cover };
  // On a larger canvas (a photo's pan room) the picture fits the frame shrunk by as much, so
  // the moving window never cuts its edges off.
  const room = Math.min(frame.width / canvas.width, frame.height / canvas.height);
  const scale = Math.min((frame.width * room) / width, (frame.height * room) / height, MAX_UPSCALE);
  return { mode: 'fill', scale, width: Math.min(frame.width, even(width * scale)), height: Math.min(frame.height, even(height * scale)) };
}

/**
 * The filter chains that turn `[from]` into a `size` frame labelled `[to]` (yuv420p, square
 * pixels). Cover: cropped to the frame's aspect at the source's resolution, then scaled once.
 * Fill: one copy cropped to cover, shrunk, box-blurred, darkened and scaled back up as the
 * ground; the other scaled to fit (at most MAX_UPSCALE) and laid over its middle.
 */
export function reframeChains(from: string, to: string, reframe: Reframe, size: FrameSize, flags: 'bilinear' | 'bicubic'): string[] {
  const W = size.width;
  const H = size.height;
  const coverCrop = `crop=w='trunc(min(iw,ih*${W}/${H})/2)*2':h='trunc(min(ih,iw*${H}/${W})/2)*2'`;
  if (reframe.mode === 'cover') return [`[${from}]${coverCrop},scale=${W}:${H}:flags=${flags},setsar=1,format=yuv420p[${to}]`];
  const small = `${even(W / FILL_SHRINK)}:${even(H / FILL_SHRINK)}`;
  return [
    `[${from}]split=2[${to}_a][${to}_b]`,
    `[${to}_a]${coverCrop},scale=${small}:flags=fast_bilinear,boxblur=luma_radius=5:luma_power=2:chroma_radius=2:chroma_power=2,eq=brightness=-0.2:saturation=0.6,scale=${W}:${H}:flags=fast_bilinear,setsar=1,format=yuv420p[${to}_bg]`,
    `[${to}_b]scale=${reframe.width}:${reframe.height}:flags=${flags},setsar=1,format=yuv420p[${to}_fg]`,
    `[${to}_bg][${to}_fg]overlay=x=${Math.floor((W - reframe.width) / 4) * 2}:y=${Math.floor((H - reframe.height) / 4) * 2}:format=yuv420,format=yuv420p[${to}]`,
  ];
}
