import path from 'node:path';
import { FOOTAGE_MAX_SECONDS, type FootageType, type MessageKey } from '@nearcast/contract';
import { BATCH_NICENESS, MediaProcessError, MediaTimeoutError, probe, run, runProcess, type MediaTools, type Probe, type ProbedStream } from '../../adapters/media/index.js';

/** What processing learnt and made, or why the file is unusable. */
interface MadeFile {
  file: string;
  mime: string;
  ext: string;
}

export type MediaOutcome =
  | {
      ok: true;
      durationSeconds: number | null;
      width: number | null;
      height: number | null;
      codec: string | null;
      /** Files written into the work directory. */
      thumbnail: MadeFile;
      preview: MadeFile | null;
    }
  | { ok: false; key: MessageKey; params?: Record<string, string | number> };

/** Thumbnails are at most this wide (a grid card at twice its CSS size). */
const THUMB_WIDTH = 640;
/** Web previews are at most this tall: enough on a phone, light to stream. */
const PREVIEW_HEIGHT = 720;
/** Video codecs every current browser plays in an MP4 or WebM. */
const WEB_VIDEO_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);
/** Pixel formats browsers decode; a 4:2:2 or 10-bit H.264 plays nowhere but Safari, if at all. */
const WEB_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
/** Containers browsers play (by the MIME type sniffed from the bytes); QuickTime is not one outside Safari. */
const WEB_CONTAINERS = new Set(['video/mp4', 'video/webm']);

/**
 * A file whose first bytes say what it is but that no tool can read is damaged (cut off while
 * uploading, or garbled): the merchant is told to upload it again, whatever its type.
 */
const DAMAGED: MessageKey = 'footage.damaged';

/** The whole-file decode may take this long; past it the file is taken as it is (nothing found wrong so far). */
const DECODE_CAP_MS = 10 * 60_000;
/** What a video or sound decoder says of a broken stream (its other errors are muxer quirks players shrug off). */
const BROKEN_STREAM = /invalid data|partial file|corrupt|error while decoding|concealing|overread|truncat|premature|exhausted|damaged|missing (?:picture|reference)|no frame/i;

/**
 * Probes a file and makes what the library shows of it (docs/decisions/027): a poster frame
 * for a video, a resized copy for an image, a waveform for audio; and for a video a browser
 * cannot play (HEVC from an iPhone, a QuickTime file), an H.264 MP4 preview. A file that
 * ffprobe cannot read, or that lacks the stream its type needs, fails with a sentence a
 * person understands instead of ffmpeg's own words.
 */
export async function processMedia(
  tools: MediaTools,
  media: {
    type: FootageType;
    mime: string;
    file: string;
    /**
     * A video this platform rendered: its encoder wrote it from frames it made, and its quality
     * gate has just read it through (renderer/quality-gate.ts), so the whole-file decode that
     * catches a damaged upload would only read it a third time (about 3 s of a 40-second render).
     */
    madeHere?: boolean;
  },
  workDir: string,
): Promise<MediaOutcome> {
  const { type, mime, file: input } = media;
  let probed: Probe;
  try {
    probed = await probe(tools, input);
  } catch (error) {
    if (error instanceof MediaProcessError || error instanceof SyntaxError) return { ok: false, key: DAMAGED };
    throw error;
  }
  const video = probed.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = probed.streams.find((s) => s.codec_type === 'audio');
  const duration = durationOf(probed, type === 'audio' ? audio : video);
  if (!media.madeHere && (type === 'audio' ? audio : video) && (await isDamaged(tools, input, type))) return { ok: false, key: DAMAGED };

  try {
    switch (type) {
      case 'video': {
        if (!video) return { ok: false, key: probed.streams.length > 0 ? 'footage.failed_no_picture' : DAMAGED };
        const tooLong = overLimit(type, duration);
        if (tooLong) return tooLong;
        const thumbnail = path.join(workDir, 'thumb.jpg');
        // A frame a second in (or halfway through a shorter clip) shows more than a black first frame.
        const at = duration ? Math.min(1, duration / 2) : 0;
        await run(tools.ffmpeg, [...quiet, '-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-vf', scaleTo(THUMB_WIDTH), '-q:v', '4', thumbnail], 120_000);
        let preview: MadeFile | null = null;
        if (!webPlayable(mime, video)) {
          const file = path.join(workDir, 'preview.mp4');
          // Batch work like a render: on a machine that also answers requests, the encoder takes what they leave.
          await runProcess(
            tools.ffmpeg,
            [
              ...quiet,
              '-i', input,
              '-map', '0:v:0', '-map', '0:a:0?',
              '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p',
              // Never upscale; keep the width even, as yuv420p needs.
              '-vf', `scale=-2:'min(${PREVIEW_HEIGHT},ih)'`,
              '-c:a', 'aac', '-b:a', '128k',
              '-movflags', '+faststart',
              file,
            ],
            { timeoutMs: 30 * 60_000, niceness: BATCH_NICENESS },
          );
          preview = { file, mime: 'video/mp4', ext: 'mp4' };
        }
        return {
          ok: true,
          durationSeconds: duration,
          width: video.width ?? null,
          height: video.height ?? null,
          codec: video.codec_name ?? null,
          thumbnail: { file: thumbnail, mime: 'image/jpeg', ext: 'jpg' },
          preview,
        };
      }
      case 'image': {
        if (!video) return { ok: false, key: DAMAGED };
        const thumbnail = path.join(workDir, 'thumb.jpg');
        await run(tools.ffmpeg, [...quiet, '-i', input, '-frames:v', '1', '-vf', scaleTo(THUMB_WIDTH), '-q:v', '4', thumbnail], 120_000);
        return {
          ok: true,
          durationSeconds: null,
          width: video.width ?? null,
          height: video.height ?? null,
          codec: video.codec_name ?? null,
          thumbnail: { file: thumbnail, mime: 'image/jpeg', ext: 'jpg' },
          preview: null,
        };
      }
      case 'audio': {
        if (!audio) return { ok: false, key: probed.streams.length > 0 ? 'footage.failed_no_sound' : DAMAGED };
        const tooLong = overLimit(type, duration);
        if (tooLong) return tooLong;
        const thumbnail = path.join(workDir, 'wave.png');
        await run(
          tools.ffmpeg,
          [...quiet, '-i', input, '-filter_complex', `aformat=channel_layouts=mono,showwavespic=s=${THUMB_WIDTH}x160:colors=0x1677ff`, '-frames:v', '1', thumbnail],
          120_000,
        );
        return {
          ok: true,
          durationSeconds: duration,
          width: null,
          height: null,
          codec: audio.codec_name ?? null,
          thumbnail: { file: thumbnail, mime: 'image/png', ext: 'png' },
          preview: null,
        };
      }
    }
  } catch (error) {
    // ffmpeg gave up on a file ffprobe could describe: a broken stream. Anything else (a
    // missing binary, a full disk) is ours, and the job retries it.
    if (error instanceof MediaProcessError && error.stderr !== '') return { ok: false, key: DAMAGED };
    throw error;
  }
}

/**
 * Decodes every picture and sound of a file once, into nothing (ffmpeg's null muxer), and reads
 * what the decoders complained of. A file whose head is sound but whose body is cut off or
 * garbled — a JPEG cut at 20 KB, a video that stops mid-frame — probes as a valid file and
 * draws green blocks where it is used; only decoding it whole tells. An image must decode
 * without a single complaint; a video or a sound without one that means a broken stream. The
 * loop filter is skipped (it smooths pictures, it does not check them): about a third faster.
 * A whole decode of a long clip is seconds of CPU: it runs at the batch niceness, as renders do.
 */
export async function isDamaged(tools: MediaTools, file: string, type: FootageType): Promise<boolean> {
  let complaints: string;
  try {
    complaints = (
      await runProcess(
        tools.ffmpeg,
        ['-hide_banner', '-nostdin', '-v', 'error', '-skip_loop_filter', 'all', '-i', file, '-map', '0:v?', '-map', '0:a?', '-f', 'null', '-'],
        { timeoutMs: DECODE_CAP_MS, niceness: BATCH_NICENESS },
      )
    ).stderr;
  } catch (error) {
    if (!(error instanceof MediaProcessError)) throw error;
    // Out of time: nothing wrong was found in what was decoded, and a long file is not a damaged one.
    if (error instanceof MediaTimeoutError) return false;
    // ffmpeg could not start (a missing binary): ours to fix, and the job retries.
    if (error.stderr === '') throw error;
    return true;
  }
  const lines = complaints.split('\n').filter((line) => line.trim() !== '');
  return type === 'image' ? lines.length > 0 : lines.some((line) => BROKEN_STREAM.test(line));
}

const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

function scaleTo(width: number): string {
  return `scale='min(${width},iw)':-2`;
}

function durationOf(probed: Probe, stream: ProbedStream | undefined): number | null {
  const value = Number(probed.format.duration ?? stream?.duration);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null;
}

function overLimit(type: FootageType, duration: number | null): MediaOutcome | null {
  const max = FOOTAGE_MAX_SECONDS[type];
  if (max !== null && duration !== null && duration > max) return { ok: false, key: 'footage.failed_too_long', params: { limit: max / 60 } };
  return null;
}

function webPlayable(mime: string, video: ProbedStream): boolean {
  return WEB_CONTAINERS.has(mime) && WEB_VIDEO_CODECS.has(video.codec_name ?? '') && WEB_PIXEL_FORMATS.has(video.pix_fmt ?? '');
}
