/**
 * Makes the music beds shipped in apps/server/assets/music: synthesises each with ffmpeg
 * (src/modules/creative/renderer/music-beds.ts says how), encodes it as AAC and writes the
 * measured loudness of every file to beds.json, which the renderer reads to set the music's
 * level before mixing.
 *
 *   npm run music:beds -w @nearcast/server            # every bed
 *   npm run music:beds -w @nearcast/server -- warm    # one
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isOneOf, MUSIC_BEDS, type MusicBed } from '@nearcast/contract';
import { loadConfig } from '../config.js';
import { resolveMediaTools } from '../adapters/media/index.js';
import { MUSIC_DIR, makeMusicBed, type BedLoudness } from '../modules/creative/renderer/music-beds.js';

const asked = process.argv.slice(2).filter((name) => isOneOf(MUSIC_BEDS, name));
const beds = asked.length > 0 ? asked : [...MUSIC_BEDS];
const tools = resolveMediaTools(loadConfig());
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-beds-'));
const indexFile = path.join(MUSIC_DIR, 'beds.json');
const index = JSON.parse(await fs.readFile(indexFile, 'utf8').catch(() => '{}')) as Partial<Record<MusicBed, BedLoudness>>;
try {
  await fs.mkdir(MUSIC_DIR, { recursive: true });
  for (const bed of beds) {
    const started = Date.now();
    index[bed] = await makeMusicBed(tools, bed, MUSIC_DIR, workDir);
    const size = (await fs.stat(path.join(MUSIC_DIR, `${bed}.m4a`))).size;
    console.log(`${bed}: ${JSON.stringify(index[bed])}, ${Math.round(size / 1024)} KiB, made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const ordered = Object.fromEntries(MUSIC_BEDS.filter((bed) => index[bed]).map((bed) => [bed, index[bed]]));
  await fs.writeFile(indexFile, `${JSON.stringify(ordered, null, 2)}\n`);
} finally {
  await fs.rm(workDir, { recursive: true, force: true });
}
