import type { VoiceEngineName } from '@nearcast/contract';
import type { Config } from '../../config.js';

/**
 * The voice of a brief nobody has saved yet (docs/decisions/079): the configured cloud voice
 * when there is one, otherwise none. The local voice (eSpeak NG) stays a choice, not the
 * default: its formant voice is intelligible but plainly robotic in English, worse in Mandarin
 * (flat or wrong tones), and a merchant's video that sounds like a machine reads as spam, while
 * music with moving, word-by-word captions is how most short videos are watched anyway (muted).
 */
export function defaultVoice(config: Pick<Config, 'TTS_BASE_URL'>): VoiceEngineName {
  return config.TTS_BASE_URL ? 'cloud' : 'none';
}
