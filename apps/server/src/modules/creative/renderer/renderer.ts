import fs from 'node:fs/promises';
import path from 'node:path';
import { SCRIPT_LIMITS, type MusicBed, type ScriptBody, type ScriptLanguage } from '@nearcast/contract';
import type { VoiceTrack } from '../../../adapters/speech/index.js';
import { BATCH_NICENESS, MediaAbortedError, MediaFailedError, MediaTimeoutError, parseLoudnormJson, probe, runProcess, type MediaTools } from '../../../adapters/media/index.js';
import { runRenderGraph } from './render-runs.js';
import { brandPalette, buildCaptionsAss, buildCoverAss } from './captions-ass.js';
import { layoutEndCard, writeQrPng } from './end-card.js';
import { couponCodeOf } from './end-card-parts.js';
import { captionFonts } from './fonts.js';
import { musicBedFile, musicBedLoudness } from './music-beds.js';
import type { Look } from './look-types.js';
import { lookById } from './looks.js';
import { buildRenderGraph, encoderFor, type AudioSource, type RenderClip } from './render-graph.js';
import { checkQuality, type QualityCheck } from './quality-gate.js';
import { planTimeline } from './timeline.js';
import { seededRandom } from '../seeded.js';

export type { RenderClip } from './render-graph.js';
export { planTimeline, type Timeline } from './timeline.js';

/**
 * The renderer: a script, the merchant's clips and images, its brand, a voice and music in;
 * one vertical video (H.264 High, AAC, 30 fps) and its cover out, made by ffmpeg runs over the
 * render graph's segments (render-graph.ts says how, render-runs.ts runs them), after quick
 * loudness measurements of the voice and of a music file that was not made here.
 */

export interface RenderInput {
  script: ScriptBody;
  language: ScriptLanguage;
  /**
   * `phone`: the shop's, as the brief has it; drawn on the end card when present. `coupon`: the
   * brief's coupon code, named on the end card in the video's language; absent or '' for none.
   */
  brand: { shopName: string; address: string; primary: string; accent: string; callToAction: string; qrLink: string | null; logoPath: string | null; phone?: string; coupon?: string };
  /** The video's look (looks.ts): captions, lower third, transitions, end card and palette use; without one, `classic`. */
  look?: Look;
  /** May be empty: then a branded text-and-image video from the brief alone. */
  clips: RenderClip[];
  music: { path: string } | { bed: MusicBed } | null;
  voice: VoiceTrack | null;
  /** 1080×1920 in production; tests use 360×640. */
  size: { width: number; height: number };
  /** A temp dir the caller owns and removes. */
  workDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** From ffmpeg's -progress output against the timeline's duration; never goes back. */
  onProgress?: (percent: number) => void;
  /** False renders without the captions (everything else as usual): what the tests compare with. */
  captions?: boolean;
  /** Varies what the script does not say: where a bundled music bed starts. */
  seed?: string;
}

export interface RenderResult {
  videoPath: string;
  coverPath: string;
  duration: number;
  width: number;
  height: number;
  size: number;
  renderMs: number;
  /** The quality gate's checks of the video (quality-gate.ts); the encode's time, renderMs, leaves them out. */
  quality?: QualityCheck[];
}

/** The loudness every video is mixed to: what the platforms normalise to, so nothing is turned down. */
export const TARGET_LOUDNESS = { integrated: -14, truePeak: -1, range: 11 } as const;
/** Levels before the final normalisation: the voice in front, music well under it. */
const VOICE_LUFS = -16;
const MUSIC_UNDER_VOICE_LUFS = -28;
const MUSIC_ALONE_LUFS = -16;
/** The video may differ from its timeline by this much (AAC frames round the audio's end). */
const DURATION_TOLERANCE = 0.2;

export async function renderVideo(tools: MediaTools, input: RenderInput): Promise<RenderResult> {
  const started = Date.now();
  const deadline = started + input.timeoutMs;
  const { width, height } = input.size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width % 2 || height % 2 || width < 128 || height < 128) {
    throw new RangeError(`the frame must be even and at least 128 pixels a side, not ${width}×${height}`);
  }
  const timeline = planTimeline(input.script, input.language, input.voice);
  if (timeline.duration > SCRIPT_LIMITS.secondsMax) {
    throw new RangeError(`the video would last ${timeline.duration.toFixed(1)} s, over the platforms' ${SCRIPT_LIMITS.secondsMax} s`);
  }
  const videoFile = path.join(input.workDir, 'video.mp4');
  const coverFile = path.join(input.workDir, 'cover.jpg');
  const remaining = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new MediaTimeoutError(input.timeoutMs, '', 'The render');
    return left;
  };

  try {
    await fs.mkdir(input.workDir, { recursive: true });
    const [fonts, clips] = await Promise.all([captionFonts(), pictureClips(tools, input.clips)]);
    const palette = brandPalette(input.brand.primary, input.brand.accent);
    const look = input.look ?? lookById(null);
    const size = { width, height };
    const endCard = layoutEndCard({
      size,
      fonts,
      language: input.language,
      callToAction: input.brand.callToAction.trim() || input.script.call_to_action.on_screen,
      shopName: input.brand.shopName,
      address: input.brand.address,
      qrLink: input.brand.qrLink?.trim() || null,
      hasLogo: Boolean(input.brand.logoPath),
      phone: input.brand.phone?.trim() ?? '',
      palette,
      layout: look.endCard,
      paletteUse: look.palette,
      titleFont: look.titleFont,
      coupon: input.brand.coupon ?? '',
    });
    const captionsFile = path.join(input.workDir, 'captions.ass');
    const coverAssFile = path.join(input.workDir, 'cover.ass');
    await fs.writeFile(
      captionsFile,
      buildCaptionsAss({
        timeline,
        language: input.language,
        size,
        fonts,
        palette,
        shopName: input.brand.shopName,
        address: input.brand.address,
        textOnly: clips.length === 0,
        endCard: endCard.texts,
        captions: input.captions !== false,
        look,
      }),
    );
    await fs.writeFile(coverAssFile, buildCoverAss({ title: input.script.hook.on_screen, shopName: input.brand.shopName, size, fonts, palette }));
    const qrLink = input.brand.qrLink?.trim();
    const qrFile = qrLink && endCard.qr ? await writeQrPng(qrLink, endCard.qr.size, input.workDir) : null;

    const loudness = (file: string, seconds: number) => measureLufs(tools, file, seconds, { timeoutMs: remaining(), signal: input.signal });
    let voice: AudioSource | null = null;
    if (input.voice) voice = { path: input.voice.path, gainDb: VOICE_LUFS - (await loudness(input.voice.path, timeline.duration)) };
    let music: AudioSource | null = null;
    if (input.music) {
      const target = voice ? MUSIC_UNDER_VOICE_LUFS : MUSIC_ALONE_LUFS;
      if ('bed' in input.music) {
        const file = musicBedFile(input.music.bed);
        const bed = musicBedLoudness(input.music.bed);
        const measured = bed?.lufs ?? (await loudness(file, timeline.duration));
        music = { path: file, gainDb: target - measured, startSeconds: bedStart(input.seed, bed?.seconds) };
      } else {
        music = { path: input.music.path, gainDb: target - (await loudness(input.music.path, timeline.duration)) };
      }
    }

    const graph = buildRenderGraph({
      timeline,
      size,
      clips,
      palette,
      captionsFile,
      coverAssFile,
      fontsDir: fonts.dir,
      endCard,
      qrFile,
      logoPath: input.brand.logoPath,
      voice,
      music,
      videoFile,
      coverFile,
      encoder: encoderFor(size),
      loudness: TARGET_LOUDNESS,
      look,
    });
    let reported = -1;
    const report = (percent: number) => {
      const value = Math.max(0, Math.min(100, Math.floor(percent)));
      if (value > reported) {
        reported = value;
        input.onProgress?.(value);
      }
    };
    report(0);
    const outcomes = await runRenderGraph(tools, graph, {
      workDir: input.workDir,
      remainingMs: remaining,
      ...(input.signal ? { signal: input.signal } : {}),
      // Fontconfig reads our file alone: no system font scan, no fallback to whatever is installed.
      env: { FONTCONFIG_FILE: fonts.fontconfigFile },
      onFrames: (frames) => report(Math.min(99, (frames / timeline.frames) * 100)),
      keep: (line) => /fontselect|Glyph 0x[0-9A-F]+ not found/i.test(line),
    });
    checkFonts(
      outcomes.flatMap((outcome) => outcome.kept),
      fonts.families,
      outcomes.map((outcome) => outcome.stderr).join('\n'),
    );

    const [stat, probed] = await Promise.all([fs.stat(videoFile), probe(tools, videoFile)]);
    await fs.access(coverFile);
    const duration = Number(probed.format.duration);
    if (!(Math.abs(duration - timeline.duration) <= DURATION_TOLERANCE)) {
      throw new MediaFailedError(`the video lasts ${duration} s instead of ${timeline.duration} s`, outcomes.at(-1)?.stderr ?? '');
    }
    const renderMs = Date.now() - started;
    // The quality gate (quality-gate.ts): one more decode of the output, timed apart from the render.
    const quality = await checkQuality(tools, {
      videoPath: videoFile,
      duration,
      size,
      script: input.script,
      language: input.language,
      captionsAss: await fs.readFile(captionsFile, 'utf8'),
      // The coupon's code is a name too: a Chinese card says "优惠码 TACO5".
      ownNames: [input.brand.shopName, input.brand.address, couponCodeOf(input.brand.coupon)],
      expectSound: Boolean(voice || music),
      targetLufs: TARGET_LOUDNESS.integrated,
      timeoutMs: remaining(),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    report(100);
    return { videoPath: videoFile, coverPath: coverFile, duration, width, height, size: stat.size, renderMs, quality };
  } catch (error) {
    // A cancelled, timed-out or failed render leaves nothing that looks like a result.
    await Promise.all([fs.rm(videoFile, { force: true }), fs.rm(coverFile, { force: true })]);
    if (input.signal?.aborted && !(error instanceof MediaAbortedError)) throw new MediaAbortedError(error instanceof MediaFailedError ? error.stderr : '');
    // Each ffmpeg run is given what is left of the time: the error names the render and its whole limit.
    if (error instanceof MediaTimeoutError) throw new MediaTimeoutError(input.timeoutMs, error.stderr, 'The render');
    throw error;
  }
}

/**
 * The clips that have a picture. What is handed over as a clip but holds none (an audio file, or
 * a file ffprobe cannot read) would fail the whole run on its `[n:v]`: it is left out instead,
 * and the video made from the rest (from the brief alone when nothing is left). A clip whose
 * length was not known takes the probed one.
 */
async function pictureClips(tools: MediaTools, clips: readonly RenderClip[]): Promise<RenderClip[]> {
  const probed = await Promise.all(
    clips.map(async (clip): Promise<RenderClip | null> => {
      const result = await probe(tools, clip.path).catch(() => null);
      // A cover picture inside an audio file is a video stream too, but not footage.
      const picture = result?.streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
      if (!result || !picture) return null;
      const seconds = Number(picture.duration ?? result.format.duration);
      const duration = clip.kind === 'image' ? null : (clip.duration ?? (Number.isFinite(seconds) && seconds > 0 ? seconds : null));
      const bitrate = Number(picture.bit_rate ?? result.format.bit_rate);
      return { ...clip, duration, hasAudio: result.streams.some((stream) => stream.codec_type === 'audio'), ...(clip.kind === 'video' && bitrate > 0 ? { bitrate } : {}) };
    }),
  );
  return probed.filter((clip): clip is RenderClip => clip !== null);
}

/**
 * libass reports the font it picks for each style and every glyph it cannot find. Our fonts are
 * the only ones fontconfig knows and captions hold only characters they have, so another font
 * or a missing glyph means the captions would show boxes: the render fails instead.
 */
function checkFonts(lines: string[], families: readonly string[], stderr: string): void {
  // libass names the face it picked by its PostScript name ("Inter-Bold" for the family "Inter").
  const bare = (name: string) => name.replace(/[^A-Za-z0-9]/g, '');
  const ours = families.map(bare);
  const missing = lines.find((line) => /not found/i.test(line));
  const foreign = lines.find((line) => /fontselect:.*->/.test(line) && !ours.some((family) => bare(line.split('->')[1] ?? '').includes(family)));
  if (missing || foreign) throw new MediaFailedError(`the captions font was not used: ${(missing ?? foreign ?? '').trim()}`, stderr);
}

/** Integrated loudness of the first `seconds` of an audio file (what the video will use of it). */
async function measureLufs(tools: MediaTools, file: string, seconds: number, options: { timeoutMs: number; signal?: AbortSignal }): Promise<number> {
  const { stderr } = await runProcess(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-nostats', '-t', seconds.toFixed(3), '-i', file, '-map', '0:a:0', '-af', 'loudnorm=print_format=json', '-f', 'null', '-'],
    { ...options, niceness: BATCH_NICENESS, name: 'ffmpeg' },
  );
  const { lufs } = parseLoudnormJson(stderr);
  // Near-silence measures absurdly low: never boost it by more than 20 dB.
  return Math.max(lufs, VOICE_LUFS - 20);
}

/**
 * Where a bed of `seconds` starts for a seed: anywhere in its first three quarters, to a tenth
 * of a second, so two videos of a day rarely open on the same bar; no seed (or an unmeasured
 * bed), at its beginning.
 */
export function bedStart(seed: string | undefined, seconds: number | undefined): number {
  if (!seed || !seconds || seconds <= 0) return 0;
  return Math.floor(seededRandom(`music:${seed}`)() * seconds * 0.75 * 10) / 10;
}
