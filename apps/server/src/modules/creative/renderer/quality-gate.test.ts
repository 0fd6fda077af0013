import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatMessage, readStoredMessage, type ScriptBody } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools, run } from '../../../adapters/media/index.js';
import { checkQuality, durationCheck, foreignText, insideSafeArea, loudnessCheck, parseScan, pictureCheck, textEvents, type QualityInput } from './quality-gate.js';

/**
 * The quality gate: each check on made-up findings, then the whole gate on real videos made with
 * ffmpeg (a black opening, a stuck picture, silence), timed against the cost of making them.
 */
/**
 * CPU time, in ms, of this process's ended children (ffmpeg runs), from /proc/self/stat: its
 * 16th and 17th fields, cutime and cstime, in clock ticks of 1/100 s on Linux.
 */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ');
  // Fields after the command's closing parenthesis start at the 3rd (state).
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) * 10;
}

const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
const size = { width: 360, height: 640 };
const line = (text: string) => ({ on_screen: text, spoken: text });
const script: ScriptBody = {
  title: 'Tacos',
  hook: line('Hungry for tacos tonight?'),
  beats: [line('Fresh tortillas pressed every morning'), line('Salsa made by hand, mild to fiery')],
  call_to_action: line('Order at the counter'),
  captions: [],
};
const en = (stored: string) => readStoredMessage('en', stored);

describe('the checks', () => {
  it('read blackdetect, freezedetect and the loudness meter from ffmpeg’s lines', () => {
    const scan = parseScan([
      '[blackdetect @ 0x1] black_start:0 black_end:1.5 black_duration:1.5',
      '[freezedetect @ 0x2] lavfi.freezedetect.freeze_start: 4.2',
      '[freezedetect @ 0x2] lavfi.freezedetect.freeze_duration: 3.6',
      '[freezedetect @ 0x2] lavfi.freezedetect.freeze_end: 7.8',
      '[Parsed_ebur128_0 @ 0x3] t: 0.1 TARGET:-23 LUFS M: -20.1 S:-120.7 I: -19.0 LUFS LRA: 0.0 LU',
      '    I:         -14.2 LUFS',
    ]);
    expect(scan).toEqual({ black: [{ start: 0, duration: 1.5 }], frozen: [{ start: 4.2, duration: 3.6 }], lufs: -14.2 });
  });

  it('fail a black or stuck stretch, but not the end card standing still', () => {
    expect(en(pictureCheck({ black: [{ start: 0, duration: 1.5 }], frozen: [] }, 12).message)).toBe('The picture is black for 1.5 s from 0 s');
    const stuck = pictureCheck({ black: [], frozen: [{ start: 4.2, duration: 3.6 }] }, 12);
    expect(stuck.ok).toBe(false);
    expect(readStoredMessage('zh', stuck.message)).toBe('从第 4.2 秒起画面静止 3.6 秒');
    // The last three seconds are the end card: a still there is the design.
    expect(pictureCheck({ black: [{ start: 10, duration: 0.4 }], frozen: [{ start: 9, duration: 3 }] }, 12).ok).toBe(true);
  });

  it('hold the loudness to the target, and silence to what was asked', () => {
    const asked = { expectSound: true, targetLufs: -14 };
    expect(loudnessCheck(-14.6, asked).ok).toBe(true);
    expect(en(loudnessCheck(-19, asked).message)).toBe('Too quiet: -19 LUFS where the platforms expect about -14');
    expect(loudnessCheck(-9, asked).ok).toBe(false);
    expect(en(loudnessCheck(null, asked).message)).toBe('The video is silent although it should have a voice or music');
    expect(loudnessCheck(-Infinity, { expectSound: false, targetLufs: -14 }).ok).toBe(true);
  });

  it('compare the duration with the script’s reading time in its language', () => {
    expect(durationCheck({ duration: 13, script, language: 'en' }).ok).toBe(true);
    const long = durationCheck({ duration: 40, script, language: 'en' });
    expect(long.ok).toBe(false);
    expect(readStoredMessage('es', long.message)).toMatch(/^Dura 40 s, pero su guion se lee en unos [\d.]+ s en este idioma$/);
  });

  it('place every text event inside the safe area, drawings and moving decorations aside', () => {
    const ass = [
      'Dialogue: 0,0:00:00.00,0:00:02.00,Caption,,0,0,0,,{\\an2\\pos(160,480)\\fs28\\bord3}Hungry, for tacos\\Ntonight?',
      'Dialogue: 0,0:00:00.00,0:00:02.00,Third,,0,0,0,,{\\an7\\pos(22,400)\\p1}m 0 0 l 10 0 10 10 0 10',
      'Dialogue: 0,0:00:00.00,0:00:02.00,Third,,0,0,0,,{\\an7\\move(-40,400,22,400,0,300)\\p1}m 0 0 l 10 0 10 10 0 10',
      'Dialogue: 0,0:00:02.00,0:00:04.00,Caption,,0,0,0,,{\\an2\\pos(160,600)\\fs28}Under the buttons',
    ].join('\n');
    const events = textEvents(ass);
    expect(events.map((event) => event.lines)).toEqual([['Hungry, for tacos', 'tonight?'], ['Under the buttons']]);
    expect(events.map((event) => insideSafeArea(event, size))).toEqual([true, false]);
  });

  it('find a text layer in another script, the shop’s own names aside', () => {
    expect(foreignText(['¡Pide en el mostrador!', "Carmen's Tacos"], 'es', ["Carmen's Tacos"])).toBeNull();
    // A look's capitals and a curly apostrophe still name the shop.
    expect(foreignText(['AT MARIACHI PLAZA CAFÉ.', 'VISIT CARMEN’S TACOS'], 'en', ['Mariachi Plaza Café', "Carmen's Tacos"])).toBeNull();
    // The city of the address is a name, not Spanish words in an English video.
    expect(foreignText(['PROUDLY LOS ANGELES.'], 'en', ['1234 Sunset Blvd, Los Angeles'])).toBeNull();
    expect(foreignText(['Fresh tortillas', '福利：两个塔可 5 美元'], 'en', [])).toBe('福利：两个塔可 5 美元');
    expect(foreignText(["欢迎光临 Carmen's Tacos", '11:00–22:00'], 'zh', ["Carmen's Tacos"])).toBeNull();
    expect(foreignText(["Carmen's Tacos", 'Order at the counter'], 'zh', ["Carmen's Tacos"])).toBe('Order at the counter');
    // The same script, another language: a Spanish call to action in an English video, and back.
    expect(foreignText(['Fresh tortillas', '¡Pide en el mostrador o llámanos!'], 'en', [])).toBe('¡Pide en el mostrador o llámanos!');
    expect(foreignText(['Order at the counter or call ahead'], 'es', [])).toBe('Order at the counter or call ahead');
  });
});

describe('the gate on real videos', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-quality-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  /** 12 s at 360×640, 30 fps, H.264 and AAC as a render makes it, from a lavfi graph. */
  async function make(name: string, graph: string): Promise<{ file: string; ms: number }> {
    const file = path.join(dir, `${name}.mp4`);
    const started = childCpuMs();
    await run(
      tools.ffmpeg,
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-filter_complex', graph, '-map', '[v]', '-map', '[a]', '-t', '12', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-r', '30', '-c:a', 'aac', file],
      120_000,
    );
    return { file, ms: childCpuMs() - started };
  }
  const input = (videoPath: string, extra: Partial<QualityInput> = {}): QualityInput => ({
    videoPath,
    duration: 12,
    size,
    script,
    language: 'en',
    captionsAss: 'Dialogue: 0,0:00:00.00,0:00:02.00,Caption,,0,0,0,,{\\an2\\pos(160,480)\\fs28}Hungry for tacos tonight?',
    ownNames: [],
    expectSound: true,
    targetLufs: -14,
    timeoutMs: 60_000,
    ...extra,
  });
  const moving = 'testsrc2=size=360x640:rate=30';
  // The sine source plays at an eighth of full scale: this gain brings it to about −14 LUFS.
  const loud = 'sine=frequency=330:sample_rate=48000,volume=2.5,aformat=channel_layouts=stereo';

  it('passes a moving, loud enough video, with one decode cheaper than making it', async () => {
    const made = await make('good', `${moving},format=yuv420p[v];${loud}[a]`);
    const started = childCpuMs();
    const checks = await checkQuality(tools, input(made.file));
    const gateMs = childCpuMs() - started;
    expect(checks.map((check) => [check.check, check.ok])).toEqual([
      ['picture', true],
      ['loudness', true],
      ['duration', true],
      ['safe_zone', true],
      ['language', true],
    ]);
    // The extra pass decodes at a fifth of the width: well under the encode it checks. Measured
    // in the children's CPU time, not on the clock, which a busy machine stretches unevenly.
    expect(gateMs).toBeLessThan(made.ms);
  }, 120_000);

  it('says where the picture is black and where it stands still, and that the sound is missing', async () => {
    // Two seconds of black, then a moving picture, then a picture stuck from 6 s to 10 s, then moving again.
    const picture = `color=black:size=360x640:rate=30:duration=2[b];${moving}:duration=4[m1];color=0x3366aa:size=360x640:rate=30:duration=4[still];${moving}:duration=2[m2];[b][m1][still][m2]concat=n=4:v=1:a=0,format=yuv420p[v]`;
    const made = await make('faulty', `${picture};anullsrc=r=48000:cl=stereo[a]`);
    const checks = await checkQuality(tools, input(made.file));
    const byName = Object.fromEntries(checks.map((check) => [check.check, check]));
    expect(byName.picture!.ok).toBe(false);
    expect(en(byName.picture!.message)).toMatch(/^The picture is black for 2 s from 0 s$/);
    expect(byName.loudness!.ok).toBe(false);
    expect(formatMessage('en', 'creative.quality.silent')).toBe(en(byName.loudness!.message));

    // Without the black opening, the stuck stretch is what is named.
    const stuck = await make('stuck', `${moving}:duration=6[m1];color=0x3366aa:size=360x640:rate=30:duration=4[still];${moving}:duration=2[m2];[m1][still][m2]concat=n=3:v=1:a=0,format=yuv420p[v];${loud}[a]`);
    const picture2 = (await checkQuality(tools, input(stuck.file, { expectSound: false }))).find((check) => check.check === 'picture')!;
    expect(picture2.ok).toBe(false);
    expect(en(picture2.message)).toMatch(/^The picture stands still for [34](\.\d)? s from [56](\.\d)? s$/);
  }, 120_000);
});
