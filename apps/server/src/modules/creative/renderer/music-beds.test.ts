import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { MUSIC_BEDS, type MusicBed } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../adapters/media/index.js';
import { BEDS } from './music-bed-specs.js';
import { musicBedBeats, musicBedFile, musicBedLoudness, musicBedSeconds } from './music-beds.js';

/**
 * The bundled music beds: twelve distinct ones, each shipped, measured and light, and each with
 * a beat grid a cut can be placed on (the grid read back from the file's own low end).
 */
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const run = promisify(execFile);
const RATE = 4000;

/** The file's low end (kick and bass, under 160 Hz), mono, as samples. */
async function lowEnd(bed: MusicBed): Promise<Float32Array> {
  const { stdout } = await run(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-v', 'error', '-i', musicBedFile(bed), '-af', 'lowpass=f=160,lowpass=f=160', '-ac', '1', '-ar', String(RATE), '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const bytes = stdout as Buffer;
  return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
}

function energy(samples: Float32Array, from: number, to: number): number {
  let sum = 0;
  const start = Math.max(0, Math.round(from * RATE));
  const end = Math.min(samples.length, Math.round(to * RATE));
  for (let index = start; index < end; index += 1) sum += samples[index]! ** 2;
  return sum / Math.max(1, end - start);
}

/** How much louder the low end is just after each bar's first beat than just before it, on a grid shifted by `shift` seconds. */
function onsetStrength(samples: Float32Array, bpm: number, offset: number, shift: number): number {
  const bar = (4 * 60) / bpm;
  const ratios: number[] = [];
  for (let at = offset + shift + bar; at + 0.2 < samples.length / RATE; at += bar) {
    ratios.push(energy(samples, at, at + 0.09) / Math.max(1e-9, energy(samples, at - 0.09, at)));
  }
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)]!;
}

describe('the music beds', () => {
  it('are twelve distinct beds: each its own tempo and key or progression, and its own instruments', () => {
    expect(MUSIC_BEDS.length).toBeGreaterThanOrEqual(12);
    const signatures = MUSIC_BEDS.map((bed) => `${BEDS[bed].bpm}:${BEDS[bed].progression.map((chord) => chord.join('.')).join('|')}`);
    expect(new Set(signatures).size).toBe(MUSIC_BEDS.length);
    const tempos = new Set(MUSIC_BEDS.map((bed) => BEDS[bed].bpm));
    expect(tempos.size).toBe(MUSIC_BEDS.length);
    const keys = new Set(MUSIC_BEDS.map((bed) => BEDS[bed].bass[0]! % 12));
    expect(keys.size).toBeGreaterThanOrEqual(8);
  });

  it.each(MUSIC_BEDS)('%s is shipped, measured near the beds’ loudness, and light', (bed) => {
    const size = fs.statSync(musicBedFile(bed)).size;
    // The first three were shipped at 112 kbit/s; every later one is made to stay under 200 KB.
    expect(size).toBeLessThanOrEqual(['upbeat', 'warm', 'chill'].includes(bed) ? 600 * 1024 : 200 * 1024);
    const measured = musicBedLoudness(bed);
    expect(measured).not.toBeNull();
    expect(measured!.lufs).toBeGreaterThan(-21);
    expect(measured!.lufs).toBeLessThan(-14);
    expect(measured!.seconds).toBeCloseTo(musicBedSeconds(bed), 2);
  });

  it.each(MUSIC_BEDS)('%s loops on whole bars and hits on its beat grid, not between it', async (bed) => {
    const { bpm, offset } = musicBedBeats(bed);
    expect(bpm).toBe(BEDS[bed].bpm);
    // Whole bars: the grid runs on through every repeat of the loop.
    const beats = (musicBedSeconds(bed) * bpm) / 60;
    expect(Math.abs(beats - Math.round(beats))).toBeLessThan(1e-6);
    expect(Math.round(beats) % 4).toBe(0);

    const samples = await lowEnd(bed);
    const onGrid = onsetStrength(samples, bpm, offset, 0);
    const offGrid = onsetStrength(samples, bpm, offset, 60 / bpm / 2 + 0.037);
    expect(onGrid).toBeGreaterThan(2);
    expect(onGrid).toBeGreaterThan(offGrid * 1.5);
  });
});
