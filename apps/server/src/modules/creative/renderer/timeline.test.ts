import { END_CARD_SECONDS, lineSeconds, scriptLines, type ScriptBody } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { buildRenderGraph, type AudioSource, type RenderClip } from './render-graph.js';
import { GRAPH_INPUT } from './caption-test-kit.js';
import { lookById } from './looks.js';
import { planShots } from './shot-plan.js';
import { buildSoundGraph } from './sound-graph.js';
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
  it('makes the picture in one run per segment, each its own shot and the tail before it, joined by a copy with the sound', () => {
    const timeline = planTimeline(SCRIPT, 'en', null);
    const clips: RenderClip[] = [
      { path: '/m/a.mp4', kind: 'video', duration: 30, width: 1920, height: 1080 },
      { path: '/m/b.jpg', kind: 'image', duration: null, width: 4000, height: 3000 },
    ];
    const render = buildRenderGraph({
      ...GRAPH_INPUT,
      timeline,
      clips,
      fontsDir: "/w/it's fonts",
      endCard: { texts: [], logo: null, qr: { x: 100, y: 900, size: 300 }, ctaBox: null },
      qrFile: '/w/qr.png',
      music: { path: '/m/bed.m4a', gainDb: -2 },
      look: lookById('street_pop'),
    });
    const { segments } = render;
    // One segment per line and one for the end card, end to end, each of exactly its frames.
    expect(segments).toHaveLength(timeline.lines.length + 1);
    expect(segments.map((segment) => segment.startFrame)).toEqual([...timeline.lines.map((line) => line.startFrame), timeline.endCard.startFrame]);
    expect(segments.reduce((sum, segment) => sum + segment.frames, 0)).toBe(timeline.frames);
    segments.forEach((segment, index) => {
      const option = (name: string) => segment.outputArgs[segment.outputArgs.indexOf(name) + 1];
      expect(option('-frames:v')).toBe(String(segment.frames));
      expect(option('-f')).toBe('mpegts');
      expect(option('-x264-params')).toBe('rc-lookahead=5');
      expect(option('-profile:v')).toBe('high');
      expect(option('-g')).toBe('60');
      expect(segment.outputArgs).toContain('-an');
      // The captions are drawn at the segment's place in the whole video, then the segment starts at zero.
      expect(segment.graph).toContain(`setpts=PTS+${segment.startFrame}/(30*TB),ass=filename='/w/captions.ass':fontsdir='/w/it'\\''s fonts',setpts=PTS-STARTPTS[vout]`);
      expect(segment.graph).not.toContain('eof_action=repeat');
      // Only its own shot and the outgoing shot's tail are opened: shot i shows clip i % 2.
      const opened = segment.inputArgs.filter((arg) => arg.startsWith('/m/'));
      const own = index < timeline.lines.length ? [clips[index % 2]!.path] : [];
      const before = index > 0 ? [clips[(index - 1) % 2]!.path] : [];
      expect(opened.sort()).toEqual([...own, ...before].sort());
      // The clip's decoder is held to its threads; the still needs no such option.
      const clip = segment.inputArgs.indexOf('/m/a.mp4');
      if (clip >= 0) expect(segment.inputArgs.slice(segment.inputArgs.lastIndexOf('-threads', clip), clip)).toEqual(['-threads', '1', '-ss', expect.any(String), '-t', expect.any(String), '-i']);
      const still = segment.inputArgs.indexOf('/m/b.jpg');
      if (still >= 0) expect(segment.inputArgs[still - 2]).not.toBe('-threads');
    });
    // Without a probed bitrate a segment costs its frames; a busy clip's seconds add to it.
    expect(segments.map((segment) => segment.cost)).toEqual(segments.map((segment) => segment.frames));
    // The cover comes from the hook's segment; the end card's holds the QR code.
    expect(segments[0]!.outputArgs.slice(-7)).toEqual(['-map', '[cover]', '-frames:v', '1', '-q:v', '3', '/w/cover.jpg']);
    expect(segments.at(-1)!.inputArgs.slice(0, 2)).toEqual(['-i', '/w/qr.png']);
    // The sound is its own run; the join copies the segments in order beside it.
    expect(render.sound.graph).toMatch(/loudnorm=I=-14:TP=-1/);
    expect(render.sound.file).toBe('/w/sound.m4a');
    expect(render.join.list).toBe(segments.map((segment) => `file '${segment.file}'\n`).join(''));
    expect(render.join.args).toEqual(['-f', 'concat', '-safe', '0', '-i', '/w/segments.txt', '-i', '/w/sound.m4a', '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-t', String(timeline.duration), '-movflags', '+faststart', '/w/video.mp4']);
  });

  it('expects a segment that reads a busy clip to cost more: its frames and half a frame a megabit', () => {
    const timeline = planTimeline(SCRIPT, 'en', null);
    const clips: RenderClip[] = [
      // Three seconds of a 60 Mbit/s clip (a 1080p60 phone video) against the same of a 2 Mbit/s one.
      { path: '/m/busy.mp4', kind: 'video', duration: 30, width: 1920, height: 1080, bitrate: 60e6 },
      { path: '/m/calm.mp4', kind: 'video', duration: 30, width: 1920, height: 1080, bitrate: 2e6 },
    ];
    const { segments } = buildRenderGraph({ ...GRAPH_INPUT, timeline, clips, look: lookById('classic') });
    const read = (index: number) => Number(segments[index]!.inputArgs[segments[index]!.inputArgs.indexOf('-t') + 1]);
    expect(segments[0]!.cost).toBeCloseTo(segments[0]!.frames + (60 * read(0)) / 2, 6);
    expect(segments[1]!.cost).toBeCloseTo(segments[1]!.frames + (2 * read(1)) / 2, 6);
    expect(segments[0]!.cost - segments[0]!.frames).toBeGreaterThan(20 * (segments[1]!.cost - segments[1]!.frames));
    // The end card reads no clip (classic cuts through black: no tail before it).
    expect(segments.at(-1)!.cost).toBe(segments.at(-1)!.frames);
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
  return buildSoundGraph({ duration: planTimeline(SCRIPT, 'en', null).duration, voice, music, loudness: { integrated: -14, truePeak: -1, range: 11 }, audioKbps: 128, file: '/w/sound.m4a' });
}
