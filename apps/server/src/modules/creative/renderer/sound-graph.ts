import { num } from './shot-plan.js';

export interface AudioSource {
  path: string;
  /** Gain before mixing, in dB: brings the source to the level it should sit at in the mix. */
  gainDb: number;
  /** Where in the file it starts (music: so the day's videos do not all open on the same bar). */
  startSeconds?: number;
}

export interface SoundInput {
  duration: number;
  voice: AudioSource | null;
  /** Music loops to the video's length whatever its own. */
  music: AudioSource | null;
  /** -14 LUFS integrated, -1 dBTP: what the platforms normalise to, so nothing is turned down. */
  loudness: { integrated: number; truePeak: number; range: number };
  audioKbps: number;
  /** Where the finished track (AAC) is written. */
  file: string;
}

/** One ffmpeg run: inputs with their own options, its graph, its output. */
export interface ProcessGraph {
  inputArgs: string[];
  graph: string;
  outputArgs: string[];
  file: string;
}

/**
 * The sound, made in its own run beside the picture's: the voice and the music each brought to
 * their level, the music looped to length and pushed down by a sidechain compressor while the
 * voice speaks, then the mix normalised (loudnorm: integrated loudness, true peak and range at
 * once) and faded out at the end. Silence when there is neither, so every video has the audio
 * track the platforms expect.
 */
export function buildSoundGraph(input: SoundInput): ProcessGraph {
  const { duration } = input;
  const inputArgs: string[] = [];
  let inputs = 0;
  const addInput = (args: string[]) => {
    inputArgs.push(...args);
    return inputs++;
  };
  const format = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  const { integrated, truePeak, range } = input.loudness;
  const finish = `loudnorm=I=${integrated}:TP=${truePeak}:LRA=${range},${format},afade=t=out:st=${num(Math.max(0, duration - 1.5))}:d=1.5,apad,atrim=end=${num(duration)}[aout]`;
  const outputArgs = ['-map', '[aout]', '-c:a', 'aac', '-b:a', `${input.audioKbps}k`, '-ar', '48000', '-ac', '2', '-t', num(duration), input.file];
  const chains: string[] = [];
  const done = () => ({ inputArgs, graph: chains.join(';\n'), outputArgs, file: input.file });
  if (!input.voice && !input.music) {
    chains.push(`anullsrc=r=48000:cl=stereo,atrim=end=${num(duration)}[aout]`);
    return done();
  }
  let music: string | null = null;
  if (input.music) {
    const start = input.music.startSeconds ?? 0;
    const index = addInput(['-stream_loop', '-1', ...(start > 0 ? ['-ss', num(start)] : []), '-t', num(duration + 0.5), '-i', input.music.path]);
    chains.push(`[${index}:a:0]${format},volume=${num(input.music.gainDb)}dB,afade=t=in:d=0.05,apad,atrim=end=${num(duration)}[music]`);
    music = '[music]';
  }
  if (!input.voice) {
    chains.push(`${music}${finish}`);
    return done();
  }
  const index = addInput(['-i', input.voice.path]);
  chains.push(`[${index}:a:0]${format},volume=${num(input.voice.gainDb)}dB,apad,atrim=end=${num(duration)}${music ? ',asplit=2[voice][key]' : '[voice]'}`);
  if (!music) {
    chains.push(`[voice]${finish}`);
    return done();
  }
  chains.push(
    // Ducking: the music drops about 10 dB within 20 ms of the voice and comes back over 0.4 s.
    `${music}[key]sidechaincompress=threshold=0.02:ratio=6:attack=20:release=400:knee=4[ducked]`,
    `[ducked][voice]amix=inputs=2:duration=first:dropout_transition=0,${finish}`,
  );
  return done();
}
