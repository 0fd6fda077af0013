import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { lineSeconds, type ScriptLanguage } from '@nearcast/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../media/index.js';
import { startFakeSpeech, type FakeSpeech } from './fake-speech.js';
import { createVoiceEngines, LINE_PAUSE_SECONDS, VoiceError, type VoiceLine, type VoiceTrack } from './index.js';
import { captionWords, characterWords, estimateWordTimes, wordTimesFromMarks } from './word-timing.js';
import { espeakInput } from './local-voice.js';
import type { CloudVoiceConfig } from './cloud-voice.js';

const exec = promisify(execFile);
const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });

let fake: FakeSpeech;
let workDir: string;

beforeAll(async () => {
  fake = await startFakeSpeech({ ffmpeg: tools.ffmpeg });
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  fake.mode = { kind: 'ok' };
  fake.requests.length = 0;
  fake.maxInFlight = 0;
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-voice-'));
  return workDir;
}

function cloudConfig(overrides: Partial<CloudVoiceConfig> = {}): CloudVoiceConfig {
  return {
    TTS_BASE_URL: fake.baseUrl,
    TTS_API_KEY: fake.apiKey,
    TTS_MODEL: 'gpt-4o-mini-tts',
    TTS_VOICES: 'en=alloy,es=nova,zh=shimmer',
    TTS_TIMEOUT_SECONDS: 5,
    ...overrides,
  };
}

async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await exec(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** The loudest sample of a stretch of the track, in dBFS (ffmpeg's volumedetect). */
async function maxVolume(file: string, from = 0, to?: number): Promise<number> {
  const window = ['-ss', String(from), ...(to === undefined ? [] : ['-to', String(to)])];
  const { stderr } = await exec(tools.ffmpeg, ['-hide_banner', '-nostdin', ...window, '-i', file, '-af', 'volumedetect', '-f', 'null', '-']);
  const match = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  return match?.[1] === undefined || match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/** The shape every engine's track must have, whatever spoke it. */
async function expectWellFormed(track: VoiceTrack, lines: VoiceLine[]): Promise<void> {
  expect(track.lines).toHaveLength(lines.length);
  expect(await probeSeconds(track.path)).toBeCloseTo(track.duration, 2);
  const sounds = track.lines.reduce((sum, line) => sum + (line.end - line.start), 0);
  expect(track.duration).toBeCloseTo(sounds + LINE_PAUSE_SECONDS * (lines.length - 1), 2);
  expect(track.lines[0]?.start).toBe(0);
  expect(track.lines.at(-1)?.end).toBeCloseTo(track.duration, 3);
  track.lines.forEach((window, index) => {
    expect(window.end).toBeGreaterThan(window.start);
    const next = track.lines[index + 1];
    if (next) expect(next.start - window.end).toBeCloseTo(LINE_PAUSE_SECONDS, 3);
    let previous = window.start;
    for (const word of window.words ?? []) {
      expect(word.start).toBeGreaterThanOrEqual(previous - 1e-9);
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(window.end + 1e-9);
      previous = word.end;
    }
    const text = lines[index]?.text.trim() ?? '';
    const joined = (window.words ?? []).map((word) => word.text).join('').replace(/\s+/g, '');
    expect(joined).toBe(text.replace(/\s+/g, ''));
  });
}

describe('the none engine', () => {
  it('speaks nothing', async () => {
    const engines = createVoiceEngines(cloudConfig(), tools);
    expect(engines.none.available).toBe(true);
    expect(await engines.none.speak({ language: 'en', lines: [{ text: 'Hello there.' }], workDir: os.tmpdir() })).toBeNull();
  });
});

describe('the cloud engine', () => {
  const lines: VoiceLine[] = [
    { text: 'Fresh bread, every morning.' },
    { text: '', onScreen: 'Baked on Main Street since 1998' },
    { text: 'Croissants, rolls & sourdough.' },
    { text: 'Come by today!' },
  ];

  it('is unavailable without TTS_BASE_URL and says so', async () => {
    const { cloud } = createVoiceEngines(cloudConfig({ TTS_BASE_URL: undefined }), tools);
    expect(cloud.available).toBe(false);
    expect(cloud.unavailableReason).toContain('TTS_BASE_URL');
    await expect(cloud.speak({ language: 'en', lines, workDir: await freshDir() })).rejects.toBeInstanceOf(VoiceError);
  });

  it('speaks each line once and joins them into one measured track with word timings', async () => {
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    const track = await cloud.speak({ language: 'en', lines, workDir: await freshDir() });
    if (!track) throw new Error('expected a track');
    await expectWellFormed(track, lines);

    // Each spoken line lasts as long as the provider's audio for it; the silent one its reading time.
    lines.forEach((line, index) => {
      const window = track.lines[index];
      if (!window) throw new Error('missing window');
      const expected = line.text ? fake.secondsFor(line.text) : lineSeconds({ on_screen: line.onScreen ?? '', spoken: '' }, 'en');
      expect(window.end - window.start).toBeCloseTo(expected, 2);
    });
    expect(track.lines[1]?.words).toEqual([]);
    expect(track.lines[0]?.words?.map((word) => word.text)).toEqual(['Fresh', 'bread,', 'every', 'morning.']);

    // Sound where the lines are, silence in the silent line.
    const [first, silent] = track.lines;
    if (!first || !silent) throw new Error('missing windows');
    expect(await maxVolume(track.path, first.start, first.end)).toBeGreaterThan(-20);
    // Digital silence reads as one least-significant bit (about -90 dBFS) at most.
    expect(await maxVolume(track.path, silent.start + 0.05, silent.end - 0.05)).toBeLessThan(-80);

    // The silent line is not sent; every request carries the model, the voice, the format and the key.
    expect(fake.requests.map((request) => request.body.input).sort()).toEqual([lines[0]?.text, lines[2]?.text, lines[3]?.text].sort());
    for (const request of fake.requests) {
      expect(request.authorization).toBe(`Bearer ${fake.apiKey}`);
      expect(request.body).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'alloy', response_format: 'wav' });
    }
    // The intermediate clips are gone; only the track stays.
    expect(await fs.readdir(workDir)).toEqual(['voice.wav']);
  });

  it('chooses the voice by language and times Chinese by its words', async () => {
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    const zhLines = [{ text: '每天早上新鲜出炉的面包，就在主街。' }, { text: '今天就来！' }];
    const track = await cloud.speak({ language: 'zh', lines: zhLines, workDir: await freshDir() });
    if (!track) throw new Error('expected a track');
    await expectWellFormed(track, zhLines);
    expect(fake.requests.map((request) => request.body.voice)).toEqual(['shimmer', 'shimmer']);
    expect(track.lines[0]?.words?.length).toBeGreaterThan(4);

    const spanish = createVoiceEngines(cloudConfig({ TTS_VOICES: 'nova' }), tools).cloud;
    await spanish.speak({ language: 'es', lines: [{ text: '¡Hola!' }], workDir });
    expect(fake.requests.at(-1)?.body.voice).toBe('nova');
  });

  it('asks for at most three lines at once', async () => {
    fake.mode = { kind: 'ok', delayMs: 150 };
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    const many = Array.from({ length: 7 }, (_, index) => ({ text: `Line number ${index + 1}.` }));
    const track = await cloud.speak({ language: 'en', lines: many, workDir: await freshDir() });
    expect(track?.lines).toHaveLength(7);
    expect(fake.requests).toHaveLength(7);
    expect(fake.maxInFlight).toBe(3);
  });

  it('waits as long as Retry-After asks, once, then goes on', async () => {
    fake.mode = { kind: 'rate-limited', retryAfter: '1', times: 1 };
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    const started = Date.now();
    const track = await cloud.speak({ language: 'en', lines: [{ text: 'Hi!' }], workDir: await freshDir() });
    expect(track?.lines).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a server error once', async () => {
    fake.mode = { kind: 'error', times: 1 };
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    expect(await cloud.speak({ language: 'en', lines: [{ text: 'Hi!' }], workDir: await freshDir() })).not.toBeNull();
    expect(fake.requests).toHaveLength(2);
  });

  async function failure(config: Partial<CloudVoiceConfig>, speakLines: VoiceLine[] = [{ text: 'Hi!' }]): Promise<VoiceError> {
    const { cloud } = createVoiceEngines(cloudConfig(config), tools);
    const error = await cloud.speak({ language: 'en', lines: speakLines, workDir: await freshDir() }).then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof VoiceError)) throw new Error(`expected a VoiceError, got ${String(error)}`);
    expect(error.engine).toBe('cloud');
    expect(error.detail).not.toContain(fake.apiKey);
    expect(error.message).not.toContain(fake.apiKey);
    return error;
  }

  it('gives up after one retry of a rate limit, with the provider’s words', async () => {
    fake.mode = { kind: 'rate-limited', retryAfter: '0', times: 5 };
    const error = await failure({});
    expect(error.detail).toBe('HTTP 429 from the speech provider (after one retry): Rate limit reached for requests per min.');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After past the cap', async () => {
    fake.mode = { kind: 'rate-limited', retryAfter: '120', times: 5 };
    const started = Date.now();
    const error = await failure({});
    expect(error.detail).toContain('asks to wait 120 s');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a server error that persists', async () => {
    fake.mode = { kind: 'error', times: 5 };
    const error = await failure({}, [{ text: 'One.' }, { text: 'Two.' }]);
    expect(error.detail).toContain('HTTP 500');
    expect(error.detail).toContain('The server had an error');
  });

  it('reports a provider that does not answer in time', async () => {
    fake.mode = { kind: 'hang' };
    const started = Date.now();
    const error = await failure({ TTS_TIMEOUT_SECONDS: 0.4 });
    expect(error.detail).toBe('no answer from the speech provider within 0.4 s');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports an answer that is not audio', async () => {
    fake.mode = { kind: 'garbage' };
    const error = await failure({});
    expect(error.detail).toContain('not audio');
  });

  it('stops reading an answer past TTS_MAX_ANSWER_BYTES, closing the connection, and reports it', async () => {
    // 300 MB took 12 s to buffer whole before; the cap stops it at the first chunk over.
    fake.mode = { kind: 'oversize', bytes: 300 * 1024 * 1024 };
    const started = Date.now();
    const error = await failure({ TTS_MAX_ANSWER_BYTES: 1024 * 1024 }, [{ text: 'One.' }]);
    const elapsed = Date.now() - started;
    expect(error.detail).toBe("the speech provider's answer is larger than 1 MB");
    expect(elapsed).toBeLessThan(1000);
    await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
    // What the socket buffers took in before the hang-up, not the 300 MB.
    expect(fake.requests[0]!.bytesSent).toBeLessThan(32 * 1024 * 1024);
    console.log(`oversize speech answer: failed over in ${elapsed} ms after ${fake.requests[0]!.bytesSent} of ${300 * 1024 * 1024} bytes`);
    // Not retried: a provider that sent too much would send too much again.
    expect(fake.requests).toHaveLength(1);
    expect(await fs.readdir(workDir)).toEqual([]);
  });

  it('refuses an answer whose declared length is over the cap without reading it, and keeps 50 MB as the default cap', async () => {
    fake.mode = { kind: 'oversize', bytes: 300 * 1024 * 1024, declareLength: true };
    const started = Date.now();
    const error = await failure({}, [{ text: 'One.' }]);
    expect(error.detail).toBe("the speech provider's answer is larger than 50 MB");
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(() => fake.requests[0]?.closedEarly).toBe(true);
    expect(fake.requests[0]!.bytesSent).toBeLessThan(32 * 1024 * 1024);
  });

  it('reports a refused key without repeating it', async () => {
    const wrongKey = 'sk-wrong-key-that-must-not-leak-42';
    const { cloud } = createVoiceEngines(cloudConfig({ TTS_API_KEY: wrongKey }), tools);
    const error = await cloud.speak({ language: 'en', lines: [{ text: 'Hi!' }], workDir: await freshDir() }).catch((caught: unknown) => caught);
    if (!(error instanceof VoiceError)) throw new Error('expected a VoiceError');
    expect(error.detail).toContain('HTTP 401');
    expect(error.detail).toContain('Incorrect API key');
    expect(error.detail).not.toContain(wrongKey);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a provider it cannot reach', async () => {
    const error = await failure({ TTS_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(error.detail).toContain('could not reach the speech provider');
  });

  it('stops its requests when aborted', async () => {
    fake.mode = { kind: 'hang' };
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    const controller = new AbortController();
    const reason = new Error('render cancelled');
    setTimeout(() => controller.abort(reason), 150);
    const started = Date.now();
    await expect(cloud.speak({ language: 'en', lines: [{ text: 'One.' }, { text: 'Two.' }], workDir: await freshDir(), signal: controller.signal })).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect.poll(() => fake.requests.every((request) => request.closedEarly)).toBe(true);
    expect(await fs.readdir(workDir)).toEqual([]);
  });

  it('talks to a fake that answers in the format asked for, as the real service does', async () => {
    const response = await fetch(`${fake.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'Hello there', voice: 'nova' }),
    });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const file = path.join(await freshDir(), 'hello.mp3');
    await fs.writeFile(file, Buffer.from(await response.arrayBuffer()));
    // MP3 adds its encoder delay and frame padding, which is why the engine asks for WAV.
    const seconds = await probeSeconds(file);
    expect(seconds).toBeGreaterThanOrEqual(fake.secondsFor('Hello there'));
    expect(seconds).toBeLessThan(fake.secondsFor('Hello there') + 0.1);
  });

  it('says nothing when no line has words', async () => {
    const { cloud } = createVoiceEngines(cloudConfig(), tools);
    expect(await cloud.speak({ language: 'en', lines: [{ text: ' ' }, { text: '' }], workDir: await freshDir() })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the local engine (eSpeak NG)', () => {
  const samples: Record<ScriptLanguage, VoiceLine[]> = {
    en: [{ text: 'Fresh bread, every morning.' }, { text: '', onScreen: 'Since 1998' }, { text: 'Bread & butter, 20% off!' }],
    es: [{ text: '¿Pan fresco? ¡Aquí, cada mañana!' }, { text: 'Ven hoy.' }],
    zh: [{ text: '每天早上新鲜出炉的面包。' }, { text: '今天就来！' }],
  };

  it.each(Object.entries(samples) as Array<[ScriptLanguage, VoiceLine[]]>)('speaks %s with its own word timings', async (language, lines) => {
    const { local } = createVoiceEngines(cloudConfig(), tools);
    expect(local.available).toBe(true);
    const track = await local.speak({ language, lines, workDir: await freshDir() });
    if (!track) throw new Error('expected a track');
    await expectWellFormed(track, lines);
    for (const [index, line] of lines.entries()) {
      const window = track.lines[index];
      if (!window) throw new Error('missing window');
      if (line.text) expect(await maxVolume(track.path, window.start, window.end)).toBeGreaterThan(-25);
      else expect(window.end - window.start).toBeCloseTo(lineSeconds({ on_screen: line.onScreen ?? '', spoken: '' }, language), 2);
    }
    // The engine's word events time the words: not the even spread of the estimate.
    const first = track.lines[0];
    if (!first?.words) throw new Error('missing words');
    const spread = estimateWordTimes(captionWords(lines[0]?.text ?? '', language), first.end - first.start, first.start);
    // Chinese is timed character by character, so its captions light each character as it is said.
    const estimate = language === 'zh' ? characterWords(spread) : spread;
    expect(first.words.map((word) => word.text)).toEqual(estimate.map((word) => word.text));
    if (language === 'zh') expect(first.words.every((word) => [...word.text.replace(/[^\p{L}]/gu, '')].length === 1)).toBe(true);
    expect(first.words).not.toEqual(estimate);
  });

  it('is killed when aborted', async () => {
    const { local } = createVoiceEngines(cloudConfig(), tools);
    const controller = new AbortController();
    const reason = new Error('render cancelled');
    const dir = await freshDir();
    const long = Array.from({ length: 6 }, () => ({ text: 'This sentence is long enough to keep the synthesiser busy for a good while, and then some more.' }));
    const speaking = local.speak({ language: 'en', lines: long, workDir: dir, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 300);
    const started = Date.now();
    await expect(speaking).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await fs.readdir(dir)).toEqual([]);
    if (process.platform === 'linux') {
      const alive: string[] = [];
      for (const pid of await fs.readdir('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        if (command.includes(dir)) alive.push(pid);
      }
      expect(alive).toEqual([]);
    }
  });
});

describe('word timing', () => {
  it('splits caption words by spaces, and Chinese by its dictionary, keeping punctuation on a word', () => {
    expect(captionWords('¿Pan fresco? ¡Aquí, cada mañana!', 'es').map((word) => word.text)).toEqual(['¿Pan', 'fresco?', '¡Aquí,', 'cada', 'mañana!']);
    expect(captionWords('20% off — e.g. today', 'en').map((word) => word.text)).toEqual(['20%', 'off —', 'e.g.', 'today']);
    expect(captionWords('每天早上新鲜出炉的面包，就在主街。', 'zh').map((word) => word.text).join('|')).toBe('每天|早上|新鲜|出炉|的|面包，|就在|主|街。');
  });

  it('spreads words by their length and places engine marks on the caption words', () => {
    const words = captionWords('go faraways', 'en');
    expect(estimateWordTimes(words, 1, 10)).toEqual([
      { text: 'go', start: 10, end: 10.2 },
      { text: 'faraways', start: 10.2, end: 11 },
    ]);
    const marks = [
      { kind: 'word' as const, at: 0, time: 0.05 },
      { kind: 'word' as const, at: 3, time: 0.3 },
      { kind: 'clause-end' as const, at: 11, time: 0.9 },
    ];
    expect(wordTimesFromMarks(words, marks, 0.9, 2)).toEqual([
      { text: 'go', start: 2.05, end: 2.3 },
      { text: 'faraways', start: 2.3, end: 2.9 },
    ]);
    // A word the engine never marked leaves the estimate to do the work.
    expect(wordTimesFromMarks(words, marks.slice(0, 1), 0.9)).toBeNull();
  });

  it('feeds eSpeak plain speech and maps its positions back', () => {
    const { input, origin } = espeakInput('R&D <b>', 'en');
    expect(input).toBe('R and D  b ');
    expect(origin[input.indexOf('D')]).toBe(2);
    expect(espeakInput('a😀b', 'en').origin).toEqual([0, 1, 3]);
  });
});
