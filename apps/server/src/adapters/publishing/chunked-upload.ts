import { buffer } from 'node:stream/consumers';
import { PublishError, type VideoSource } from './publisher.js';

/** Bytes `[start, end)` of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Bytes [start, end) of the video as one buffer, for a chunk upload. */
export async function readChunk(video: VideoSource, start: number, end: number): Promise<Buffer> {
  const bytes = await buffer(await video.open({ start, end }));
  if (bytes.length !== end - start) {
    throw new PublishError('unavailable', `the video file gave ${bytes.length} bytes for range ${start}-${end}, expected ${end - start}`);
  }
  return bytes;
}

/** `[start, end)` ranges covering `size` bytes in chunks of `chunkSize`, the last one taking any remainder. */
export function chunkRanges(size: number, chunkSize: number): ByteRange[] {
  const count = Math.max(1, Math.floor(size / chunkSize));
  return Array.from({ length: count }, (_, index) => ({ start: index * chunkSize, end: index === count - 1 ? size : (index + 1) * chunkSize }));
}

/** `[start, end)` ranges from byte `from` to `size` in steps of `chunkSize`, the last one shorter. */
export function rangesFrom(from: number, size: number, chunkSize: number): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (let start = from; start < size; start += chunkSize) ranges.push({ start, end: Math.min(size, start + chunkSize) });
  return ranges;
}

/**
 * Sends the video's `ranges` one after another from the one at `from`, reading each from the file
 * just before it goes; `sent` records each as done before the next is read, so an attempt that
 * stops part-way leaves the next one a place to go on from.
 */
export async function sendChunks(
  video: VideoSource,
  ranges: readonly ByteRange[],
  from: number,
  send: (chunk: Buffer, range: ByteRange, index: number) => Promise<unknown>,
  sent: (index: number, range: ByteRange) => Promise<void>,
): Promise<void> {
  for (let index = from; index < ranges.length; index++) {
    const range = ranges[index]!;
    await send(await readChunk(video, range.start, range.end), range, index);
    await sent(index, range);
  }
}
