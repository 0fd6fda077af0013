import path from 'node:path';
import { BATCH_NICENESS, runProcess, type MediaTools } from '../adapters/media/index.js';
import { encoderFor } from '../modules/creative/renderer/render-graph.js';

/**
 * The floor a render is measured against: the same ffmpeg binary encoding `seconds` of a
 * 1080×1920 testsrc with the render's preset, quality and rate limits — but with x264's
 * default threads and look-ahead, not the render's leaner ones, so the floor stays what this
 * ffmpeg can do at all. Answers the milliseconds it took.
 */
export async function floorMs(tools: MediaTools, dir: string, seconds: number, size = { width: 1080, height: 1920 }): Promise<number> {
  const encoder = encoderFor(size);
  const started = Date.now();
  await runProcess(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', `testsrc=s=${size.width}x${size.height}:r=30:d=${seconds.toFixed(3)}`,
      '-c:v', 'libx264', '-preset', encoder.preset, '-crf', String(encoder.crf), '-profile:v', 'high', '-pix_fmt', 'yuv420p',
      '-g', '60', '-maxrate', `${encoder.maxrateKbps}k`, '-bufsize', `${encoder.maxrateKbps * 2}k`, '-movflags', '+faststart', path.join(dir, 'floor.mp4'),
    ],
    { timeoutMs: 600_000, niceness: BATCH_NICENESS },
  );
  return Date.now() - started;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
