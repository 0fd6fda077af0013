import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveMediaTools, probe } from '../../adapters/media/index.js';
import { TAQUERIA, TRADE_LIBRARIES } from '../material-library.js';
import { makeFile } from './make-file.js';
import { drawImage, drawPng } from './raster.js';
import { storefront } from './restaurant.js';

/** The spread of a picture's brightness: a test pattern or a flat fill has none worth the name. */
function contrastOf(svg: string): { width: number; height: number; spread: number; colours: number } {
  const { width, height, pixels } = drawImage(svg);
  const lumas: number[] = [];
  const colours = new Set<number>();
  for (let index = 0; index < pixels.length; index += 4 * 97) {
    lumas.push(0.2126 * pixels[index]! + 0.7152 * pixels[index + 1]! + 0.0722 * pixels[index + 2]!);
    colours.add((pixels[index]! >> 4) * 256 + (pixels[index + 1]! >> 4) * 16 + (pixels[index + 2]! >> 4));
  }
  const mean = lumas.reduce((sum, value) => sum + value, 0) / lumas.length;
  const spread = Math.sqrt(lumas.reduce((sum, value) => sum + (value - mean) ** 2, 0) / lumas.length);
  return { width, height, spread, colours: colours.size };
}

const files = [...TAQUERIA, ...TRADE_LIBRARIES.flatMap((library) => library.files)];

describe('the demo material', () => {
  it.each(files.filter((file) => 'svg' in file.recipe && file.name !== 'Kitchen at night').map((file) => [file.name, file] as const))(
    '%s is a drawn scene with detail, not a flat fill',
    (_name, file) => {
      const recipe = file.recipe as { svg: () => string };
      const { spread, colours } = contrastOf(recipe.svg());
      expect(spread).toBeGreaterThan(12);
      expect(colours).toBeGreaterThan(12);
    },
  );

  it('names every scene in the library at most once per merchant', () => {
    for (const library of [TAQUERIA, ...TRADE_LIBRARIES.map((item) => item.files)]) {
      const names = library.map((file) => file.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it("writes the shop's name on its sign", () => {
    const withName = drawPng(storefront({ width: 640, height: 360 }, 'Carmen’s Tacos', 'Oswald'));
    const blank = drawPng(storefront({ width: 640, height: 360 }, '', 'Oswald'));
    expect(withName.equals(blank)).toBe(false);
  });

  it('makes a clip a phone could have shot, and the second time takes it from the cache', async () => {
    const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled' } as never);
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-illustrations-test-'));
    try {
      // A name of its own, so the first call has to make the clip.
      const sign = `Test ${process.pid}-${Date.now()}`;
      const recipe = { kind: 'clip', svg: () => storefront({ width: 400, height: 226 }, sign, 'Oswald'), width: 320, height: 180, seconds: 1, motion: 'push-in' } as const;
      const first = path.join(work, 'first.mp4');
      await makeFile(recipe, first, tools.ffmpeg);
      const probed = await probe(tools, first);
      const video = probed.streams.find((stream) => stream.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width: 320, height: 180 });
      // No ffmpeg at all the second time: only the cache can answer.
      const second = path.join(work, 'second.mp4');
      await makeFile(recipe, second, path.join(work, 'no-ffmpeg-here'));
      expect((await fs.readFile(second)).equals(await fs.readFile(first))).toBe(true);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
