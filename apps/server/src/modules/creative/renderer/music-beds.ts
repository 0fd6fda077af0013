import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MusicBed } from '@nearcast/contract';
import { run, type MediaTools } from '../../material/media-tools.js';
import { parseLoudnormJson, runFfmpeg } from './ffmpeg-process.js';

/**
 * The music beds shipped with the platform: short loops we synthesise ourselves with ffmpeg's
 * expression source (sine and noise voices, envelopes, a simple chord progression with a beat),
 * so every note is our own work and the platform may ship them with no licence to clear.
 * `npm run music:beds -w @nearcast/server` (src/scripts/make-music-beds.ts) makes the files in
 * apps/server/assets/music and measures their loudness into beds.json; the renderer reads both.
 */

export const MUSIC_DIR = fileURLToPath(new URL('../../../../assets/music/', import.meta.url));

export function musicBedFile(bed: MusicBed): string {
  return path.join(MUSIC_DIR, `${bed}.m4a`);
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

// ---------------------------------------------------------------------------------------------
// Synthesis

const SAMPLE_RATE = 48_000;
/** Loudness the beds are made at: a little under the mix's −14 so a bed alone needs no limiting. */
export const BED_TARGET_LUFS = -16;
/** Rendered before the kept loop so the echoes of its last bar ring into its first: a seamless loop. */
const PRE_ROLL_SECONDS = 3;

type Chord = readonly number[];

interface Voice {
  /** One expression, or a left and a right one (a pad spread by detuning one side). */
  expr: string | [string, string];
  weight: number;
  /** Colours this voice alone (an ffmpeg audio filter chain). */
  filter?: string;
}

interface BedSpec {
  bpm: number;
  /** One chord a bar, cycled over the loop's bars. */
  progression: readonly Chord[];
  /** The bass note (MIDI) under each chord. */
  bass: readonly number[];
  bars: number;
  voices: (song: Song) => Voice[];
  /** The bed's colour after mixing (an ffmpeg audio filter chain). */
  master: string;
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const num = (value: number) => Number(value.toFixed(6)).toString();

/**
 * Expression helpers for ffmpeg's aevalsrc. Every voice stores the loop time in variable 0,
 * the chord index in 1 and the time into the bar in 2; everything is a function of the loop
 * time, and every note's envelope returns to zero before the next strike, so the sound is
 * periodic in the loop's length and never clicks, where the loop wraps or elsewhere.
 */
class Song {
  readonly beat: number;
  readonly bar: number;
  readonly length: number;
  constructor(readonly spec: Pick<BedSpec, 'bpm' | 'progression' | 'bass' | 'bars'>) {
    this.beat = 60 / spec.bpm;
    this.bar = this.beat * 4;
    this.length = this.bar * spec.bars;
  }

  /** Sets variables 0–2; the source's clock starts PRE_ROLL_SECONDS before the loop. */
  prelude(): string {
    const offset = this.length - PRE_ROLL_SECONDS;
    return [
      `st(0,mod(t+${num(offset)},${num(this.length)}))`,
      `st(1,mod(floor(ld(0)/${num(this.bar)}),${this.spec.progression.length}))`,
      `st(2,mod(ld(0),${num(this.bar)}))`,
    ].join(';');
  }

  /** One of `values` chosen by an integer index expression. */
  pick(index: string, values: readonly string[]): string {
    const last = values.length - 1;
    return values.slice(0, last).reduceRight<string>((rest, value, at) => `if(lt(${index},${at + 1}),${value},${rest})`, values[last] ?? '0');
  }

  /** The frequency of the current chord's `voice`th note, `octave` octaves up. */
  chordTone(voice: number, octave = 0): string {
    return this.pick(
      'ld(1)',
      this.spec.progression.map((chord) => num(hz((chord[voice % chord.length] ?? 60) + 12 * octave))),
    );
  }

  bassTone(): string {
    return this.pick(
      'ld(1)',
      this.spec.bass.map((note) => num(hz(note))),
    );
  }

  /**
   * A strike every `step` seconds of the bar where `pattern` (a digit a step: 0 silent, 9 full)
   * says so. Returns the statement that stores the time since the strike in variable 3 and the
   * gain: a 4 ms attack, an exponential decay, a release to zero before the next step.
   */
  strike(step: number, pattern: string, decay: number): { setup: string; gain: string } {
    const levels = [...pattern].map((digit) => num(Number(digit) / 9));
    const level = levels.every((value) => value === levels[0]) ? (levels[0] ?? '0') : this.pick(`floor(ld(2)/${num(step)})`, levels);
    return {
      setup: `st(3,mod(ld(2),${num(step)}))`,
      gain: `${level}*exp(-${num(decay)}*ld(3))*min(1,ld(3)/0.004)*max(0,min(1,(${num(step)}-ld(3))/0.02))`,
    };
  }
}

const sine = (freq: string, multiple = 1) => `sin(2*PI*${multiple === 1 ? '' : `${num(multiple)}*`}${freq}*ld(0))`;

/** A soft pad: the chord's notes, each a sine with two quiet harmonics, swelling over the bar. */
function pad(song: Song, detune: number, notes: number, octave = 0): string {
  const swell = `min(1,ld(2)/0.35)*max(0,min(1,(${num(song.bar)}-ld(2))/0.45))`;
  const tones = Array.from({ length: notes }, (_, voice) => {
    const freq = `(${song.chordTone(voice, octave)}*${num(detune)})`;
    return `(${sine(freq)}+0.3*${sine(freq, 2)}+0.12*${sine(freq, 3)})`;
  });
  return `${song.prelude()};${swell}*(${tones.join('+')})/${notes}`;
}

/** Left slightly flat and right slightly sharp: a wide, gently beating pad. */
function widePad(song: Song, notes: number, octave = 0): [string, string] {
  return [pad(song, 0.9985, notes, octave), pad(song, 1.0015, notes, octave)];
}

/** A plucked arpeggio walking the chord's notes in `order`, a note every `step` seconds. */
function arpeggio(song: Song, step: number, order: readonly number[], pattern: string, octave: number): string {
  const { setup, gain } = song.strike(step, pattern, 7);
  const tones = order.map((voice) => song.chordTone(voice, octave));
  const chooser = `st(4,mod(floor(ld(2)/${num(step)}),${order.length}))`;
  return `${song.prelude()};${setup};${chooser};st(5,${song.pick('ld(4)', tones)});${gain}*(${sine('ld(5)')}+0.45*exp(-6*ld(3))*${sine('ld(5)', 2)}+0.2*exp(-10*ld(3))*${sine('ld(5)', 3)})`;
}

function bass(song: Song, step: number, pattern: string, decay: number): string {
  const { setup, gain } = song.strike(step, pattern, decay);
  return `${song.prelude()};${setup};st(5,${song.bassTone()});${gain}*(${sine('ld(5)')}+0.35*${sine('ld(5)', 2)}+0.1*${sine('ld(5)', 3)})`;
}

/** A kick: a sine swept from about 160 Hz down to 45 Hz (its phase is the sweep's integral). */
function kick(song: Song, pattern: string): string {
  const { setup, gain } = song.strike(song.beat, pattern, 8);
  return `${song.prelude()};${setup};${gain}*sin(2*PI*(45*ld(3)+4.4*(1-exp(-25*ld(3)))))`;
}

/** Noise bursts (hats, shaker, clap, snare), coloured by the voice's filter. */
function noise(song: Song, step: number, pattern: string, decay: number): string {
  const { setup, gain } = song.strike(step, pattern, decay);
  return `${song.prelude()};${setup};${gain}*(2*random(6)-1)`;
}

/** A bell on each bar's downbeat: the chord's top note an octave up, with an inharmonic partial. */
function bell(song: Song, top: number): string {
  const { setup, gain } = song.strike(song.bar, '9', 2.2);
  return `${song.prelude()};${setup};st(5,${song.chordTone(top, 1)});${gain}*(${sine('ld(5)')}+0.35*exp(-3*ld(3))*${sine('ld(5)', 2.76)})`;
}

/** An electric piano: chord stabs with a bright tine that fades, under a slow tremolo. */
function electricPiano(song: Song, step: number, pattern: string, notes: number, detune: number): string {
  const { setup, gain } = song.strike(step, pattern, 1.6);
  const tones = Array.from({ length: notes }, (_, voice) => {
    const freq = `(${song.chordTone(voice)}*${num(detune)})`;
    return `(${sine(freq)}+0.22*exp(-5*ld(3))*${sine(freq, 4)})`;
  });
  return `${song.prelude()};${setup};${gain}*(1+0.15*sin(2*PI*4.2*ld(0)))*(${tones.join('+')})/${notes}`;
}

// MIDI note numbers: C4 is middle C.
const N = { G3: 55, A3: 57, Bb3: 58, B3: 59, C4: 60, D4: 62, E4: 64, F4: 65, G4: 67, A4: 69, Bb4: 70, B4: 71, C5: 72, D5: 74, E5: 76 };

const BEDS: Record<MusicBed, BedSpec> = {
  // Bright pop at 120 BPM: C–G–Am–F, four on the floor, offbeat hats, a plucked eighth-note arpeggio.
  upbeat: {
    bpm: 120,
    progression: [
      [N.C4, N.E4, N.G4],
      [N.B3, N.D4, N.G4],
      [N.C4, N.E4, N.A4],
      [N.A3, N.C4, N.F4],
    ],
    bass: [36, 43, 45, 41],
    bars: 16,
    voices: (song) => [
      { expr: widePad(song, 3), weight: 0.45 },
      { expr: bass(song, song.beat / 2, '99979997', 5), weight: 0.8 },
      { expr: arpeggio(song, song.beat / 2, [0, 1, 2, 1], '96969696', 1), weight: 0.35, filter: 'lowpass=f=5000' },
      { expr: kick(song, '9999'), weight: 1 },
      { expr: noise(song, song.beat / 2, '05050505', 45), weight: 0.25, filter: 'highpass=f=7000' },
      { expr: noise(song, song.beat, '0909', 16), weight: 0.3, filter: 'bandpass=f=1800:width_type=q:w=0.9' },
    ],
    master: 'aecho=0.9:0.7:61|97:0.18|0.12,highpass=f=30,lowpass=f=15000',
  },
  // Warm and easy at 90 BPM: F–Dm–B♭–C, a soft pad, a bell each bar, kick on one and three, a shaker.
  warm: {
    bpm: 90,
    progression: [
      [N.F4, N.A4, N.C5],
      [N.D4, N.F4, N.A4],
      [N.D4, N.F4, N.Bb4],
      [N.E4, N.G4, N.C5],
    ],
    bass: [41, 38, 34, 36],
    bars: 12,
    voices: (song) => [
      { expr: widePad(song, 3), weight: 0.6, filter: 'lowpass=f=3500' },
      { expr: bass(song, song.beat, '9797', 3), weight: 0.8 },
      { expr: bell(song, 2), weight: 0.3 },
      { expr: kick(song, '9070'), weight: 0.8 },
      { expr: noise(song, song.beat / 2, '35353535', 30), weight: 0.18, filter: 'highpass=f=5000' },
    ],
    master: 'aecho=0.9:0.7:73|131:0.25|0.15,highpass=f=30,lowpass=f=11000',
  },
  // Lo-fi at 76 BPM: Fmaj7–Em7–Dm7–Cmaj7, electric piano stabs, a soft kick and a dusty snare.
  chill: {
    bpm: 76,
    progression: [
      [N.F4, N.A4, N.C5, N.E5],
      [N.E4, N.G4, N.B4, N.D5],
      [N.D4, N.F4, N.A4, N.C5],
      [N.C4, N.E4, N.G4, N.B4],
    ],
    bass: [41, 40, 38, 36],
    bars: 12,
    voices: (song) => [
      { expr: [electricPiano(song, song.beat / 2, '90000900', 4, 0.999), electricPiano(song, song.beat / 2, '90000900', 4, 1.001)], weight: 0.7, filter: 'lowpass=f=4000' },
      { expr: widePad(song, 4, -1), weight: 0.25, filter: 'lowpass=f=1800' },
      { expr: bass(song, song.beat / 2, '90000090', 2), weight: 0.8 },
      { expr: kick(song, '9070'), weight: 0.7 },
      { expr: noise(song, song.beat, '0808', 14), weight: 0.3, filter: 'bandpass=f=1400:width_type=q:w=0.7,lowpass=f=4000' },
      { expr: noise(song, song.beat / 2, '32323232', 40), weight: 0.12, filter: 'highpass=f=6000' },
    ],
    master: 'aecho=0.9:0.6:89|157:0.3|0.2,highpass=f=30,lowpass=f=9000',
  },
};

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
  const { stderr } = await runFfmpeg(
    tools.ffmpeg,
    ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'loudnorm=I=-14:TP=-1:LRA=11:print_format=json', '-f', 'null', '-'],
    { timeoutMs },
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
    ['-hide_banner', '-nostats', '-y', '-i', wav, '-af', `volume=${gain.toFixed(2)}dB`, '-c:a', 'aac', '-b:a', '112k', '-ar', String(SAMPLE_RATE), '-ac', '2', '-movflags', '+faststart', out],
    120_000,
  );
  const made = await measureLoudness(tools, out);
  return { lufs: made.lufs, truePeak: made.truePeak, seconds: Number(musicBedSeconds(bed).toFixed(3)) };
}
