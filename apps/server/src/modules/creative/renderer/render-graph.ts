import path from 'node:path';
import type { Palette, FrameSize } from './captions-ass.js';
import type { EndCardLayout } from './end-card.js';
import type { Look, PaletteUse } from './look-types.js';
import { reframeChains, reframeOf } from './reframe.js';
import { PANS, num, planShots, tailReading, type ClipReading, type RenderClip, type ShotPlan } from './shot-plan.js';
import { buildSoundGraph, type AudioSource, type ProcessGraph } from './sound-graph.js';
import { endCardEntrance, overlapFrames, ownFades, transitionChains } from './transitions.js';
import { FPS, type Timeline } from './timeline.js';

export type { RenderClip } from './shot-plan.js';
export type { AudioSource, ProcessGraph } from './sound-graph.js';

/**
 * The ffmpeg runs that make a video, each a single filter graph. The picture is made in
 * segments, one run each: a segment is one shot (or the end card) with the previous shot's tail
 * laid over its start by the look's transition (transitions.ts: this ffmpeg has no xfade), and
 * the captions drawn by libass at the segment's place in the video. The sound is one more run
 * (sound-graph.ts), and a last one joins the segments and the sound without encoding again.
 *
 * Why segments, not one graph: ffmpeg 4.1 decodes and filters on one main thread, which set the
 * pace of a one-graph render (1.6 of 2 cores busy), and a graph configures only when every input
 * has a frame, so every clip's decoder and every link's frame pool lived for the whole run
 * (about 800 MB at 1080×1920). A segment opens only its own shot and the tail before it, and two
 * segments made at once keep both cores busy. Every segment starts on a keyframe with the same
 * encoder settings, so the join is a copy.
 *
 * Inside a segment every shot is cut from its input as it is decoded (long clips are only read
 * for the seconds they fill), framed for the vertical frame (reframe.ts: cropped when close to
 * 9:16, else shown whole over a blurred fill) and scaled once; still images are framed once and
 * panned by cropping a moving window (no per-frame scaling); the end card is drawn from colour,
 * the layout's bands and two small images; the cover is picked from the hook's frames on a
 * branch of the first segment's graph.
 */

export interface EncoderSettings {
  preset: string;
  crf: number;
  /** The bitrate ceiling (kbit/s): keeps a busy video under the platforms' upload limits. */
  maxrateKbps: number;
  audioKbps: number;
  /**
   * x264's frame threads and look-ahead, both bounded: every frame x264 holds costs several MB
   * at 1080×1920 (with its half-pixel planes), and by default it holds more the more cores the
   * machine has (1.5 threads a core). A 5-frame look-ahead took x264 alone at this size from 244
   * to 189 MB peak for the same CPU time. One frame thread a run: the render's two segment runs
   * at a time already fill two cores (render-runs.ts), and their memory together fell from 630
   * to 558 MB for the same time. The look-ahead keeps its own thread (sync-lookahead=0 would put
   * its work on ffmpeg's main thread).
   */
  x264Params: string;
  /**
   * Threads of each clip's decoder. A frame-threaded H.264 decoder holds a set of frames per
   * thread; decoding is small next to the encoder's work, which has the cores.
   */
  decoderThreads: number;
}

export interface GraphInput {
  timeline: Timeline;
  size: FrameSize;
  clips: RenderClip[];
  palette: Palette;
  captionsFile: string;
  coverAssFile: string;
  fontsDir: string;
  endCard: EndCardLayout;
  qrFile: string | null;
  logoPath: string | null;
  voice: AudioSource | null;
  /** Music loops to the video's length whatever its own. */
  music: AudioSource | null;
  /** The video; the segments, the sound and the join's list are written beside it. */
  videoFile: string;
  coverFile: string;
  encoder: EncoderSettings;
  /** The look's transitions and palette use; without one, dips through black on the primary colour. */
  look?: Look;
  /** -14 LUFS integrated, -1 dBTP: what the platforms normalise to, so nothing is turned down. */
  loudness: { integrated: number; truePeak: number; range: number };
}

/** One segment of the picture: its run, and where its frames sit in the video. */
export interface SegmentGraph extends ProcessGraph {
  startFrame: number;
  frames: number;
  /**
   * What the run is expected to cost, in frames' worth of encoding: its frames, plus half a frame
   * for each megabit its clips' readings decode. Decoding grows with the bits, and so does
   * encoding, since a busy picture is costly for both (on the bench's material one frame encoded
   * at 1080×1920 took about 25 ms and one megabit read about 12 ms). It orders the runs, costliest
   * first, so the two at a time end together.
   */
  cost: number;
}

export interface RenderGraph {
  /** The picture's runs, in the video's order; each writes its own file (`file`). */
  segments: SegmentGraph[];
  /** The sound's run. */
  sound: ProcessGraph;
  /** The join: the concat list to write to `listFile`, then the run that makes the video. */
  join: { listFile: string; list: string; args: string[] };
}

/** Settings for 1080×1920 at 30 fps: a fast x264 preset at a quality the platforms re-encode well. */
export function encoderFor(size: FrameSize): EncoderSettings {
  const pixels = size.width * size.height;
  return {
    preset: 'veryfast',
    crf: 23,
    maxrateKbps: Math.max(1200, Math.round((6000 * pixels) / (1080 * 1920))),
    audioKbps: 128,
    x264Params: 'threads=1:rc-lookahead=5',
    decoderThreads: 1,
  };
}

/** A filter option value in single quotes (the graph's own quoting), safe for any path. */
export const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
const colour = (hex: string) => `0x${hex.replace('#', '')}`;

/** The colour that leads a look's brand grounds (text-only shots). */
const PALETTE_LEAD: Record<PaletteUse, keyof Palette> = { primary: 'primary', accent: 'accent', dark_highlight: 'ink' };
/** How far beyond the frame a still image is scaled, to leave room for its pan. */
const PAN_MARGIN = 1.12;

/** What every segment's graph is built from. */
interface Plan {
  input: GraphInput;
  shots: ShotPlan[];
  transition: NonNullable<GraphInput['look']>['transition'];
  /** Frames of each segment (the shots, then the end card). */
  frames: number[];
  /** Frames of each segment's tail: what of it is still seen over the next one. */
  overlaps: number[];
  lead: string;
}

/** One ffmpeg run being written: its inputs and chains. */
class Run {
  readonly inputArgs: string[] = [];
  readonly chains: string[] = [];
  /** Megabits the run's clip readings decode. */
  megabits = 0;
  private inputs = 0;
  /** An input; a clip's reading also counts the megabits its `seconds` decode. */
  add(args: string[], reading?: { clip: RenderClip; seconds: number }): number {
    this.inputArgs.push(...args);
    if (reading?.clip.kind === 'video' && reading.clip.bitrate) this.megabits += (reading.clip.bitrate * reading.seconds) / 1e6;
    return this.inputs++;
  }
}

export function buildRenderGraph(input: GraphInput): RenderGraph {
  const shots = planShots(input.timeline, input.clips);
  const transition = input.look?.transition ?? 'dip';
  const endFrames = input.timeline.endCard.endFrame - input.timeline.endCard.startFrame;
  const frames = [...shots.map((shot) => shot.line.endFrame - shot.line.startFrame), endFrames];
  const overlaps = frames.map((count, index) => (index + 1 < frames.length ? overlapFrames(transition, FPS, count, frames[index + 1]!) : 0));
  const plan: Plan = { input, shots, transition, frames, overlaps, lead: input.palette[PALETTE_LEAD[input.look?.palette ?? 'primary']] };

  const dir = path.dirname(input.videoFile);
  let startFrame = 0;
  const segments = frames.map((count, index) => {
    const segment = segmentGraph(plan, index, startFrame, path.join(dir, `segment-${index}.ts`));
    startFrame += count;
    return segment;
  });
  const duration = input.timeline.duration;
  const sound = buildSoundGraph({ duration, voice: input.voice, music: input.music, loudness: input.loudness, audioKbps: input.encoder.audioKbps, file: path.join(dir, 'sound.m4a') });
  const listFile = path.join(dir, 'segments.txt');
  const list = segments.map((segment) => `file ${quote(segment.file)}\n`).join('');
  const args = ['-f', 'concat', '-safe', '0', '-i', listFile, '-i', sound.file, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-t', num(duration), '-movflags', '+faststart', input.videoFile];
  return { segments, sound, join: { listFile, list, args } };
}

/**
 * Segment `index`: its shot (or the end card) with the previous shot's tail laid over its start,
 * captioned at its place in the video and encoded to its own file. The first also picks the cover.
 */
function segmentGraph(plan: Plan, index: number, startFrame: number, file: string): SegmentGraph {
  const { input, shots, frames, overlaps } = plan;
  const run = new Run();
  const isEndCard = index === shots.length;
  const previousTail = index > 0 ? overlaps[index - 1]! : 0;
  const textOnly = input.clips.length === 0;
  const logoUses = input.logoPath ? (textOnly && !isEndCard ? 1 : 0) + (textOnly && previousTail ? 1 : 0) + (isEndCard && input.endCard.logo ? 1 : 0) : 0;
  const logos = logoChain(plan, run, logoUses);

  const raw = `raw${index}`;
  if (isEndCard) endCardChains(plan, run, raw, logos);
  else shotChains(plan, run, index, raw, logos);
  let body = raw;
  if (previousTail) {
    tailChains(plan, run, index - 1, `tail${index - 1}`, logos);
    run.chains.push(...transitionChains(plan.transition, { tail: `tail${index - 1}`, body: raw, out: `seg${index}` }, previousTail, input.size, FPS, input.palette.accent));
    body = `seg${index}`;
  }

  // The captions are timed to the whole video: the segment's frames are put at their place for
  // libass, then brought back to start at zero for the join.
  const captions = `setpts=PTS+${startFrame}/(${FPS}*TB),ass=filename=${quote(input.captionsFile)}:fontsdir=${quote(input.fontsDir)},setpts=PTS-STARTPTS`;
  const encoder = input.encoder;
  const outputArgs = [
    '-map', '[vout]',
    '-c:v', 'libx264', '-preset', encoder.preset, '-x264-params', encoder.x264Params, '-crf', String(encoder.crf), '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-r', String(FPS), '-g', String(FPS * 2), '-maxrate', `${encoder.maxrateKbps}k`, '-bufsize', `${encoder.maxrateKbps * 2}k`,
    '-frames:v', String(frames[index]), '-an', '-max_muxing_queue_size', '4096', '-f', 'mpegts', file,
  ];
  if (index === 0) {
    run.chains.push(`[${body}]split=2[base][coverbase]`, `[base]${captions}[vout]`);
    // The cover: the most typical of a few frames early in the hook (after its first moments),
    // titled. The branch ends there, so it holds at most a dozen frames.
    const hook = input.timeline.lines[0]!;
    const coverStart = Math.min(hook.endFrame - 1, hook.startFrame + Math.round(FPS * 0.4));
    const coverEnd = Math.max(coverStart + 1, Math.min(hook.endFrame, coverStart + FPS * 1.5));
    run.chains.push(
      `[coverbase]trim=start_frame=${coverStart}:end_frame=${coverEnd},select='not(mod(n,4))',thumbnail=n=${Math.max(1, Math.ceil((coverEnd - coverStart) / 4))},ass=filename=${quote(input.coverAssFile)}:fontsdir=${quote(input.fontsDir)}[cover]`,
    );
    outputArgs.push('-map', '[cover]', '-frames:v', '1', '-q:v', '3', input.coverFile);
  } else {
    run.chains.push(`[${body}]${captions}[vout]`);
  }
  return { inputArgs: run.inputArgs, graph: run.chains.join(';\n'), outputArgs, file, startFrame, frames: frames[index]!, cost: frames[index]! + run.megabits / 2 };
}

/** The logo scaled once for each of its `uses` in a segment (text-only shots and the end card share a box size). */
function logoChain(plan: Plan, run: Run, uses: number): string[] {
  const { input } = plan;
  if (!input.logoPath || uses === 0) return [];
  const logoInput = run.add(['-i', input.logoPath]);
  const box = input.endCard.logo ?? { maxWidth: Math.round(input.size.width * 0.6), maxHeight: Math.round(input.size.height * 0.1) };
  const labels = Array.from({ length: uses }, (_, use) => `logo${use}`);
  run.chains.push(`[${logoInput}:v]scale=w=${box.maxWidth}:h=${box.maxHeight}:force_original_aspect_ratio=decrease,format=rgba,split=${uses}${labels.map((label) => `[${label}]`).join('')}`);
  return labels;
}

/** A text-only shot's picture: the brand's colours, alternating, with the logo when there is one. */
function brandGround(plan: Plan, run: Run, index: number, count: number, out: string, logos: string[], extra: string[]): void {
  const { input, lead } = plan;
  const { width: W, height: H } = input.size;
  const background = index % 2 === 0 ? lead : lead === input.palette.ink ? input.palette.primary : input.palette.ink;
  const base = `color=c=${colour(background)}:s=${W}x${H}:r=${FPS}:d=${num(count / FPS)},format=yuv420p`;
  const logo = logos.shift();
  if (!logo) {
    run.chains.push([`${base},trim=end_frame=${count}`, ...extra].join(',') + `[${out}]`);
    return;
  }
  run.chains.push(`${base}[${out}_bg]`, [`[${out}_bg][${logo}]overlay=x=(W-w)/2:y=${Math.round(H * 0.12)}:format=yuv420,trim=end_frame=${count}`, ...extra].join(',') + `[${out}]`);
}

/**
 * Exactly `count` frames of a reading, followed by a ground of that length for what it lacks: a
 * reading with fewer frames (a seek past the end of a clip whose container overstates its
 * duration, or a tail after a clip read to its end) ends on the look's colour, never short and
 * never without a frame. Joined after the reading, not laid under it: the ground is only drawn
 * when the reading runs out (a reading has a quarter second to spare), where an overlay blended
 * every frame onto it. ffmpeg 4.1's tpad, which held a last frame before, crashed (SIGSEGV) on a
 * reading with no frame.
 */
function onGround(plan: Plan, run: Run, from: string, count: number, ground: string): string {
  const { width: W, height: H } = plan.input.size;
  run.chains.push(`color=c=${colour(plan.lead)}:s=${W}x${H}:r=${FPS}:d=${num(count / FPS)},format=yuv420p,setsar=1[${ground}]`);
  return `[${from}][${ground}]concat=n=2:v=1:a=0,trim=end_frame=${count},setpts=PTS-STARTPTS`;
}

/** The pan's window over a framed still: from its start to its end over `frames`. */
function panWindow(index: number, frames: number): { x: string; y: string; lastX: number; lastY: number } {
  const [x0, y0, x1, y1] = PANS[index % PANS.length]!;
  const progress = `min(1,n/${Math.max(1, frames - 1)})`;
  return { x: `(iw-ow)*(${x0}+(${x1 - x0})*${progress})`, y: `(ih-oh)*(${y0}+(${y1 - y0})*${progress})`, lastX: x1, lastY: y1 };
}

/** A still framed once at the pan's size, then held for `count` frames (the loop makes one more, which trim ends). */
function heldStill(plan: Plan, run: Run, shot: ShotPlan, name: string, count: number): string {
  const { size } = plan.input;
  const inputIndex = run.add(shot.inputArgs);
  const big = { width: even(size.width * PAN_MARGIN), height: even(size.height * PAN_MARGIN) };
  run.chains.push(...reframeChains(`${inputIndex}:v`, name, reframeOf(shot.clip!, size, big), big, 'bicubic'));
  return `[${name}]loop=loop=${count}:size=1:start=0,trim=end_frame=${count},setpts=N/(${FPS}*TB)`;
}

/** A video reading framed for the frame: timed, slowed when the clip is short, reframed. */
function framedReading(plan: Plan, run: Run, shot: ShotPlan, reading: ClipReading, name: string): void {
  const inputIndex = run.add(['-threads', String(plan.input.encoder.decoderThreads), ...reading.args], { clip: shot.clip!, seconds: reading.seconds });
  const stretch = shot.stretch !== 1 ? `,setpts=${num(shot.stretch)}*PTS` : '';
  run.chains.push(`[${inputIndex}:v]setpts=PTS-STARTPTS${stretch},fps=${FPS}[${name}_timed]`);
  run.chains.push(...reframeChains(`${name}_timed`, name, reframeOf(shot.clip!, plan.input.size), plan.input.size, 'bilinear'));
}

function shotChains(plan: Plan, run: Run, index: number, out: string, logos: string[]): void {
  const shot = plan.shots[index]!;
  const count = plan.frames[index]!;
  const fades = ownFades(plan.transition, index === 0, count / FPS);
  if (!shot.clip) return brandGround(plan, run, index, count, out, logos, fades);
  if (shot.clip.kind === 'image') {
    const pan = panWindow(index, count);
    run.chains.push([`${heldStill(plan, run, shot, `framed${index}`, count)},crop=${plan.input.size.width}:${plan.input.size.height}:x='${pan.x}':y='${pan.y}'`, ...fades].join(',') + `[${out}]`);
    return;
  }
  framedReading(plan, run, shot, { args: shot.inputArgs, seconds: shot.seconds }, `framed${index}`);
  run.chains.push([onGround(plan, run, `framed${index}`, count, `ground${index}`), ...fades].join(',') + `[${out}]`);
}

/**
 * Shot `index`'s tail, made in the next segment's run: the same clip opened again where the shot
 * ends (tailReading), a still's last pan window held, or its brand ground drawn again.
 */
function tailChains(plan: Plan, run: Run, index: number, out: string, logos: string[]): void {
  const shot = plan.shots[index]!;
  const tail = plan.overlaps[index]!;
  if (!shot.clip) return brandGround(plan, run, index, tail, out, logos, []);
  if (shot.clip.kind === 'image') {
    const pan = panWindow(index, plan.frames[index]!);
    run.chains.push(`${heldStill(plan, run, shot, `tailframed${index}`, tail)},crop=${plan.input.size.width}:${plan.input.size.height}:x=(iw-ow)*${pan.lastX}:y=(ih-oh)*${pan.lastY}[${out}]`);
    return;
  }
  framedReading(plan, run, shot, tailReading(shot, plan.frames[index]!, tail), `tailframed${index}`);
  run.chains.push(onGround(plan, run, `tailframed${index}`, tail, `tailground${index}`) + `[${out}]`);
}

/** The end card: the layout's ground and bands of colour, the QR code and logo. */
function endCardChains(plan: Plan, run: Run, out: string, logos: string[]): void {
  const { input, shots, frames, overlaps } = plan;
  const { width: W, height: H } = input.size;
  const count = frames[shots.length]!;
  const background = input.endCard.background ?? input.palette.primary;
  const bands = (input.endCard.bands ?? []).map((band) => `drawbox=x=${band.x}:y=${band.y}:w=${band.width}:h=${band.height}:color=${colour(band.color)}:t=fill`);
  let card = [`color=c=${colour(background)}:s=${W}x${H}:r=${FPS}:d=${num(count / FPS)},format=yuv420p`, ...bands].join(',');
  const qr = input.qrFile ? input.endCard.qr : null;
  if (input.qrFile && qr) {
    const qrInput = run.add(['-i', input.qrFile]);
    run.chains.push(`${card}[endbg]`, `[${qrInput}:v]scale=${qr.size}:${qr.size}:flags=neighbor,format=rgba[qr]`);
    card = `[endbg][qr]overlay=x=${qr.x}:y=${qr.y}:format=yuv420`;
  }
  const logo = input.endCard.logo ? logos.pop() : undefined;
  if (logo && input.endCard.logo) {
    run.chains.push(`${card}[endlogo]`);
    card = `[endlogo][${logo}]overlay=x=${input.endCard.logo.centreX}-w/2:y=${input.endCard.logo.top}+(${input.endCard.logo.maxHeight}-h)/2:format=yuv420`;
  }
  const entrance = overlaps[shots.length - 1] ? [] : endCardEntrance(plan.transition);
  run.chains.push([`${card},trim=end_frame=${count}`, ...entrance].join(',') + `[${out}]`);
}
