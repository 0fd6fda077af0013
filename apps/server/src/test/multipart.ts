import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface MultipartFilePart {
  field?: string;
  filename: string;
  contentType: string;
  content: Buffer | Readable;
}

/**
 * A multipart/form-data body built the way a browser's FormData sends it: the fields first,
 * then the file. With a streamed file the body streams too, so a test never holds a large
 * file in memory; `length` is set only when every part's size is known.
 */
export function multipartBody(
  fields: Record<string, string>,
  file: MultipartFilePart | null,
  fileSize?: number,
): { headers: Record<string, string>; body: Readable; length: number | undefined } {
  const boundary = `----nearcast${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      (file
        ? `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`
        : ''),
    'utf8',
  );
  const tail = Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`, 'utf8');
  const size = file ? (Buffer.isBuffer(file.content) ? file.content.length : fileSize) : 0;
  const content = file?.content;
  async function* parts() {
    yield head;
    if (Buffer.isBuffer(content)) yield content;
    else if (content) yield* content;
    yield tail;
  }
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.from(parts(), { objectMode: false }),
    length: size === undefined ? undefined : head.length + size + tail.length,
  };
}
