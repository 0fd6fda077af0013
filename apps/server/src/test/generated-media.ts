import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools, run } from '../adapters/media/index.js';

/**
 * Real, tiny media files made with the bundled ffmpeg for the material tests: no binary
 * fixtures are committed, and each file is a few kilobytes.
 */
export type GeneratedKind = 'mp4' | 'hevc' | 'mov' | 'png' | 'jpg' | 'm4a' | 'mp3' | 'wav' | 'silent-mp4' | 'audio-only-mp4';

const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
const picture = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15'];
const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'];

const recipes: Record<GeneratedKind, { ext: string; args: string[] }> = {
  mp4: { ext: 'mp4', args: [...picture, ...tone, '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'] },
  'silent-mp4': { ext: 'mp4', args: [...picture, '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'] },
  'audio-only-mp4': { ext: 'mp4', args: [...tone, '-t', '1', '-c:a', 'aac', '-brand', 'isom'] },
  hevc: { ext: 'mp4', args: [...picture, '-t', '1', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'] },
  mov: { ext: 'mov', args: [...picture, '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'] },
  png: { ext: 'png', args: [...picture, '-frames:v', '1'] },
  jpg: { ext: 'jpg', args: [...picture, '-frames:v', '1', '-q:v', '5'] },
  m4a: { ext: 'm4a', args: [...tone, '-t', '1', '-c:a', 'aac'] },
  mp3: { ext: 'mp3', args: [...tone, '-t', '1', '-c:a', 'libmp3lame', '-id3v2_version', '0'] },
  wav: { ext: 'wav', args: [...tone, '-t', '1'] },
};

const made = new Map<GeneratedKind, Promise<Buffer>>();

/** The bytes of one generated file of a kind (made once per test file). */
export function generatedMedia(kind: GeneratedKind): Promise<Buffer> {
  let bytes = made.get(kind);
  if (!bytes) {
    bytes = (async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-media-'));
      try {
        const file = path.join(dir, `sample.${recipes[kind].ext}`);
        await run(tools.ffmpeg, [...quiet, ...recipes[kind].args, file], 60_000);
        return await fs.readFile(file);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    })();
    made.set(kind, bytes);
  }
  return bytes;
}
