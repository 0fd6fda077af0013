import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SCRIPT_LANGUAGES, scriptLines, type ScriptLanguage } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../adapters/media/index.js';
import { createVoiceEngines } from '../../../adapters/speech/index.js';
import type { VoiceTrack } from '../../../adapters/speech/index.js';
import { CUE_BOUNDS, cueLength } from './caption-cues.js';
import { ALL_STYLES, captionsDocument, dialogues, lookOf, normalised, SCRIPTS, visibleText } from './caption-test-kit.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { planTimeline, type Timeline } from './timeline.js';

/**
 * The words you hear are the words you read: the local voice (eSpeak NG) says each language's
 * script, and the captions planned from its track show exactly the spoken words, in short cues
 * lit in time with the voice (character by character in Chinese).
 */

const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const HAN = /\p{Script=Han}/gu;
const HAN_ONE = /\p{Script=Han}/u;

let fonts: CaptionFonts;
let dir: string;
const voiced = new Map<ScriptLanguage, { track: VoiceTrack; timeline: Timeline }>();

beforeAll(async () => {
  fonts = await captionFonts();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'captions-voiced-'));
  const { local } = createVoiceEngines({ TTS_BASE_URL: undefined, TTS_API_KEY: undefined, TTS_MODEL: 'tts-1', TTS_VOICES: 'alloy', TTS_TIMEOUT_SECONDS: 30 }, tools);
  for (const language of SCRIPT_LANGUAGES) {
    const workDir = await fs.mkdtemp(path.join(dir, `${language}-`));
    const lines = scriptLines(SCRIPTS[language]).map((line) => ({ text: line.spoken, onScreen: line.on_screen }));
    const track = await local.speak({ language, lines, workDir });
    if (!track) throw new Error(`no track for ${language}`);
    voiced.set(language, { track, timeline: planTimeline(SCRIPTS[language], language, track) });
  }
}, 120_000);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each([...SCRIPT_LANGUAGES])('a %s video with the local voice', (language) => {
  it('captions each line with exactly its spoken words, in cues within the language’s bounds', () => {
    const { timeline } = voiced.get(language)!;
    expect(timeline.voiced).toBe(true);
    const bounds = CUE_BOUNDS[language];
    for (const line of timeline.lines) {
      const cues = timeline.cues.filter((cue) => cue.lineIndex === line.index);
      expect(cues.every((cue) => cue.paced === 'voice')).toBe(true);
      expect(normalised(cues.map((cue) => cue.text).join(''))).toBe(normalised(line.spoken));
      for (const cue of cues) {
        expect(cueLength(cue.text, language), cue.text).toBeLessThanOrEqual(bounds.max);
        expect(cueLength(cue.text, language), cue.text).toBeGreaterThanOrEqual(bounds.min);
      }
    }
  });

  it('lights each word as the voice says it: cues follow one another inside the line, each word inside its cue', () => {
    const { track, timeline } = voiced.get(language)!;
    for (const line of timeline.lines) {
      const cues = timeline.cues.filter((cue) => cue.lineIndex === line.index);
      expect(cues[0]!.start).toBeCloseTo(line.start, 6);
      expect(cues[cues.length - 1]!.end).toBeCloseTo(line.end, 6);
      for (const [index, cue] of cues.entries()) {
        if (index > 0) expect(cue.start).toBeCloseTo(cues[index - 1]!.end, 6);
        // A cue comes up when its first word is said, as the voice's track has it.
        if (index > 0) expect(cue.start).toBeCloseTo(cue.words![0]!.start, 6);
        for (const word of cue.words!) {
          expect(word.start).toBeGreaterThanOrEqual(cue.start - 1e-6);
          expect(word.start).toBeLessThanOrEqual(cue.end + 1e-6);
        }
      }
      const window = track.lines[line.index]!;
      const first = cues[0]!.words![0]!;
      expect(first.start).toBeGreaterThanOrEqual(window.start - 1e-6);
      expect(first.start).toBeLessThan(window.end);
    }
  });

  it.each(ALL_STYLES)('draws the spoken words in the %s style', (style) => {
    const { timeline } = voiced.get(language)!;
    const events = dialogues(captionsDocument(fonts, timeline, language, lookOf(style))).filter((event) => event.style === 'Karaoke' || event.style === 'Caption');
    const complete = events.filter((event) => !event.text.includes('\\alpha&HFF&'));
    expect(normalised(complete.map((event) => visibleText(event.text)).join(''))).toBe(normalised(timeline.lines.map((line) => line.spoken).join('')));
    if (language !== 'zh') return;
    // Chinese is lit character by character: no karaoke syllable holds two Han characters.
    for (const event of events.filter((candidate) => candidate.style === 'Karaoke')) {
      const syllables = event.text.split(/\{\\k\d+\}/).slice(1);
      for (const syllable of syllables) expect(visibleText(syllable).match(HAN)?.length ?? 0, event.text).toBeLessThanOrEqual(1);
      expect(syllables.filter((syllable) => HAN_ONE.test(visibleText(syllable))).length).toBeGreaterThanOrEqual(5);
    }
    // word_pop lights one character per event.
    if (style === 'word_pop') expect(events.length).toBeGreaterThan(timeline.cues.length * 5);
  });
});
