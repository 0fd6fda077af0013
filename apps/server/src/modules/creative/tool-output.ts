import path from 'node:path';

/**
 * What a failed tool said, made fit for two readers: staff get the engine's own words (the end of
 * ffmpeg's stderr) with the work folder replaced by a placeholder; a user gets plain words, never a
 * server path, a memory address or the encoder's statistics. Failure reasons and notes (a voice
 * that could not be made, a model that failed) go through the same helpers.
 */

/** Where the work folder stood in what staff read: its path names the machine's layout. */
export const WORK_PLACEHOLDER = '<work>';
const STAFF_DETAIL_MAX = 4_000;
const PLAIN_DETAIL_MAX = 160;

/** An absolute path (POSIX or Windows), up to the next space, quote or bracket. */
const ABSOLUTE_PATH = /(?:[A-Za-z]:\\|(?<![\w.:/])\/)(?:[^\s'"`()[\]{}<>,;]+)/g;
/** `0x1f3a…`: where something sat in the tool's memory. */
const HEX_ADDRESS = /\b0x[0-9a-fA-F]+\b/g;
/** `[libx264 @ 0x…]`, `[in#0 @ 0x…]`: the component that spoke and its address. */
const COMPONENT_PREFIX = /\[[^\]\n]{1,60} @ (?:0x)?[0-9a-fA-F]+\]\s*/g;
/**
 * Lines of an encoder's closing report (x264's `mb I  I16..4`, `frame P:`, `kb/s:`, `ref B L0`,
 * the muxer's `video:… audio:…` sizes): numbers about the encode, never a reason.
 */
const ENCODER_STATISTICS =
  /\b(?:libx26[45]|x26[45]|aac)\b|\bmb [IPB]\b|\bframe [IPB]:|\bkb\/s:|\bref [PB] L[01]\b|\bcoded y,|\bi16 v,h|\bi8 v,h|\bi4 v,h|\bWeighted P-Frames\b|\bconsecutive B-frames\b|\b8x8 transform\b|\bdirect mvs\b|\bmuxing overhead\b|\bvideo:\S+ audio:\S+|\bQavg\b|\bSSIM\b|\bPSNR\b/i;

/** The engine's output for staff: its tail, with the work folder (and the temp root around it) as a placeholder. */
export function staffDetail(output: string, workDir?: string): string {
  let text = output;
  if (workDir) text = text.split(workDir).join(WORK_PLACEHOLDER);
  return text.trim().slice(-STAFF_DETAIL_MAX);
}

/**
 * A tool's words fit for a user's note: component prefixes, memory addresses, encoder statistics
 * and absolute paths left out (a path keeps only its file name, which names no server folder).
 * Empty when nothing readable is left.
 */
export function plainDetail(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .filter((line) => !ENCODER_STATISTICS.test(line))
    .map((line) =>
      line
        .replace(COMPONENT_PREFIX, '')
        .replace(ABSOLUTE_PATH, (found) => {
          // A sentence's own stop or colon after the path is not part of the file's name.
          const [, file, end] = /^(.*?)([.:]*)$/s.exec(found)!;
          return `“${path.basename(file!.replace(/\\/g, '/'))}”${end}`;
        })
        .replace(HEX_ADDRESS, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line.length > 0);
  const text = lines.join('; ');
  return text.length > PLAIN_DETAIL_MAX ? `${text.slice(0, PLAIN_DETAIL_MAX - 1).trimEnd()}…` : text;
}

/** Words in ffmpeg's output that say an input was the trouble, on the line that names it. */
const INPUT_TROUBLE = /invalid data|error (?:opening|while|reading)|could not|no such file|not found|moov atom|corrupt|unsupported|failed|truncat|end of file|decod/i;

/**
 * Which of a render's inputs ffmpeg could not read, from its output: the input whose file is
 * named on a line that reports trouble (`<file>: Invalid data found…`, `Error opening input file
 * <file>`). Its user-facing name, or null when no input can be told.
 */
export function failingInputOf(output: string, inputs: ReadonlyMap<string, string>): string | null {
  if (inputs.size === 0) return null;
  for (const line of output.split(/\r?\n/).reverse()) {
    if (!INPUT_TROUBLE.test(line)) continue;
    for (const [file, name] of inputs) {
      if (line.includes(file)) return name;
    }
  }
  return null;
}

/** What a failed tool said: its stderr when it has one (ffmpeg, ffprobe), else its message. */
export function toolOutputOf(error: unknown): string {
  if (error instanceof Error) {
    const stderr = (error as Error & { stderr?: unknown }).stderr;
    const detail = (error as Error & { detail?: unknown }).detail;
    const head = typeof detail === 'string' ? detail : error.message;
    // ffmpeg's error message repeats the end of its stderr: the first line and the whole tail once.
    return typeof stderr === 'string' && stderr.trim() ? `${head.split('\n')[0]}\n${stderr}` : head;
  }
  return String(error);
}
