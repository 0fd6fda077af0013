import type { MusicBed } from '@nearcast/contract';
import { TIMBRES, arpeggio, bass, bell, electricPiano, kick, noise, organ, widePad, type BedSpec } from './music-synth.js';

/**
 * The twelve music beds: each its own key, tempo, progression and instruments, so the five
 * videos of a merchant's day can each have one of their own (docs/decisions/080). Every loop is
 * a whole number of bars and starts on a downbeat.
 */

// MIDI note numbers: C4 is middle C.
const N = {
  G3: 55, Gs3: 56, A3: 57, Bb3: 58, B3: 59, C4: 60, Cs4: 61, D4: 62, Ds4: 63, Eb4: 63, E4: 64, F4: 65, Fs4: 66,
  G4: 67, Gs4: 68, Ab4: 68, A4: 69, Bb4: 70, B4: 71, C5: 72, D5: 74, Ds5: 75, E5: 76,
};

export const BEDS: Record<MusicBed, BedSpec> = {
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
  // Sunny at 108 BPM in D: D–A–Bm–G, a marimba walking the chord in eighths, claps on two and four, a shaker.
  sunny: {
    bpm: 108,
    progression: [
      [N.D4, N.Fs4, N.A4],
      [N.Cs4, N.E4, N.A4],
      [N.B3, N.D4, N.Fs4],
      [N.B3, N.D4, N.G4],
    ],
    bass: [38, 45, 47, 43],
    bars: 8,
    voices: (song) => [
      { expr: arpeggio(song, song.beat / 2, [0, 1, 2, 1, 2, 0, 1, 2], '97969796', 1, TIMBRES.mallet), weight: 0.55 },
      { expr: widePad(song, 3), weight: 0.2, filter: 'lowpass=f=2500' },
      { expr: bass(song, song.beat, '9797', 4), weight: 0.8 },
      { expr: kick(song, '9090'), weight: 0.9 },
      { expr: noise(song, song.beat, '0909', 20), weight: 0.3, filter: 'bandpass=f=1500:width_type=q:w=1.2' },
      { expr: noise(song, song.beat / 4, '3535353535353535', 50), weight: 0.15, filter: 'highpass=f=6000' },
    ],
    master: 'aecho=0.9:0.6:53|89:0.15|0.1,highpass=f=30,lowpass=f=14000',
    kbps: 64,
  },
  // Bossa nova at 136 BPM in A minor: Am7–D7–Gmaj7–Cmaj7, a nylon guitar, the bossa bass, rim clicks.
  bossa: {
    bpm: 136,
    progression: [
      [N.A3, N.C4, N.E4, N.G4],
      [N.A3, N.C4, N.D4, N.Fs4],
      [N.G3, N.B3, N.D4, N.Fs4],
      [N.G3, N.B3, N.C4, N.E4],
    ],
    bass: [45, 38, 43, 36],
    bars: 8,
    voices: (song) => [
      { expr: arpeggio(song, song.beat / 2, [0, 2, 1, 3, 0, 2, 1, 3], '90709079', 0, TIMBRES.nylon), weight: 0.6, filter: 'lowpass=f=4500' },
      { expr: bass(song, song.beat / 2, '90070900', 3), weight: 0.8 },
      { expr: kick(song, '7070'), weight: 0.5 },
      { expr: noise(song, song.beat / 2, '90090090', 60), weight: 0.25, filter: 'bandpass=f=2500:width_type=q:w=4' },
      { expr: noise(song, song.beat / 4, '4242424242424242', 45), weight: 0.12, filter: 'highpass=f=7000' },
    ],
    master: 'aecho=0.9:0.5:41|71:0.12|0.08,highpass=f=35,lowpass=f=12000',
    kbps: 64,
  },
  // Funk at 104 BPM in E: Em7–A7, clavinet stabs in sixteenths, a syncopated bass, sixteenth hats.
  funky: {
    bpm: 104,
    progression: [
      [N.E4, N.G4, N.B4, N.D5],
      [N.Cs4, N.E4, N.G4, N.A4],
    ],
    bass: [40, 45],
    bars: 8,
    voices: (song) => [
      { expr: electricPiano(song, song.beat / 4, '9009009000909009', 4, 1, 14), weight: 0.55, filter: 'highpass=f=300,lowpass=f=6000' },
      { expr: bass(song, song.beat / 4, '9000009009000900', 6), weight: 0.9 },
      { expr: kick(song, '9000000090900000', song.beat / 4), weight: 0.9 },
      { expr: noise(song, song.beat, '0909', 18), weight: 0.35, filter: 'bandpass=f=1900:width_type=q:w=0.9' },
      { expr: noise(song, song.beat / 4, '6262626262626262', 55), weight: 0.2, filter: 'highpass=f=7500' },
    ],
    master: 'highpass=f=30,lowpass=f=14000',
    kbps: 64,
  },
  // 8-bit at 140 BPM in G: G–Em–C–D, a square-wave arpeggio in sixteenths, four on the floor.
  retro: {
    bpm: 140,
    progression: [
      [N.G4, N.B4, N.D5],
      [N.E4, N.G4, N.B4],
      [N.C4, N.E4, N.G4],
      [N.D4, N.Fs4, N.A4],
    ],
    bass: [43, 40, 36, 38],
    bars: 8,
    voices: (song) => [
      { expr: arpeggio(song, song.beat / 4, [0, 1, 2, 1], '8686868686868686', 0, TIMBRES.chip), weight: 0.35 },
      { expr: bass(song, song.beat / 2, '99999999', 8), weight: 0.8 },
      { expr: kick(song, '9999'), weight: 0.9 },
      { expr: noise(song, song.beat, '0909', 25), weight: 0.3, filter: 'highpass=f=1000' },
    ],
    master: 'highpass=f=40,lowpass=f=12000',
    kbps: 64,
  },
  // Cinematic at 80 BPM in C minor: Cm–A♭–E♭–B♭, a wide low pad, a bell, a drum on one and four.
  cinematic: {
    bpm: 80,
    progression: [
      [N.C4, N.Eb4, N.G4],
      [N.C4, N.Eb4, N.Ab4],
      [N.Bb3, N.Eb4, N.G4],
      [N.Bb3, N.D4, N.F4],
    ],
    bass: [36, 32, 39, 34],
    bars: 8,
    voices: (song) => [
      { expr: widePad(song, 3, -1), weight: 0.55, filter: 'lowpass=f=2200' },
      { expr: widePad(song, 3), weight: 0.3, filter: 'lowpass=f=4000' },
      { expr: bass(song, song.beat, '9000', 1), weight: 0.8 },
      { expr: bell(song, 2), weight: 0.3 },
      { expr: kick(song, '9009'), weight: 0.9 },
    ],
    master: 'aecho=0.9:0.7:97|163:0.3|0.2,highpass=f=30,lowpass=f=10000',
    kbps: 64,
  },
  // Lounge at 84 BPM in B♭: B♭maj7–Gm7–Cm7–F7, electric piano, a walking bass, brushes.
  lounge: {
    bpm: 84,
    progression: [
      [N.Bb3, N.D4, N.F4, N.A4],
      [N.G3, N.Bb3, N.D4, N.F4],
      [N.G3, N.Bb3, N.C4, N.Eb4],
      [N.A3, N.C4, N.Eb4, N.F4],
    ],
    bass: [34, 43, 36, 41],
    bars: 8,
    voices: (song) => [
      { expr: [electricPiano(song, song.beat / 2, '90090000', 4, 0.998), electricPiano(song, song.beat / 2, '90090000', 4, 1.002)], weight: 0.65, filter: 'lowpass=f=3500' },
      { expr: bass(song, song.beat, '9797', 3), weight: 0.8 },
      { expr: kick(song, '7000'), weight: 0.5 },
      { expr: noise(song, song.beat / 2, '52525252', 10), weight: 0.2, filter: 'bandpass=f=3000:width_type=q:w=0.6,lowpass=f=6000' },
    ],
    master: 'aecho=0.9:0.6:79|139:0.25|0.15,highpass=f=30,lowpass=f=9000',
    kbps: 64,
  },
  // Festive at 128 BPM in F: F–C–Dm–B♭, a glockenspiel in sixteenths, claps, a tambourine.
  festive: {
    bpm: 128,
    progression: [
      [N.F4, N.A4, N.C5],
      [N.E4, N.G4, N.C5],
      [N.D4, N.F4, N.A4],
      [N.D4, N.F4, N.Bb4],
    ],
    bass: [41, 36, 38, 34],
    bars: 8,
    voices: (song) => [
      { expr: arpeggio(song, song.beat / 4, [0, 1, 2, 1, 0, 2], '9505950595059505', 1, TIMBRES.glockenspiel), weight: 0.3 },
      { expr: organ(song, song.beat, '0909', 3), weight: 0.25, filter: 'lowpass=f=3000' },
      { expr: bass(song, song.beat / 2, '90909090', 5), weight: 0.8 },
      { expr: kick(song, '9999'), weight: 0.9 },
      { expr: noise(song, song.beat, '0909', 20), weight: 0.3, filter: 'bandpass=f=1200:width_type=q:w=1' },
      { expr: noise(song, song.beat / 4, '5353535353535353', 30), weight: 0.15, filter: 'highpass=f=8000' },
    ],
    master: 'aecho=0.9:0.6:47|83:0.12|0.08,highpass=f=30,lowpass=f=15000',
    kbps: 64,
  },
  // Dreamy at 64 BPM in E: Emaj7–C♯m7–Amaj7–B, a slow pad, a harp-like arpeggio, a soft pulse.
  dreamy: {
    bpm: 64,
    progression: [
      [N.E4, N.Gs4, N.B4, N.Ds5],
      [N.Cs4, N.E4, N.Gs4, N.B4],
      [N.A3, N.Cs4, N.E4, N.Gs4],
      [N.B3, N.Ds4, N.Fs4, N.B4],
    ],
    bass: [40, 37, 33, 35],
    bars: 4,
    voices: (song) => [
      { expr: widePad(song, 4), weight: 0.55, filter: 'lowpass=f=3000' },
      { expr: arpeggio(song, song.beat / 2, [0, 1, 2, 3, 2, 1, 0, 2], '90509050', 1, TIMBRES.glockenspiel), weight: 0.3, filter: 'lowpass=f=6000' },
      { expr: bass(song, song.beat, '9000', 0.8), weight: 0.7 },
      { expr: kick(song, '6060'), weight: 0.5 },
    ],
    master: 'aecho=0.9:0.8:113|199:0.35|0.25,highpass=f=30,lowpass=f=9000',
    kbps: 64,
  },
  // Hip-hop at 92 BPM in F♯ minor: F♯m–D–A–E, an 808 bass, a kick in sixteenths, a snare on two and four.
  urban: {
    bpm: 92,
    progression: [
      [N.A3, N.Cs4, N.Fs4],
      [N.A3, N.D4, N.Fs4],
      [N.A3, N.Cs4, N.E4],
      [N.Gs3, N.B3, N.E4],
    ],
    bass: [42, 38, 45, 40],
    bars: 8,
    voices: (song) => [
      { expr: organ(song, song.beat * 2, '99', 3), weight: 0.3, filter: 'lowpass=f=2500' },
      { expr: bass(song, song.beat / 4, '9000000009000000', 2), weight: 1 },
      { expr: kick(song, '9000000090100000', song.beat / 4), weight: 1 },
      { expr: noise(song, song.beat, '0909', 16), weight: 0.4, filter: 'bandpass=f=1800:width_type=q:w=0.9' },
      { expr: noise(song, song.beat / 4, '7070707070707575', 50), weight: 0.2, filter: 'highpass=f=7000' },
    ],
    master: 'highpass=f=30,lowpass=f=12000',
    kbps: 64,
  },
};
