import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { woffToSfnt } from '../../lib/woff.js';
import { run } from '../../adapters/media/index.js';
import { blur, circle, document, group } from './svg.js';

/**
 * Turns the demo's drawn scenes into files a merchant would upload: PNG and JPEG stills, and
 * short clips in which the camera drifts over a scene while steam rises, encoded by ffmpeg as a
 * phone would (H.264, yuv420p).
 */

const require = createRequire(import.meta.url);

/** The sign-painter's faces the scenes name (OFL-1.1, shipped by @fontsource). */
export const SIGN_FONTS = {
  display: { family: 'Oswald', source: '@fontsource/oswald/files/oswald-latin-700-normal.woff', file: 'Oswald-Bold.ttf' },
  rounded: { family: 'Fredoka', source: '@fontsource/fredoka/files/fredoka-latin-600-normal.woff', file: 'Fredoka-SemiBold.ttf' },
} as const;

let fontFiles: string[] | undefined;

/** The sign fonts unwrapped to TrueType once per machine (resvg reads font files, not WOFF). */
function signFontFiles(): string[] {
  if (fontFiles) return fontFiles;
  const dir = path.join(os.tmpdir(), 'nearcast-demo-fonts');
  fs.mkdirSync(dir, { recursive: true });
  fontFiles = Object.values(SIGN_FONTS).map((font) => {
    const file = path.join(dir, font.file);
    if (!fs.existsSync(file)) {
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, woffToSfnt(fs.readFileSync(require.resolve(font.source))));
      fs.renameSync(temporary, file);
    }
    return file;
  });
  return fontFiles;
}

/** The scene drawn at the size its SVG declares (its RGBA pixels, or `.asPng()`). */
export function drawImage(svg: string) {
  return new Resvg(svg, { font: { fontFiles: signFontFiles(), loadSystemFonts: false, defaultFontFamily: SIGN_FONTS.display.family } }).render();
}

/** The scene as PNG bytes. */
export const drawPng = (svg: string): Buffer => drawImage(svg).asPng();

/** A few soft puffs of steam on a transparent ground, drawn once and moved by ffmpeg. */
export function steamSprite(width: number, height: number): string {
  const puffs = [0.3, 0.5, 0.7]
    .map((x, index) => circle(width * x, height * (0.55 + index * 0.1), width * 0.14, '#ffffff', { opacity: 0.22, filter: 'url(#steam)' }))
    .join('');
  return document(width, height, blur('steam', width * 0.06), group(puffs));
}

export interface ClipOptions {
  ffmpeg: string;
  /** The scene, drawn larger than the clip so the camera has room to move. */
  still: string;
  /** Rising steam over the middle of the frame. */
  steam?: string;
  width: number;
  height: number;
  seconds: number;
  /** How the camera moves across the larger still. */
  motion: 'drift-right' | 'drift-up' | 'push-in';
  out: string;
}

/** A short clip of a drawn scene: the camera drifts, steam rises and fades, no audio. */
export async function animateClip(options: ClipOptions): Promise<void> {
  const { width, height, seconds } = options;
  const progress = `(t/${seconds})`;
  // zoompan for the push-in: crop's size is fixed when the filter starts, so it cannot zoom.
  const frames = seconds * 25;
  const camera =
    options.motion === 'push-in'
      ? `zoompan=z='1+0.18*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${width}x${height}:fps=25`
      : options.motion === 'drift-right'
        ? `crop=${width}:${height}:x='(iw-${width})*${progress}':y='(ih-${height})/2'`
        : `crop=${width}:${height}:x='(iw-${width})/2':y='(ih-${height})*(1-${progress})'`;
  const inputs = ['-loop', '1', '-framerate', '25', '-t', String(seconds), '-i', options.still];
  let graph = `[0:v]${camera},setsar=1,format=yuv420p[base]`;
  if (options.steam) {
    inputs.push('-loop', '1', '-framerate', '25', '-t', String(seconds), '-i', options.steam);
    graph = `[0:v]${camera},setsar=1[cam];[1:v]format=rgba,fade=t=in:st=0:d=1:alpha=1,fade=t=out:st=${seconds - 1}:d=1:alpha=1[puff];[cam][puff]overlay=x='(W-w)/2':y='H*0.1-t*${Math.round(height * 0.04)}':shortest=1,format=yuv420p[base]`;
  }
  await run(
    options.ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...inputs, '-filter_complex', graph, '-map', '[base]', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', options.out],
    120_000,
  );
}
