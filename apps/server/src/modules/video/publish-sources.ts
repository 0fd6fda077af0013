import type { CoverSource, VideoSource } from '../../adapters/publishing/publisher.js';
import type { FileStorage } from '../../adapters/storage/index.js';

/** The post's file, read from storage as often and in whatever ranges the adapter asks. */
export function videoSourceOf(storage: FileStorage, post: { fileKey: string; fileName: string; fileMime: string; fileSize: number; fileDurationSeconds: number | null }): VideoSource {
  return {
    size: post.fileSize,
    mimeType: post.fileMime,
    fileName: post.fileName,
    durationSeconds: post.fileDurationSeconds,
    async open(range) {
      // The interface's ranges are [start, end); storage's are inclusive.
      const read = await storage.get(post.fileKey, range ? { start: range.start, end: range.end - 1 } : undefined);
      return read.body;
    },
  };
}

/** The post's still (its material's thumbnail), for the platforms that require a cover. */
export function coverSourceOf(storage: FileStorage, post: { thumbKey: string | null }): CoverSource | null {
  const key = post.thumbKey;
  if (!key) return null;
  return {
    mimeType: key.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg',
    async open() {
      return (await storage.get(key)).body;
    },
  };
}
