import type { ScriptLanguage, VoiceEngineName } from '@nearcast/contract';

/** The spoken text of one script line (hook, beats…, call to action); empty for a silent line. */
export interface VoiceLine {
  text: string;
  /**
   * The line's on-screen words: a silent line lasts as long as reading them takes
   * (`lineSeconds`), so a caption without a voice stays up long enough to be read.
   */
  onScreen?: string;
}

export interface VoiceWord {
  text: string;
  start: number;
  end: number;
  /** The next word is the rest of this one: a Chinese word timed character by character. */
  joinsNext?: boolean;
}

/** One voice-over: a line's window is where its speech sits in the track, in seconds. */
export interface VoiceTrack {
  /** One WAV file holding the whole voice-over: the lines back to back with a short pause between. */
  path: string;
  duration: number;
  lines: Array<{ start: number; end: number; words?: VoiceWord[] }>;
}

export interface SpeakRequest {
  language: ScriptLanguage;
  lines: VoiceLine[];
  /** A directory the engine may write into; the track is left there. */
  workDir: string;
  signal?: AbortSignal;
}

export interface VoiceEngine {
  readonly name: VoiceEngineName;
  readonly available: boolean;
  /** Why the engine cannot speak here (not configured, package missing); null when it can. */
  readonly unavailableReason: string | null;
  /**
   * The voice-over of the lines, or null when there is nothing to say (the `none` engine, or no
   * line with words). Throws VoiceError when the engine failed, and the signal's reason when
   * aborted.
   */
  speak(request: SpeakRequest): Promise<VoiceTrack | null>;
}

/**
 * A voice engine failed. The caller renders without a voice and records `detail`, which names
 * the cause (status, provider message, timeout) and never a credential.
 */
export class VoiceError extends Error {
  constructor(
    readonly engine: VoiceEngineName,
    readonly detail: string,
  ) {
    super(`${engine} voice failed: ${detail}`);
    this.name = 'VoiceError';
  }
}
