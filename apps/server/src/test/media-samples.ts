import { Readable } from 'node:stream';

/**
 * The first bytes of one file of every format uploads accept (and a few they refuse), enough
 * for file-type to name them. Tests pad them to any size, so no binary fixtures are committed.
 */
const ascii = (text: string) => Buffer.from(text, 'latin1');
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};
const ftyp = (brand: string) => Buffer.concat([u32(24), ascii('ftyp'), ascii(brand), u32(0), ascii(`${brand}isom`)]);
const riff = (form: string, chunk: string) => Buffer.concat([ascii('RIFF'), Buffer.from([0x24, 0, 0, 0]), ascii(form), ascii(chunk)]);
const ogg = (codec: Buffer) => Buffer.concat([ascii('OggS'), Buffer.from([0, 2]), Buffer.alloc(22), codec]);
const ebmlWebm = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42,
  0x82, 0x84, ...ascii('webm'), 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
]);

export const MEDIA_HEADS = {
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0x01, 0x01]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), u32(13), ascii('IHDR'), u32(1), u32(1), Buffer.from([8, 6, 0, 0, 0])]),
  webp: riff('WEBP', 'VP8 '),
  gif: ascii('GIF89a'),
  heic: ftyp('heic'),
  mp4: ftyp('isom'),
  mov: ftyp('qt  '),
  webm: ebmlWebm,
  mp3: Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  m4a: ftyp('M4A '),
  wav: riff('WAVE', 'fmt '),
  ogg: ogg(Buffer.concat([Buffer.from([0x01]), ascii('vorbis')])),
  opus: ogg(ascii('OpusHead')),
  aac: Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]),
  /** Refused by every purpose. */
  pdf: ascii('%PDF-1.7\n'),
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
} as const;

export type MediaFormat = keyof typeof MEDIA_HEADS;

/** A whole small file: the format's head padded with zeros to `size` bytes. */
export function mediaFile(format: MediaFormat, size = 8 * 1024): Buffer {
  const head = MEDIA_HEADS[format];
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

/**
 * A large file generated as it is read: the head, then zero chunks up to `size` bytes.
 * `pulled()` says how many bytes the reader has taken so far, so a test can tell how much of
 * an over-large body the server read before it refused it.
 */
export function mediaStream(format: MediaFormat, size: number, chunkSize = 64 * 1024): Readable & { pulled(): number } {
  const head = MEDIA_HEADS[format];
  const zeros = Buffer.alloc(chunkSize);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = sent === 0 ? Buffer.concat([head, zeros.subarray(0, Math.min(chunkSize, size) - head.length)]) : zeros.subarray(0, Math.min(chunkSize, size - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return Object.assign(stream, { pulled: () => sent });
}
