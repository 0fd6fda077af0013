import type { VoiceEngineName } from '@nearcast/contract';
import type { MediaTools } from '../../material/media-tools.js';
import { createCloudVoice, type CloudVoiceConfig } from './cloud-voice.js';
import { createLocalVoice } from './local-voice.js';
import type { VoiceEngine } from './voice-types.js';

export { VoiceError, type SpeakRequest, type VoiceEngine, type VoiceLine, type VoiceTrack, type VoiceWord } from './voice-types.js';
export { LINE_PAUSE_SECONDS, TRACK_SAMPLE_RATE } from './voice-track.js';
export { LOCAL_VOICE_PACKAGE } from './local-voice.js';
export { RETRY_AFTER_CAP_SECONDS, parseVoices } from './cloud-voice.js';

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
