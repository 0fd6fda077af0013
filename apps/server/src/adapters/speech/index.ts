import type { VoiceEngineName } from '@nearcast/contract';
import type { MediaTools } from '../media/index.js';
import { createCloudVoice, type CloudVoiceConfig } from './cloud-voice.js';
import { createLocalVoice, localVoiceMissing } from './local-voice.js';
import type { VoiceEngine } from './voice-engine.js';

/**
 * The speech adapter (docs/decisions/048, 090): the voices behind one interface. The cloud voice
 * is an HTTP client of an OpenAI-compatible speech endpoint; the local voice is eSpeak NG in a
 * child process of its own, run through the media adapter like every other media tool. Both
 * hand back one voice track, assembled and measured by ffmpeg and ffprobe (media adapter). The
 * local fake of the cloud provider is test/fake-speech.ts.
 */
export { VoiceError, type SpeakRequest, type VoiceEngine, type VoiceLine, type VoiceTrack, type VoiceWord } from './voice-engine.js';
export { LINE_PAUSE_SECONDS, TRACK_SAMPLE_RATE } from './voice-track.js';
export { LOCAL_VOICE_PACKAGE } from './local-voice.js';
export { RETRY_AFTER_CAP_SECONDS, parseVoices, type CloudVoiceConfig } from './cloud-voice.js';
export { captionWords, characterWords, estimateWordTimes, wordTimesFromMarks, type CaptionWord, type EngineMark } from './word-timing.js';

/** No voice: the video carries music and captions only (the embedded default, docs/decisions/048). */
const noVoice: VoiceEngine = {
  name: 'none',
  available: true,
  unavailableReason: null,
  speak: async () => null,
};

/**
 * The three voices behind one interface. A brief names one; the renderer asks it for a track
 * and, on a VoiceError, renders without a voice and records why.
 */
export function createVoiceEngines(config: CloudVoiceConfig, tools: MediaTools, options: { fetch?: typeof fetch } = {}): Record<VoiceEngineName, VoiceEngine> {
  return {
    none: noVoice,
    local: createLocalVoice(tools),
    cloud: createCloudVoice(config, tools, options.fetch),
  };
}

/** Which voices a configuration can speak with, for the start-up line: the cloud one when set, the local one when its package is here. */
export function speechKind(config: Pick<CloudVoiceConfig, 'TTS_BASE_URL'>): 'cloud+local' | 'cloud' | 'local' | 'none' {
  const local = localVoiceMissing() === null;
  if (config.TTS_BASE_URL) return local ? 'cloud+local' : 'cloud';
  return local ? 'local' : 'none';
}
