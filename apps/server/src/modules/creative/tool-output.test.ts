import { describe, expect, it } from 'vitest';
import { failingInputOf, plainDetail, staffDetail, toolOutputOf } from './tool-output.js';

/** What a failed tool said, for a user (plain words) and for staff (the output, the work folder hidden). */
const WORK = '/tmp/nearcast-renders-4242-1a2b3c4d/17-Xy12Ab';
const X264_TAIL = [
  `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '${WORK}/clip-0.mov':`,
  '[libx264 @ 0x224f3500] frame I:1     Avg QP:20.41  size: 14563',
  '[libx264 @ 0x224f3500] mb P  I16..4:  2.4%  0.0%  0.7%  P16..4: 31.5%  6.4%  2.2%  0.0%  0.0%    skip:56.9%',
  '[libx264 @ 0x224f3500] ref P L0: 68.1% 10.2% 15.6%  6.1%',
  '[libx264 @ 0x224f3500] kb/s:371.40',
  'video:412kB audio:61kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: 0.91%',
].join('\n');

describe('plain words from a tool', () => {
  it('leaves out encoder statistics, memory addresses and server paths', () => {
    const plain = plainDetail(`${X264_TAIL}\n[aost#0:1/aac @ 0x55d0] Error while opening encoder\nConversion failed! ${WORK}/out.mp4`);
    expect(plain).not.toMatch(/\/|libx264|0x[0-9a-f]|kb\/s|I16\.\.4/i);
    expect(plain).toContain('Conversion failed! “out.mp4”');
  });

  it('keeps a provider’s web address (not a server path) and a sentence’s colon', () => {
    expect(plainDetail('the model answered 503 at https://api.example.com/v1/chat')).toBe('the model answered 503 at https://api.example.com/v1/chat');
    expect(plainDetail('C:\\voices\\amy.onnx: missing')).toBe('“amy.onnx”: missing');
  });

  it('is short', () => {
    expect(plainDetail('a'.repeat(1000)).length).toBeLessThanOrEqual(160);
  });
});

describe('the input ffmpeg could not read', () => {
  const inputs = new Map([
    [`${WORK}/clip-0.mov`, 'IMG_0042.mov'],
    [`${WORK}/clip-1.jpg`, 'storefront.jpg'],
  ]);

  it('is named by the material it came from, from the line that reports trouble', () => {
    const stderr = `${X264_TAIL}\n[in#1 @ 0x5581f0c2c340] Error opening input: Invalid data found when processing input\nError opening input file ${WORK}/clip-1.jpg.`;
    expect(failingInputOf(stderr, inputs)).toBe('storefront.jpg');
    expect(failingInputOf(`${WORK}/clip-0.mov: Invalid data found when processing input`, inputs)).toBe('IMG_0042.mov');
  });

  it('is not guessed from an input that is only listed', () => {
    expect(failingInputOf(`${X264_TAIL}\nConversion failed!`, inputs)).toBeNull();
  });
});

describe('the output staff read', () => {
  it('keeps the whole tail with the work folder as a placeholder', () => {
    const error = Object.assign(new Error(`ffmpeg ended with 255\n[libx264 @ 0x224f3500] kb/s:371.40`), { stderr: X264_TAIL });
    const detail = staffDetail(toolOutputOf(error), WORK);
    expect(detail.startsWith('ffmpeg ended with 255\n')).toBe(true);
    expect(detail).toContain("from '<work>/clip-0.mov'");
    expect(detail).toContain('[libx264 @ 0x224f3500] kb/s:371.40');
    expect(detail).not.toContain(WORK);
  });
});
