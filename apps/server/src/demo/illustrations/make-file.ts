import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../adapters/media/index.js';
import { animateClip, drawPng, steamSprite, type ClipOptions } from './raster.js';

/** How a demo file is made: a drawn still, a drawn scene the camera moves over, or ffmpeg alone. */
export type FileRecipe =
  | { kind: 'still'; svg: () => string }
  | { kind: 'clip'; svg: () => string; width: number; height: number; seconds: number; motion: ClipOptions['motion']; steam?: boolean; sizzle?: boolean; hevc?: boolean }
  | { kind: 'ffmpeg'; args: string[] }
  | { kind: 'bytes'; bytes: Buffer };

const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/**
 * Where made files are kept between runs, by what made them: drawing and encoding the demo's
 * libraries takes tens of seconds, and every fresh demo database (a test run, each journey pass)
 * asks for the same files again.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'nearcast-demo-material');

/** Writes `file` (its extension says the container: png, jpg, mp4, mov, m4a) from its recipe. */
export async function makeFile(recipe: FileRecipe, file: string, ffmpeg: string): Promise<void> {
  if (recipe.kind === 'bytes') return fs.writeFile(file, recipe.bytes);
  const drawn = 'svg' in recipe ? { ...recipe, svg: recipe.svg() } : recipe;
  const key = createHash('sha256').update(JSON.stringify(drawn)).update(path.extname(file)).digest('hex').slice(0, 24);
  const cached = path.join(CACHE_DIR, `${key}${path.extname(file)}`);
  try {
    await fs.copyFile(cached, file);
    return;
  } catch {
    // Not made on this machine yet.
  }
  await make(recipe, file, ffmpeg);
  await fs.mkdir(CACHE_DIR, { recursive: true });
  const temporary = `${cached}.${process.pid}.${Date.now()}.tmp`;
  await fs.copyFile(file, temporary);
  await fs.rename(temporary, cached);
}

async function make(recipe: Exclude<FileRecipe, { kind: 'bytes' }>, file: string, ffmpeg: string): Promise<void> {
  const work = path.dirname(file);
  if (recipe.kind === 'ffmpeg') {
    await run(ffmpeg, [...quiet, ...recipe.args, file], 120_000);
    return;
  }
  const still = path.join(work, 'scene.png');
  await fs.writeFile(still, drawPng(recipe.svg()));
  if (recipe.kind === 'still') {
    if (file.endsWith('.png')) await fs.rename(still, file);
    else await run(ffmpeg, [...quiet, '-i', still, '-q:v', '3', file], 60_000);
    return;
  }
  let steam: string | undefined;
  if (recipe.steam) {
    steam = path.join(work, 'steam.png');
    await fs.writeFile(steam, drawPng(steamSprite(Math.round(recipe.width * 0.8), Math.round(recipe.height * 0.6))));
  }
  const silent = path.join(work, 'scene.mp4');
  await animateClip({ ffmpeg, still, steam, width: recipe.width, height: recipe.height, seconds: recipe.seconds, motion: recipe.motion, out: silent });
  // A phone's container and codec: HEVC in QuickTime as an iPhone records, else H.264; a sizzle
  // of filtered noise where the scene has sound.
  const audio = recipe.sizzle ? ['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.08:duration=${recipe.seconds},highpass=f=1800,volume=0.7`, '-c:a', 'aac', '-shortest'] : [];
  const video = recipe.hevc ? ['-c:v', 'libx265', '-x265-params', 'log-level=error', '-preset', 'ultrafast', '-tag:v', 'hvc1'] : ['-c:v', 'copy'];
  await run(ffmpeg, [...quiet, '-i', silent, ...audio, ...video, '-map', '0:v', ...(audio.length ? ['-map', '1:a'] : []), '-movflags', '+faststart', file], 120_000);
}
