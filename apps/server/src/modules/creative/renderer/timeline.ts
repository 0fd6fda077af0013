import { END_CARD_SECONDS, lineSeconds, scriptLines, type ScriptBody, type ScriptLanguage } from '@nearcast/contract';
import { characterWords } from '../../../adapters/speech/index.js';
import { lineCues, readingWords, type CaptionCue, type TimedWord } from './caption-cues.js';

export type { CaptionCue, TimedWord } from './caption-cues.js';

/** The frame rate of every video: what the platforms expect of a short. */
export const FPS = 30;

export type LineKind = 'hook' | 'beat' | 'call_to_action';

/** A voice track: its length and, per script line, when that line is said. */
export interface VoiceTiming {
  duration: number;
  /** One per script line (hook, beats…, call to action), seconds from the start. */
  lines: Array<{ start: number; end: number; words?: TimedWord[] }>;
}

export interface TimelineLine {
  index: number;
  kind: LineKind;
  onScreen: string;
  spoken: string;
  /** The part of the video this line's picture fills, in seconds, on frame boundaries. */
  start: number;
  end: number;
  startFrame: number;
  endFrame: number;
}

export interface Timeline {
  fps: number;
  lines: TimelineLine[];
  cues: CaptionCue[];
  endCard: { start: number; end: number; startFrame: number; endFrame: number };
  /** The whole video: the lines, then the end card. */
  duration: number;
  frames: number;
  voiced: boolean;
}

/** No line's picture is shorter than this, however quickly a voice says it (a cut needs a beat). */
const MIN_LINE_FRAMES = 15;
/** The picture changes a moment before the voice starts the next line, as editors cut. */
const LEAD_SECONDS = 0.12;
/** Room after the last word before the end card. */
const VOICE_TAIL_SECONDS = 0.35;

export class TimelineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimelineError';
  }
}

/**
 * When each line of a script is on screen. Without a voice each line lasts `lineSeconds` (long
 * enough to say or read it), one after another. With a voice the lines follow its timings: a
 * line's picture starts just before its words (the first at zero) and lasts until the next
 * line's, the last until the voice ends. Every boundary is on a frame, so the cuts, captions
 * and end card land exactly where the encoder puts frames; the end card follows for
 * END_CARD_SECONDS. Each line's captions are cut into short cues (caption-cues.ts).
 */
export function planTimeline(script: ScriptBody, language: ScriptLanguage, voice: VoiceTiming | null): Timeline {
  const lines = scriptLines(script);
  const kinds: LineKind[] = lines.map((_, index) => (index === 0 ? 'hook' : index === lines.length - 1 ? 'call_to_action' : 'beat'));
  const toFrame = (seconds: number) => Math.round(seconds * FPS);

  let boundaries: number[];
  if (!voice) {
    boundaries = [0];
    let elapsed = 0;
    for (const line of lines) {
      elapsed += lineSeconds(line, language);
      boundaries.push(toFrame(elapsed));
    }
  } else {
    if (voice.lines.length !== lines.length) {
      throw new TimelineError(`the voice times ${voice.lines.length} lines but the script has ${lines.length}`);
    }
    for (const [index, line] of voice.lines.entries()) {
      if (!Number.isFinite(line.start) || !Number.isFinite(line.end) || line.end < line.start || line.start < 0) {
        throw new TimelineError(`the voice's line ${index + 1} has no valid time`);
      }
    }
    boundaries = [0];
    for (let index = 1; index < lines.length; index += 1) {
      const previous = voice.lines[index - 1];
      const current = voice.lines[index];
      if (!previous || !current) continue;
      boundaries.push(toFrame(Math.max(previous.end, current.start - LEAD_SECONDS)));
    }
    const last = voice.lines[lines.length - 1];
    boundaries.push(toFrame(Math.max(voice.duration, last?.end ?? 0) + VOICE_TAIL_SECONDS));
  }
  // A voice that rushes (or times two lines together) still leaves every line a visible shot.
  for (let index = 1; index < boundaries.length; index += 1) {
    boundaries[index] = Math.max(boundaries[index] ?? 0, (boundaries[index - 1] ?? 0) + MIN_LINE_FRAMES);
  }

  const timelineLines: TimelineLine[] = lines.map((line, index) => {
    const startFrame = boundaries[index] ?? 0;
    const endFrame = boundaries[index + 1] ?? startFrame;
    return {
      index,
      kind: kinds[index] ?? 'beat',
      onScreen: line.on_screen.trim(),
      spoken: line.spoken.trim(),
      start: startFrame / FPS,
      end: endFrame / FPS,
      startFrame,
      endFrame,
    };
  });

  // The captions are the words said: the voice's words at its times, or without a voice (or on
  // a line it does not say) the line's spoken words — its on-screen words when it has none — at
  // reading pace over the line's time. The on-screen words become a look's title instead.
  const cues: CaptionCue[] = timelineLines.flatMap((line) => {
    const voiced = voice?.lines[line.index]?.words;
    // Chinese is lit character by character, whatever unit the voice timed.
    if (voiced?.length) return lineCues(line.index, language === 'zh' ? characterWords(voiced) : voiced, language, line.start, line.end, 'voice');
    const text = line.spoken || line.onScreen;
    return lineCues(line.index, readingWords(text, language, line.start, line.end), language, line.start, line.end, 'reading');
  });

  const endStart = boundaries[boundaries.length - 1] ?? 0;
  const endFrame = endStart + Math.round(END_CARD_SECONDS * FPS);
  return {
    fps: FPS,
    lines: timelineLines,
    cues,
    endCard: { start: endStart / FPS, end: endFrame / FPS, startFrame: endStart, endFrame },
    duration: endFrame / FPS,
    frames: endFrame,
    voiced: voice !== null,
  };
}
