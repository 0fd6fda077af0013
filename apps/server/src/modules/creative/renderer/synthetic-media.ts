import { run, type MediaTools } from '../../../adapters/media/index.js';

/**
 * Stand-in material made with ffmpeg's own sources, for the renderer's tests and its benchmark:
 * clips and stills of any size, and a "voice" — a buzzing, syllable-paced tone that speaks
 * exactly when a script's lines are timed — so a render can be exercised and measured without
 * a single third-party file.
 */

export async function makeClip(
  tools: MediaTools,
  file: string,
  options: { width: number; height: number; seconds: number; fps?: number; source?: 'testsrc' | 'testsrc2' | 'mandelbrot' | 'color'; color?: string; audio?: boolean },
): Promise<string> {
  const fps = options.fps ?? 30;
  const size = `${options.width}x${options.height}`;
  const source =
    options.source === 'color'
      ? `color=c=${options.color ?? 'gray'}:s=${size}:r=${fps}:d=${options.seconds}`
      : options.source === 'mandelbrot'
        ? `mandelbrot=s=${size}:r=${fps},trim=duration=${options.seconds}`
        : `${options.source ?? 'testsrc2'}=s=${size}:r=${fps}:d=${options.seconds}`;
  const audio = options.audio ? ['-f', 'lavfi', '-i', `sine=f=330:d=${options.seconds}`, '-c:a', 'aac', '-shortest'] : [];
  await run(tools.ffmpeg, ['-hide_banner', '-y', '-f', 'lavfi', '-i', source, ...audio, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p', '-g', String(fps * 2), file], 300_000);
  return file;
}

export async function makeImage(tools: MediaTools, file: string, options: { width: number; height: number; source?: string }): Promise<string> {
  const size = `${options.width}x${options.height}`;
  const source = options.source ?? `mandelbrot=s=${size}`;
  await run(tools.ffmpeg, ['-hide_banner', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '3', file], 120_000);
  return file;
}

/** Lines of speech spread over `seconds`: each line a share of the time, with a breath between. */
export function voiceLines(count: number, seconds: number): Array<{ start: number; end: number }> {
  const slot = seconds / count;
  return Array.from({ length: count }, (_, index) => ({ start: Number((index * slot + 0.1).toFixed(3)), end: Number(((index + 1) * slot - 0.3).toFixed(3)) }));
}

/**
 * A voice-like WAV (mono, 24 kHz, like most speech engines): a 150 Hz buzz with harmonics, a
 * little vibrato, four syllables a second, silent between the lines.
 */
export async function makeVoice(tools: MediaTools, file: string, lines: ReadonlyArray<{ start: number; end: number }>, seconds: number): Promise<string> {
  const gate = lines.map((line) => `between(t,${line.start},${line.end})`).join('+');
  const pitch = '(150+12*sin(2*PI*0.7*t))';
  const buzz = [1, 0.6, 0.4, 0.25, 0.15].map((gain, index) => `${gain}*sin(2*PI*${index + 1}*${pitch}*t)`).join('+');
  const expr = `0.25*min(1,${gate})*pow(0.5+0.5*sin(2*PI*4*t),2)*(${buzz})`;
  await run(tools.ffmpeg, ['-hide_banner', '-y', '-f', 'lavfi', '-i', `aevalsrc=exprs='${expr}':s=24000:d=${seconds}`, '-c:a', 'pcm_s16le', file], 120_000);
  return file;
}

/**
 * A music-like AAC file (stereo, 44.1 kHz, like a merchant's upload): a pulsing minor chord, with
 * a quiet cover picture when asked (as songs carry), which is a video stream but not footage.
 */
export async function makeMusic(tools: MediaTools, file: string, options: { seconds: number; coverArt?: boolean }): Promise<string> {
  const chord = [220, 261.63, 329.63].map((freq) => `sin(2*PI*${freq}*t)`).join('+');
  const expr = `0.2*(0.6+0.4*sin(2*PI*2*t))*(${chord})`;
  const cover = options.coverArt ? ['-f', 'lavfi', '-i', 'color=c=purple:s=64x64:d=1', '-map', '0:a', '-map', '1:v', '-c:v', 'mjpeg', '-frames:v', '1', '-disposition:v', 'attached_pic'] : [];
  await run(
    tools.ffmpeg,
    ['-hide_banner', '-y', '-f', 'lavfi', '-i', `aevalsrc=exprs='${expr}|${expr}':s=44100:d=${options.seconds}`, ...cover, '-c:a', 'aac', '-b:a', '96k', file],
    120_000,
  );
  return file;
}
