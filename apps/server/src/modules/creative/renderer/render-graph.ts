import type { Palette, FrameSize } from './captions-ass.js';
import type { EndCardLayout } from './end-card.js';
import type { Look, PaletteUse } from './look-types.js';
import { reframeChains, reframeOf } from './reframe.js';
import { endCardEntrance, overlapFrames, ownFades, transitionChains } from './transitions.js';
import { FPS, type Timeline, type TimelineLine } from './timeline.js';

/**
 * The one ffmpeg run that makes a video: its inputs and a single filter graph. Every shot is cut
 * from its input as it is decoded (long clips are only read for the seconds they fill), framed
 * for the vertical frame (reframe.ts: cropped when close to 9:16, else shown whole over a
 * blurred fill) and scaled once; still images are framed once and panned by cropping a moving
 * window (no per-frame scaling); the shots are joined by the look's transition (transitions.ts:
 * this ffmpeg has no xfade, so the outgoing shot's tail is overlaid on the next); the end card
 * is drawn from colour, the layout's bands and two small images; all text is one libass pass; the cover is picked from the hook's frames on
 * a branch of the same graph. The audio is mixed, ducked under the voice, normalised and faded
 * in the same run.
 */

export interface RenderClip {
  path: string;
  kind: 'video' | 'image';
  duration: number | null;
  width: number;
  height: number;
  hasAudio?: boolean;
}

export interface AudioSource {
  path: string;
  /** Gain before mixing, in dB: brings the source to the level it should sit at in the mix. */
  gainDb: number;
  /** Where in the file it starts (music: so the day's videos do not all open on the same bar). */
  startSeconds?: number;
}

export interface EncoderSettings {
  preset: string;
  crf: number;
  /** The bitrate ceiling (kbit/s): keeps a busy video under the platforms' upload limits. */
  maxrateKbps: number;
  audioKbps: number;
  /**
   * x264's frame threads and look-ahead, both bounded: every frame x264 holds costs several MB
   * at 1080×1920 (with its half-pixel planes), and by default it holds more the more cores the
   * machine has (1.5 threads a core). Two threads and a 5-frame look-ahead took x264 alone at
   * this size from 244 to 189 MB peak for the same CPU time; a machine with more cores runs
   * more renders at once. The look-ahead keeps its own thread (sync-lookahead=0 would save
   * another 30 MB but puts its work on ffmpeg's main thread, which then becomes the bottleneck).
   */
  x264Params: string;
  /**
   * Threads of each clip's decoder. Every clip is its own input, all open from the start (one
   * graph), and a frame-threaded H.264 decoder holds a set of frames per thread (about 50 MB
   * over the bench's four clips); decoding is small next to the encoder's work, which has the
   * cores.
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
  videoFile: string;
  coverFile: string;
  encoder: EncoderSettings;
  /** The look's transitions and palette use; without one, dips through black on the primary colour. */
  look?: Look;
  /** -14 LUFS integrated, -1 dBTP: what the platforms normalise to, so nothing is turned down. */
  loudness: { integrated: number; truePeak: number; range: number };
}

/** Settings for 1080×1920 at 30 fps: a fast x264 preset at a quality the platforms re-encode well. */
export function encoderFor(size: FrameSize): EncoderSettings {
  const pixels = size.width * size.height;
  return {
    preset: 'veryfast',
    crf: 23,
    maxrateKbps: Math.max(1200, Math.round((6000 * pixels) / (1080 * 1920))),
    audioKbps: 128,
    x264Params: 'threads=2:rc-lookahead=5',
    decoderThreads: 1,
  };
}

/** A filter option value in single quotes (the graph's own quoting), safe for any path. */
export const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;
const num = (value: number) => Number(value.toFixed(4)).toString();
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
const colour = (hex: string) => `0x${hex.replace('#', '')}`;

/** The colour that leads a look's brand grounds (text-only shots). */
const PALETTE_LEAD: Record<PaletteUse, keyof Palette> = { primary: 'primary', accent: 'accent', dark_highlight: 'ink' };
/** How far beyond the frame a still image is scaled, to leave room for its pan. */
const PAN_MARGIN = 1.12;
/** Where a reused clip starts reading: past the usual shaky first moments of a phone clip. */
const CLIP_LEAD_IN = 0.3;

/** One shot's source: which input, and how it is read. */
interface ShotPlan {
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
function tailInputArgs(shot: ShotPlan, frames: number, tail: number): string[] {
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
const PANS: Array<[number, number, number, number]> = [
  [0, 0.5, 1, 0.5],
  [1, 0.3, 0, 0.7],
  [0.5, 0, 0.5, 1],
  [0.2, 1, 0.8, 0],
];

export interface RenderGraph {
  /** Every input with its own options (-ss, -t, -stream_loop), in input order. */
  inputArgs: string[];
  /** The graph (for -filter_complex_script). */
  graph: string;
  /** The two outputs: the video, then the cover. */
  outputArgs: string[];
}

export function buildRenderGraph(input: GraphInput): RenderGraph {
  const { timeline, size, palette } = input;
  const W = size.width;
  const H = size.height;
  const inputArgs: string[] = [];
  const chains: string[] = [];
  let inputCount = 0;
  const addInput = (args: string[]) => {
    inputArgs.push(...args);
    return inputCount++;
  };

  const shots = planShots(timeline, input.clips);
  const transition = input.look?.transition ?? 'dip';
  const endFrames = timeline.endCard.endFrame - timeline.endCard.startFrame;
  const segmentFrames = [...shots.map((shot) => shot.line.endFrame - shot.line.startFrame), endFrames];
  // Frames of each segment's tail: what of it is still seen over the next one, during the transition.
  const overlaps = segmentFrames.map((frames, index) => (index + 1 < segmentFrames.length ? overlapFrames(transition, FPS, frames, segmentFrames[index + 1]!) : 0));
  const logoInput = input.logoPath ? addInput(['-i', input.logoPath]) : null;
  const textOnly = input.clips.length === 0;
  const textShots = textOnly ? shots.length + overlaps.filter((frames, index) => frames > 0 && index < shots.length).length : 0;
  const logoUses = logoInput === null ? 0 : textShots + (input.endCard.logo ? 1 : 0);
  const logoLabels: string[] = [];
  if (logoInput !== null && logoUses > 0) {
    // Scaled once for both places it appears (the text-only shots and the end card share a box size).
    const box = input.endCard.logo ?? { maxWidth: Math.round(W * 0.6), maxHeight: Math.round(H * 0.1) };
    for (let use = 0; use < logoUses; use += 1) logoLabels.push(`logo${use}`);
    chains.push(
      `[${logoInput}:v]scale=w=${box.maxWidth}:h=${box.maxHeight}:force_original_aspect_ratio=decrease,format=rgba,split=${logoUses}${logoLabels.map((label) => `[${label}]`).join('')}`,
    );
  }
  const qrInput = input.qrFile && input.endCard.qr ? addInput(['-i', input.qrFile]) : null;

  const lead = palette[PALETTE_LEAD[input.look?.palette ?? 'primary']];

  const rawLabels: string[] = [];
  shots.forEach((shot, index) => {
    const frames = segmentFrames[index]!;
    const tail = overlaps[index]!;
    const seconds = frames / FPS;
    const fades = ownFades(transition, index === 0, seconds);
    const finish = (chain: string) => [chain, ...fades].join(',');
    const label = `raw${index}`;
    rawLabels.push(label);
    if (!shot.clip) {
      // No material: the brand's colours, alternating, with the logo when there is one.
      const background = index % 2 === 0 ? lead : lead === palette.ink ? palette.primary : palette.ink;
      const ground = (count: number, name: string, out: string, finishing: (chain: string) => string) => {
        const base = `color=c=${colour(background)}:s=${W}x${H}:r=${FPS}:d=${num(count / FPS)},format=yuv420p`;
        const logo = logoLabels.shift();
        if (!logo) return chains.push(finishing(`${base},trim=end_frame=${count}`) + `[${out}]`);
        const top = Math.round(H * 0.12);
        return chains.push(`${base}[${name}]`, finishing(`[${name}][${logo}]overlay=x=(W-w)/2:y=${top}:format=yuv420,trim=end_frame=${count}`) + `[${out}]`);
      };
      ground(frames, `bg${index}`, label, finish);
      if (tail) ground(tail, `tailbg${index}`, `tail${index}`, (chain) => chain);
      return;
    }
    const inputIndex = addInput(shot.clip.kind === 'video' ? ['-threads', String(input.encoder.decoderThreads), ...shot.inputArgs] : shot.inputArgs);
    if (shot.clip.kind === 'image') {
      // Framed once at the pan's size, then held and panned by a moving crop (no per-frame scaling).
      // The loops make one frame more than they keep, so trim ends them without waiting for the
      // image input's end of file; the tail holds the pan's last window.
      const big = { width: even(W * PAN_MARGIN), height: even(H * PAN_MARGIN) };
      chains.push(...reframeChains(`${inputIndex}:v`, `framed${index}`, reframeOf(shot.clip, size, big), big, 'bicubic'));
      const [x0, y0, x1, y1] = PANS[index % PANS.length]!;
      const progress = `min(1,n/${Math.max(1, frames - 1)})`;
      const x = `(iw-ow)*(${x0}+(${x1 - x0})*${progress})`;
      const y = `(ih-oh)*(${y0}+(${y1 - y0})*${progress})`;
      const held = (count: number) => `loop=loop=${count}:size=1:start=0,trim=end_frame=${count},setpts=N/(${FPS}*TB)`;
      if (tail) chains.push(`[framed${index}]split=2[still${index}][stilltail${index}]`, `[stilltail${index}]${held(tail)},crop=${W}:${H}:x=(iw-ow)*${x1}:y=(ih-oh)*${y1}[tail${index}]`);
      chains.push(finish(`[${tail ? `still${index}` : `framed${index}`}]${held(frames)},crop=${W}:${H}:x='${x}':y='${y}'`) + `[${label}]`);
      return;
    }
    const stretch = shot.stretch !== 1 ? `,setpts=${num(shot.stretch)}*PTS` : '';
    const reframe = reframeOf(shot.clip, size);
    // Exactly `count` frames of a reading, followed by a ground of that length for what it
    // lacks: a reading with fewer frames (a seek past the end of a clip whose container
    // overstates its duration, or a tail after a clip read to its end) ends on the look's
    // colour, never short and never without a frame. Joined after the reading, not laid under
    // it: the ground is only drawn when the reading runs out (a reading has a quarter second to
    // spare), where an overlay blended every frame of every shot onto it, a third of the
    // render's CPU for the same picture. ffmpeg 4.1's tpad, which held a last frame before,
    // crashed (SIGSEGV) on a reading with no frame.
    const onGround = (from: string, count: number, ground: string) => {
      chains.push(`color=c=${colour(lead)}:s=${W}x${H}:r=${FPS}:d=${num(count / FPS)},format=yuv420p,setsar=1[${ground}]`);
      return `[${from}][${ground}]concat=n=2:v=1:a=0,trim=end_frame=${count},setpts=PTS-STARTPTS`;
    };
    chains.push(`[${inputIndex}:v]setpts=PTS-STARTPTS${stretch},fps=${FPS}[timed${index}]`);
    chains.push(...reframeChains(`timed${index}`, `framed${index}`, reframe, size, 'bilinear'));
    chains.push(finish(onGround(`framed${index}`, frames, `ground${index}`)) + `[${label}]`);
    if (tail) {
      // The tail is the same clip opened again where the shot ends, not a split of the shot's
      // own stream: ffmpeg 4.1 held the overlay waiting for that split's end, while every later
      // shot was decoded and queued (2.3 GB at 1080×1920). Its own input ends by itself.
      const tailInput = addInput(['-threads', String(input.encoder.decoderThreads), ...tailInputArgs(shot, frames, tail)]);
      chains.push(`[${tailInput}:v]setpts=PTS-STARTPTS${stretch},fps=${FPS}[tailtimed${index}]`);
      chains.push(...reframeChains(`tailtimed${index}`, `tailframed${index}`, reframe, size, 'bilinear'));
      chains.push(onGround(`tailframed${index}`, tail, `tailground${index}`) + `[tail${index}]`);
    }
  });

  // The end card: the layout's ground and bands of colour, the QR code and logo.
  const endBackground = input.endCard.background ?? palette.primary;
  const bands = (input.endCard.bands ?? []).map((band) => `drawbox=x=${band.x}:y=${band.y}:w=${band.width}:h=${band.height}:color=${colour(band.color)}:t=fill`);
  let endCard = [`color=c=${colour(endBackground)}:s=${W}x${H}:r=${FPS}:d=${num(endFrames / FPS)},format=yuv420p`, ...bands].join(',');
  if (qrInput !== null && input.endCard.qr) {
    const qr = input.endCard.qr;
    chains.push(`${endCard}[endbg]`, `[${qrInput}:v]scale=${qr.size}:${qr.size}:flags=neighbor,format=rgba[qr]`);
    endCard = `[endbg][qr]overlay=x=${qr.x}:y=${qr.y}:format=yuv420`;
  }
  const endLogo = input.endCard.logo ? logoLabels.shift() : undefined;
  if (endLogo && input.endCard.logo) {
    chains.push(`${endCard}[endlogo]`);
    endCard = `[endlogo][${endLogo}]overlay=x=${input.endCard.logo.centreX}-w/2:y=${input.endCard.logo.top}+(${input.endCard.logo.maxHeight}-h)/2:format=yuv420`;
  }
  const entrance = overlaps[shots.length - 1] ? [] : endCardEntrance(transition);
  chains.push([`${endCard},trim=end_frame=${endFrames}`, ...entrance].join(',') + `[raw${shots.length}]`);
  rawLabels.push(`raw${shots.length}`);

  // Each segment: its own frames, with the previous segment's tail laid over its start.
  const segmentLabels = rawLabels.map((raw, index) => {
    if (index === 0 || !overlaps[index - 1]) return raw;
    chains.push(...transitionChains(transition, { tail: `tail${index - 1}`, body: raw, out: `seg${index}` }, overlaps[index - 1]!, size, FPS, palette.accent));
    return `seg${index}`;
  });
  chains.push(`${segmentLabels.map((label) => `[${label}]`).join('')}concat=n=${segmentLabels.length}:v=1:a=0,split=2[base][coverbase]`);
  chains.push(`[base]ass=filename=${quote(input.captionsFile)}:fontsdir=${quote(input.fontsDir)}[vout]`);

  // The cover: the most typical of a few frames early in the hook (after its first moments),
  // titled. The branch ends there, so it holds at most a dozen frames.
  const hook = timeline.lines[0]!;
  const coverStart = Math.min(hook.endFrame - 1, hook.startFrame + Math.round(FPS * 0.4));
  const coverEnd = Math.max(coverStart + 1, Math.min(hook.endFrame, coverStart + FPS * 1.5));
  chains.push(
    `[coverbase]trim=start_frame=${coverStart}:end_frame=${coverEnd},select='not(mod(n,4))',thumbnail=n=${Math.max(1, Math.ceil((coverEnd - coverStart) / 4))},ass=filename=${quote(input.coverAssFile)}:fontsdir=${quote(input.fontsDir)}[cover]`,
  );

  chains.push(...audioChains(input, addInput));

  const duration = num(timeline.duration);
  const encoder = input.encoder;
  const outputArgs = [
    '-map', '[vout]', '-map', '[aout]',
    '-c:v', 'libx264', '-preset', encoder.preset, '-x264-params', encoder.x264Params, '-crf', String(encoder.crf), '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-r', String(FPS), '-g', String(FPS * 2), '-maxrate', `${encoder.maxrateKbps}k`, '-bufsize', `${encoder.maxrateKbps * 2}k`,
    '-c:a', 'aac', '-b:a', `${encoder.audioKbps}k`, '-ar', '48000', '-ac', '2',
    '-t', duration, '-movflags', '+faststart', '-max_muxing_queue_size', '4096',
    input.videoFile,
    '-map', '[cover]', '-frames:v', '1', '-q:v', '3', '-max_muxing_queue_size', '4096', input.coverFile,
  ];
  return { inputArgs, graph: chains.join(';\n'), outputArgs };
}

/**
 * The sound: the voice and the music each brought to their level, the music looped to length
 * and pushed down by a sidechain compressor while the voice speaks, then the mix normalised
 * (loudnorm: integrated loudness, true peak and range at once) and faded out at the end.
 * Silence when there is neither, so every video has the audio track the platforms expect.
 */
function audioChains(input: GraphInput, addInput: (args: string[]) => number): string[] {
  const duration = input.timeline.duration;
  const format = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  const { integrated, truePeak, range } = input.loudness;
  const finish = `loudnorm=I=${integrated}:TP=${truePeak}:LRA=${range},${format},afade=t=out:st=${num(Math.max(0, duration - 1.5))}:d=1.5,apad,atrim=end=${num(duration)}[aout]`;
  const chains: string[] = [];
  if (!input.voice && !input.music) return [`anullsrc=r=48000:cl=stereo,atrim=end=${num(duration)}[aout]`];
  let music: string | null = null;
  if (input.music) {
    const start = input.music.startSeconds ?? 0;
    const index = addInput(['-stream_loop', '-1', ...(start > 0 ? ['-ss', num(start)] : []), '-t', num(duration + 0.5), '-i', input.music.path]);
    chains.push(`[${index}:a:0]${format},volume=${num(input.music.gainDb)}dB,afade=t=in:d=0.05,apad,atrim=end=${num(duration)}[music]`);
    music = '[music]';
  }
  if (!input.voice) return [...chains, `${music}${finish}`];
  const index = addInput(['-i', input.voice.path]);
  chains.push(`[${index}:a:0]${format},volume=${num(input.voice.gainDb)}dB,apad,atrim=end=${num(duration)}${music ? ',asplit=2[voice][key]' : '[voice]'}`);
  if (!music) return [...chains, `[voice]${finish}`];
  chains.push(
    // Ducking: the music drops about 10 dB within 20 ms of the voice and comes back over 0.4 s.
    `${music}[key]sidechaincompress=threshold=0.02:ratio=6:attack=20:release=400:knee=4[ducked]`,
    `[ducked][voice]amix=inputs=2:duration=first:dropout_transition=0,${finish}`,
  );
  return chains;
}
