import { describe, expect, it } from 'vitest';
import { defaultVoice } from './default-voice.js';

describe('the default voice', () => {
  it('is the cloud voice when one is configured, and none otherwise (never the robotic local voice)', () => {
    expect(defaultVoice({ TTS_BASE_URL: 'https://tts.example.com/v1' })).toBe('cloud');
    expect(defaultVoice({ TTS_BASE_URL: undefined })).toBe('none');
  });
});
