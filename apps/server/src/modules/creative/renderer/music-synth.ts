/**
 * The instruments of the synthesised music beds (music-beds.ts): expressions for ffmpeg's
 * aevalsrc, each a function of the loop time alone, so every bed is exactly periodic in its
 * length and loops without a seam.
 */

export const SAMPLE_RATE = 48_000;
/** Rendered before the kept loop so the echoes of its last bar ring into its first: a seamless loop. */
export const PRE_ROLL_SECONDS = 3;

export type Chord = readonly number[];

export interface Voice {
  /** One expression, or a left and a right one (a pad spread by detuning one side). */
  expr: string | [string, string];
  weight: number;
  /** Colours this voice alone (an ffmpeg audio filter chain). */
  filter?: string;
}

export interface BedSpec {
  bpm: number;
  /** One chord a bar, cycled over the loop's bars. */
  progression: readonly Chord[];
  /** The bass note (MIDI) under each chord. */
  bass: readonly number[];
  bars: number;
  voices: (song: Song) => Voice[];
  /** The bed's colour after mixing (an ffmpeg audio filter chain). */
  master: string;
  /** AAC bit rate of the shipped file (kbit/s): the later beds are lighter, 64. */
  kbps?: number;
}

export const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
export const num = (value: number) => Number(value.toFixed(6)).toString();

/**
 * Expression helpers for ffmpeg's aevalsrc. Every voice stores the loop time in variable 0,
 * the chord index in 1 and the time into the bar in 2; everything is a function of the loop
 * time, and every note's envelope returns to zero before the next strike, so the sound is
 * periodic in the loop's length and never clicks, where the loop wraps or elsewhere.
 */
export class Song {
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

export const sine = (freq: string, multiple = 1) => `sin(2*PI*${multiple === 1 ? '' : `${num(multiple)}*`}${freq}*ld(0))`;

/** A soft pad: the chord's notes, each a sine with two quiet harmonics, swelling over the bar. */
export function pad(song: Song, detune: number, notes: number, octave = 0): string {
  const swell = `min(1,ld(2)/0.35)*max(0,min(1,(${num(song.bar)}-ld(2))/0.45))`;
  const tones = Array.from({ length: notes }, (_, voice) => {
    const freq = `(${song.chordTone(voice, octave)}*${num(detune)})`;
    return `(${sine(freq)}+0.3*${sine(freq, 2)}+0.12*${sine(freq, 3)})`;
  });
  return `${song.prelude()};${swell}*(${tones.join('+')})/${notes}`;
}

/** Left slightly flat and right slightly sharp: a wide, gently beating pad. */
export function widePad(song: Song, notes: number, octave = 0): [string, string] {
  return [pad(song, 0.9985, notes, octave), pad(song, 1.0015, notes, octave)];
}

/** An overtone of a struck note: its multiple of the fundamental, level, and decay (0: held as long as the note). */
export type Overtone = readonly [multiple: number, level: number, decay: number];

/** The overtones of the plucked arpeggio the first beds use. */
const PLUCK: readonly Overtone[] = [
  [2, 0.45, 6],
  [3, 0.2, 10],
];

/**
 * A struck arpeggio walking the chord's notes in `order`, a note every `step` seconds; its
 * timbre is the note's decay and its overtones (a pluck by default; a mallet, a square-ish
 * chip lead, a nylon string or a glockenspiel by other overtones).
 */
export function arpeggio(
  song: Song,
  step: number,
  order: readonly number[],
  pattern: string,
  octave: number,
  timbre: { decay?: number; overtones?: readonly Overtone[] } = {},
): string {
  const { setup, gain } = song.strike(step, pattern, timbre.decay ?? 7);
  const tones = order.map((voice) => song.chordTone(voice, octave));
  const chooser = `st(4,mod(floor(ld(2)/${num(step)}),${order.length}))`;
  const overtones = (timbre.overtones ?? PLUCK).map(
    ([multiple, level, decay]) => `+${num(level)}*${decay === 0 ? '' : `exp(-${num(decay)}*ld(3))*`}${sine('ld(5)', multiple)}`,
  );
  return `${song.prelude()};${setup};${chooser};st(5,${song.pick('ld(4)', tones)});${gain}*(${sine('ld(5)')}${overtones.join('')})`;
}

/** Overtones that give an arpeggio another instrument. */
export const TIMBRES = {
  /** Wooden bars: a strong fourth partial and a faint tenth, both gone at once. */
  mallet: { decay: 9, overtones: [[4, 0.35, 25], [9.9, 0.1, 45]] },
  /** A square wave's odd harmonics, held: an 8-bit game's lead. */
  chip: { decay: 5, overtones: [[3, 0.33, 0], [5, 0.2, 0], [7, 0.14, 0]] },
  /** A nylon string: warm low harmonics fading one after the other. */
  nylon: { decay: 4.5, overtones: [[2, 0.5, 4], [3, 0.3, 6], [4, 0.15, 9]] },
  /** Metal bars: inharmonic partials ringing a long time. */
  glockenspiel: { decay: 3, overtones: [[2.76, 0.3, 4], [5.4, 0.15, 8]] },
} as const satisfies Record<string, { decay: number; overtones: readonly Overtone[] }>;

export function bass(song: Song, step: number, pattern: string, decay: number): string {
  const { setup, gain } = song.strike(step, pattern, decay);
  return `${song.prelude()};${setup};st(5,${song.bassTone()});${gain}*(${sine('ld(5)')}+0.35*${sine('ld(5)', 2)}+0.1*${sine('ld(5)', 3)})`;
}

/** A kick: a sine swept from about 160 Hz down to 45 Hz (its phase is the sweep's integral). */
export function kick(song: Song, pattern: string, step = song.beat): string {
  const { setup, gain } = song.strike(step, pattern, 8);
  return `${song.prelude()};${setup};${gain}*sin(2*PI*(45*ld(3)+4.4*(1-exp(-25*ld(3)))))`;
}

/** Noise bursts (hats, shaker, clap, snare), coloured by the voice's filter. */
export function noise(song: Song, step: number, pattern: string, decay: number): string {
  const { setup, gain } = song.strike(step, pattern, decay);
  return `${song.prelude()};${setup};${gain}*(2*random(6)-1)`;
}

/** A bell on each bar's downbeat: the chord's top note an octave up, with an inharmonic partial. */
export function bell(song: Song, top: number): string {
  const { setup, gain } = song.strike(song.bar, '9', 2.2);
  return `${song.prelude()};${setup};st(5,${song.chordTone(top, 1)});${gain}*(${sine('ld(5)')}+0.35*exp(-3*ld(3))*${sine('ld(5)', 2.76)})`;
}

/** An electric piano: chord stabs with a bright tine that fades, under a slow tremolo. */
export function electricPiano(song: Song, step: number, pattern: string, notes: number, detune: number, decay = 1.6): string {
  const { setup, gain } = song.strike(step, pattern, decay);
  const tones = Array.from({ length: notes }, (_, voice) => {
    const freq = `(${song.chordTone(voice)}*${num(detune)})`;
    return `(${sine(freq)}+0.22*exp(-5*ld(3))*${sine(freq, 4)})`;
  });
  return `${song.prelude()};${setup};${gain}*(1+0.15*sin(2*PI*4.2*ld(0)))*(${tones.join('+')})/${notes}`;
}

/** A drawbar organ: chords held through the step under a fast vibrato of the level. */
export function organ(song: Song, step: number, pattern: string, notes: number): string {
  const { setup, gain } = song.strike(step, pattern, 0.5);
  const tones = Array.from({ length: notes }, (_, voice) => {
    const freq = `(${song.chordTone(voice)})`;
    return `(${sine(freq)}+0.6*${sine(freq, 2)}+0.35*${sine(freq, 3)}+0.15*${sine(freq, 4)})`;
  });
  return `${song.prelude()};${setup};${gain}*(1+0.2*sin(2*PI*6*ld(0)))*(${tones.join('+')})/${notes}`;
}
