import { END_CARD_SECONDS, lineSeconds, scriptLines, type ScriptBody } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { buildRenderGraph, planShots, type AudioSource, type RenderClip } from './render-graph.js';
import { FPS, TimelineError, planTimeline, type Timeline } from './timeline.js';
import { bedStart } from './renderer.js';

const SCRIPT: ScriptBody = {
  title: 'Bakery',
  hook: { on_screen: 'Fresh bread at 7', spoken: 'Fresh bread every morning, still warm at seven.' },
  beats: [
    { on_screen: 'Slow proofed', spoken: 'Hand-kneaded and slow proofed for a full day.' },
    { on_screen: 'Rye', spoken: 'Rye.' },
    { on_screen: '20% off Tuesdays', spoken: 'Twenty percent off every Tuesday.' },
  ],
  call_to_action: { on_screen: 'Come say hi', spoken: 'Come say hi on Main Street.' },
  captions: [],
};

function expectContiguous(timeline: Timeline) {
  expect(timeline.lines[0]!.startFrame).toBe(0);
  for (let index = 1; index < timeline.lines.length; index += 1) expect(timeline.lines[index]!.startFrame).toBe(timeline.lines[index - 1]!.endFrame);
  for (const line of timeline.lines) {
    expect(line.start).toBe(line.startFrame / FPS);
    expect(line.end).toBe(line.endFrame / FPS);
    expect(line.endFrame - line.startFrame).toBeGreaterThanOrEqual(15);
  }
  expect(timeline.endCard.startFrame).toBe(timeline.lines[timeline.lines.length - 1]!.endFrame);
  expect(timeline.endCard.endFrame - timeline.endCard.startFrame).toBe(END_CARD_SECONDS * FPS);
  expect(timeline.frames).toBe(timeline.endCard.endFrame);
  expect(timeline.duration).toBe(timeline.frames / FPS);
}

describe('planTimeline', () => {
  it('without a voice, gives each line the time it takes to say, one after another, then the end card', () => {
    const timeline = planTimeline(SCRIPT, 'en', null);
    expectContiguous(timeline);
    expect(timeline.lines.map((line) => line.kind)).toEqual(['hook', 'beat', 'beat', 'beat', 'call_to_action']);
    const expected = scriptLines(SCRIPT).map((line) => lineSeconds(line, 'en'));
    timeline.lines.forEach((line, index) => expect(line.end - line.start).toBeCloseTo(expected[index]!, 1));
    // A line as short as "Rye." still lasts the minimum.
    expect(timeline.lines[2]!.end - timeline.lines[2]!.start).toBe(2);
    expect(timeline.duration).toBeCloseTo(expected.reduce((sum, seconds) => sum + seconds, 0) + END_CARD_SECONDS, 1);
    // The captions are the spoken words, paced at reading speed (the on-screen words are a look's title).
    for (const line of timeline.lines) {
      const own = timeline.cues.filter((cue) => cue.lineIndex === line.index);
      expect(own.map((cue) => cue.text).join(' ')).toBe(line.spoken);
      expect(own.every((cue) => cue.paced === 'reading' && cue.words !== null)).toBe(true);
    }
  });

  it('takes Chinese lines at Chinese reading speed', () => {
    const zh: ScriptBody = { ...SCRIPT, hook: { on_screen: '每天早上七点新鲜出炉的面包', spoken: '每天早上七点新鲜出炉的面包，还是热的' } };
    const timeline = planTimeline(zh, 'zh', null);
    expect(timeline.lines[0]!.end).toBeCloseTo(lineSeconds(zh.hook, 'zh'), 1);
    expect(timeline.lines[0]!.end).toBeGreaterThan(3);
  });

  it('with a voice, cuts a moment before each line is said and ends after the last word', () => {
    const voice = {
      duration: 9.2,
      lines: [
        { start: 0.2, end: 1.8 },
        { start: 2.1, end: 3.9 },
        { start: 4.2, end: 5.0 },
        { start: 5.3, end: 7.1 },
        { start: 7.4, end: 9.0, words: [{ text: 'Come', start: 7.4, end: 7.7 }] },
      ],
    };
    const timeline = planTimeline(SCRIPT, 'en', voice);
    expectContiguous(timeline);
    expect(timeline.lines[1]!.start).toBeCloseTo(2.1 - 0.12, 1);
    expect(timeline.lines[3]!.start).toBeCloseTo(5.3 - 0.12, 1);
    expect(timeline.lines[4]!.end).toBeCloseTo(9.2 + 0.35, 1);
    expect(timeline.duration).toBeCloseTo(9.2 + 0.35 + END_CARD_SECONDS, 1);
    // A line the voice timed word by word is captioned with those words at those times.
    expect(timeline.cues.filter((cue) => cue.lineIndex === 4).flatMap((cue) => cue.words)).toEqual(voice.lines[4]!.words);
    expect(timeline.cues.find((cue) => cue.lineIndex === 4)!.paced).toBe('voice');
    expect(timeline.voiced).toBe(true);
  });

  it('still gives every line a visible shot when the voice rushes or times two lines together', () => {
    const voice = { duration: 2, lines: [0, 0.1, 0.1, 0.2, 0.3].map((start) => ({ start, end: start + 0.05 })) };
    const timeline = planTimeline(SCRIPT, 'en', voice);
    expectContiguous(timeline);
  });

  it('refuses a voice that times another number of lines, or a line with no valid time', () => {
    expect(() => planTimeline(SCRIPT, 'en', { duration: 3, lines: [{ start: 0, end: 1 }] })).toThrow(TimelineError);
    expect(() => planTimeline(SCRIPT, 'en', { duration: 3, lines: [0, 1, 2, 3, 4].map((start) => ({ start, end: start - 1 })) })).toThrow(TimelineError);
    expect(() => planTimeline(SCRIPT, 'en', { duration: 3, lines: [0, 1, Number.NaN, 3, 4].map((start) => ({ start, end: start + 0.5 })) })).toThrow(TimelineError);
  });
});

describe('planShots', () => {
  const timeline = planTimeline(SCRIPT, 'en', null);
  const clip = (duration: number | null, kind: RenderClip['kind'] = 'video'): RenderClip => ({ path: `/m/${kind}-${duration}.mp4`, kind, duration, width: 1920, height: 1080 });
  const option = (args: string[], name: string) => {
    const at = args.indexOf(name);
    return at < 0 ? null : Number(args[at + 1]);
  };

  it('shows the clips in order, cycling when there are fewer than lines', () => {
    const clips = [clip(20), clip(null, 'image')];
    const shots = planShots(timeline, clips);
    expect(shots.map((shot) => shot.clip)).toEqual([clips[0], clips[1], clips[0], clips[1], clips[0]]);
    expect(shots[1]!.inputArgs).toEqual(['-i', clips[1]!.path]);
  });

  it('reads only the seconds a shot fills from a long clip, further in at each reuse', () => {
    const long = clip(540);
    const shots = planShots(timeline, [long]);
    const starts = shots.map((shot) => option(shot.inputArgs, '-ss')!);
    shots.forEach((shot, index) => {
      const seconds = timeline.lines[index]!.end - timeline.lines[index]!.start;
      expect(option(shot.inputArgs, '-t')).toBeCloseTo(seconds + 0.25, 3);
      expect(shot.inputArgs.indexOf('-ss')).toBeLessThan(shot.inputArgs.indexOf('-i'));
      expect(starts[index]! + option(shot.inputArgs, '-t')!).toBeLessThanOrEqual(540);
    });
    for (let index = 1; index < starts.length; index += 1) expect(starts[index]!).toBeGreaterThan(starts[index - 1]!);
  });

  it('slows a clip a little short for its shot and loops one much shorter', () => {
    const seconds = timeline.lines[0]!.end - timeline.lines[0]!.start;
    const [slowed] = planShots(timeline, [clip(seconds * 0.8)]);
    expect(slowed!.stretch).toBeGreaterThan(1);
    expect(slowed!.stretch).toBeLessThan(1.7);
    const [looped] = planShots(timeline, [clip(seconds * 0.3)]);
    expect(looped!.inputArgs.slice(0, 2)).toEqual(['-stream_loop', '-1']);
    expect(looped!.stretch).toBe(1);
  });
});

describe('buildRenderGraph', () => {
  it('makes one graph with one concat of every shot and the end card, mapped to one video and one cover', () => {
    const timeline = planTimeline(SCRIPT, 'en', null);
    const clips: RenderClip[] = [
      { path: '/m/a.mp4', kind: 'video', duration: 30, width: 1920, height: 1080 },
      { path: '/m/b.jpg', kind: 'image', duration: null, width: 4000, height: 3000 },
    ];
    const graph = buildRenderGraph({
      timeline,
      size: { width: 1080, height: 1920 },
      clips,
      palette: { primary: '#1e3a8a', accent: '#f59e0b', ink: '#0f1d45', highlight: '#f9c55b', onPrimary: '#ffffff', accentBox: '#7a4f05', onAccent: '#111111' },
      captionsFile: '/w/captions.ass',
      coverAssFile: '/w/cover.ass',
      fontsDir: "/w/it's fonts",
      endCard: { texts: [], logo: null, qr: { x: 100, y: 900, size: 300 }, ctaBox: null },
      qrFile: '/w/qr.png',
      logoPath: null,
      voice: null,
      music: { path: '/m/bed.m4a', gainDb: -2 },
      videoFile: '/w/video.mp4',
      coverFile: '/w/cover.jpg',
      encoder: { preset: 'veryfast', crf: 23, maxrateKbps: 6000, audioKbps: 128, x264Params: 'rc-lookahead=5', decoderThreads: 1 },
      loudness: { integrated: -14, truePeak: -1, range: 11 },
    });
    // Every shot and the end card in one join; each clip's reading is joined to its ground alone.
    expect(graph.graph.match(/concat=n=\d+:v=1:a=0,split/g)).toEqual([`concat=n=${timeline.lines.length + 1}:v=1:a=0,split`]);
    expect(graph.graph).not.toContain('eof_action=repeat');
    expect(graph.graph).toContain(`fontsdir='/w/it'\\''s fonts'`);
    expect(graph.outputArgs.filter((arg) => arg === '-map')).toHaveLength(3);
    expect(graph.outputArgs).toContain('+faststart');
    // The clip's decoder is held to its threads; the still needs no such option.
    const firstClip = graph.inputArgs.indexOf('/m/a.mp4');
    expect(graph.inputArgs.slice(graph.inputArgs.lastIndexOf('-threads', firstClip), firstClip)).toEqual(['-threads', '1', '-ss', expect.any(String), '-t', expect.any(String), '-i']);
    expect(graph.inputArgs[graph.inputArgs.indexOf('/m/b.jpg') - 2]).not.toBe('-threads');
    expect(graph.inputArgs.filter((arg) => arg === '-threads')).toHaveLength(timeline.lines.filter((_, index) => index % 2 === 0).length);
    expect(graph.outputArgs[graph.outputArgs.indexOf('-x264-params') + 1]).toBe('rc-lookahead=5');
    expect(graph.outputArgs[graph.outputArgs.indexOf('-profile:v') + 1]).toBe('high');
    expect(graph.outputArgs[graph.outputArgs.indexOf('-t') + 1]).toBe(String(timeline.duration));
    expect(graph.graph).toMatch(/loudnorm=I=-14:TP=-1/);
  });

  it('ducks the music under the voice: a compressor on the music, keyed by the voice, before the mix is normalised', () => {
    const graph = soundGraph({ path: '/w/voice.wav', gainDb: 3 }, { path: '/m/bed.m4a', gainDb: -12 });
    const chains = graph.graph.split(';\n');
    const voiceInput = graph.inputArgs.filter((arg) => arg === '-i').length - 1;
    expect(chains.find((chain) => chain.startsWith(`[${voiceInput}:a:0]`))).toMatch(/volume=3dB.*asplit=2\[voice\]\[key\]$/);
    expect(chains.find((chain) => chain.includes('sidechaincompress'))).toMatch(/^\[music\]\[key\]sidechaincompress=/);
    expect(chains.find((chain) => chain.includes('amix'))).toMatch(/^\[ducked\]\[voice\]amix=.*loudnorm=I=-14:TP=-1.*\[aout\]$/);
    // The music loops for as long as the video lasts.
    expect(graph.inputArgs.slice(0, 2)).toEqual(['-stream_loop', '-1']);
    expect(graph.inputArgs).not.toContain('-ss');
  });

  it('starts a bed where the render’s seed says, the same for the same seed and elsewhere for another', () => {
    const starts = ['1:2026-11-28:0', '1:2026-11-28:1', '1:2026-11-28:2', '1:2026-11-28:3', '1:2026-11-28:4'].map((seed) => bedStart(seed, 32));
    expect(starts.map((_, index) => bedStart(`1:2026-11-28:${index}`, 32))).toEqual(starts);
    for (const start of starts) {
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start).toBeLessThan(24);
    }
    expect(new Set(starts).size).toBe(starts.length);
    expect(bedStart(undefined, 32)).toBe(0);
    const graph = soundGraph(null, { path: '/m/bed.m4a', gainDb: -12, startSeconds: starts[1]! });
    // Seeking the input before it is read: the loop then plays on from there.
    expect(graph.inputArgs.slice(0, 4)).toEqual(['-stream_loop', '-1', '-ss', String(starts[1])]);
  });
});

/** A graph of the script with no clips, a voice and music as given: what the sound tests read. */
function soundGraph(voice: AudioSource | null, music: AudioSource | null) {
  return buildRenderGraph({
    timeline: planTimeline(SCRIPT, 'en', null),
    size: { width: 360, height: 640 },
    clips: [],
    palette: { primary: '#1e3a8a', accent: '#f59e0b', ink: '#0f1d45', highlight: '#f9c55b', onPrimary: '#ffffff', accentBox: '#7a4f05', onAccent: '#111111' },
    captionsFile: '/w/captions.ass',
    coverAssFile: '/w/cover.ass',
    fontsDir: '/w/fonts',
    endCard: { texts: [], logo: null, qr: null, ctaBox: null },
    qrFile: null,
    logoPath: null,
    voice,
    music,
    videoFile: '/w/video.mp4',
    coverFile: '/w/cover.jpg',
    encoder: { preset: 'veryfast', crf: 23, maxrateKbps: 1200, audioKbps: 128, x264Params: 'rc-lookahead=5', decoderThreads: 1 },
    loudness: { integrated: -14, truePeak: -1, range: 11 },
  });
}
