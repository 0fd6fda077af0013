import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUSIC_BEDS, type MusicBed } from '@nearcast/contract';
import { BATCH_NICENESS, parseLoudnormJson, run, runProcess, type MediaTools } from '../../../adapters/media/index.js';
import { BEDS } from './music-bed-specs.js';
import { PRE_ROLL_SECONDS, SAMPLE_RATE, Song, num } from './music-synth.js';
import { seededRandom } from '../seeded.js';

/**
 * The music beds shipped with the platform: short loops we synthesise ourselves with ffmpeg's
 * expression source (music-synth.ts: sine and noise voices, envelopes, a chord progression with
 * a beat; music-bed-specs.ts: the twelve beds), so every note is our own work and the platform may ship them with no licence to clear.
 * `npm run music:beds -w @nearcast/server` (src/scripts/make-music-beds.ts) makes the files in
 * apps/server/assets/music and measures their loudness into beds.json; the renderer reads both.
 */

export const MUSIC_DIR = fileURLToPath(new URL('../../../../assets/music/', import.meta.url));

export function musicBedFile(bed: MusicBed): string {
  return path.join(MUSIC_DIR, `${bed}.m4a`);
}

/**
 * The bed of a render whose music is `auto`: any of the bundled beds, drawn from the render's
 * seed, so a merchant's day of videos does not all play the same three tunes and a render
 * re-run keeps its music.
 */
export function autoMusicBed(seed: string): MusicBed {
  return MUSIC_BEDS[Math.floor(seededRandom(`music-bed:${seed}`)() * MUSIC_BEDS.length)]!;
}

/** What make-music-beds measured of each file: integrated loudness (LUFS), true peak (dBTP), length. */
export interface BedLoudness {
  lufs: number;
  truePeak: number;
  seconds: number;
}

let measured: Partial<Record<MusicBed, BedLoudness>> | undefined;
/** The measured loudness of a bed, or null when beds.json does not list it (a bed made by hand). */
export function musicBedLoudness(bed: MusicBed): BedLoudness | null {
  if (!measured) {
    try {
      measured = JSON.parse(fs.readFileSync(path.join(MUSIC_DIR, 'beds.json'), 'utf8')) as Partial<Record<MusicBed, BedLoudness>>;
    } catch {
      measured = {};
    }
  }
  return measured[bed] ?? null;
}

/** Loudness the beds are made at: a little under the mix's −14 so a bed alone needs no limiting. */
export const BED_TARGET_LUFS = -16;

/**
 * A bed's beat grid: its tempo, and where its first beat falls in the file (seconds). Every
 * bed is synthesised to start on a downbeat and loops on whole bars, so beat `n` falls at
 * `offset + n * 60 / bpm` through the file and through its repeats: a cut placed there lands
 * on the music's beat.
 */
export function musicBedBeats(bed: MusicBed): { bpm: number; offset: number } {
  return { bpm: BEDS[bed].bpm, offset: 0 };
}

/** How long one loop of a bed lasts, in seconds. */
export function musicBedSeconds(bed: MusicBed): number {
  const spec = BEDS[bed];
  return (spec.bars * 4 * 60) / spec.bpm;
}

/**
 * The filter graph that synthesises a bed (no inputs): every voice from its own expression
 * source, mixed by weight, coloured by the master chain, the pre-roll dropped so the kept part
 * is exactly one loop whose start already carries the echoes of its end.
 */
export function musicBedGraph(bed: MusicBed): string {
  const spec = BEDS[bed];
  const song = new Song(spec);
  const voices = spec.voices(song);
  const total = song.length + PRE_ROLL_SECONDS;
  const chains = voices.map((voice, index) => {
    const exprs = typeof voice.expr === 'string' ? voice.expr : voice.expr.join('|');
    const filters = [`aevalsrc=exprs='${exprs}':s=${SAMPLE_RATE}:d=${num(total)}`, voice.filter, 'aformat=sample_fmts=fltp:channel_layouts=stereo'];
    return `${filters.filter(Boolean).join(',')}[v${index}]`;
  });
  const weights = voices.map((voice) => num(voice.weight)).join(' ');
  const mix = `${voices.map((_, index) => `[v${index}]`).join('')}amix=inputs=${voices.length}:weights='${weights}':duration=longest,${spec.master},atrim=start=${num(PRE_ROLL_SECONDS)},asetpts=PTS-STARTPTS[out]`;
  return [...chains, mix].join(';\n');
}

/** Integrated loudness and true peak of an audio file, from loudnorm's measuring pass. */
export async function measureLoudness(tools: MediaTools, file: string, timeoutMs = 120_000): Promise<{ lufs: number; truePeak: number }> {
  const { stderr } = await runProcess(
    tools.ffmpeg,
    ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'loudnorm=I=-14:TP=-1:LRA=11:print_format=json', '-f', 'null', '-'],
    { timeoutMs, niceness: BATCH_NICENESS, name: 'ffmpeg' },
  );
  return parseLoudnormJson(stderr);
}

/**
 * Makes one bed: synthesises it into a WAV, measures it, and encodes it at BED_TARGET_LUFS
 * (a plain gain, so its dynamics stay as made; the peaks are far below the ceiling) as AAC.
 */
export async function makeMusicBed(tools: MediaTools, bed: MusicBed, outDir: string, workDir: string): Promise<BedLoudness> {
  const graphFile = path.join(workDir, `${bed}.graph`);
  const wav = path.join(workDir, `${bed}.wav`);
  fs.writeFileSync(graphFile, musicBedGraph(bed));
  await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-y', '-filter_complex_script', graphFile, '-map', '[out]', '-c:a', 'pcm_f32le', wav], 600_000);
  const raw = await measureLoudness(tools, wav);
  const gain = Math.min(BED_TARGET_LUFS - raw.lufs, -1.5 - raw.truePeak);
  const out = path.join(outDir, `${bed}.m4a`);
  await run(
    tools.ffmpeg,
    ['-hide_banner', '-nostats', '-y', '-i', wav, '-af', `volume=${gain.toFixed(2)}dB`, '-c:a', 'aac', '-b:a', `${BEDS[bed].kbps ?? 112}k`, '-ar', String(SAMPLE_RATE), '-ac', '2', '-movflags', '+faststart', out],
    120_000,
  );
  const made = await measureLoudness(tools, out);
  return { lufs: made.lufs, truePeak: made.truePeak, seconds: Number(musicBedSeconds(bed).toFixed(3)) };
}
