/**
 * Reading a provider's answer (a language model's, a speech service's) with a ceiling on its
 * size: a server that keeps sending would otherwise be buffered whole, in memory, for as long as
 * it takes. The body is read as a stream and the reading stops at the first byte over the cap;
 * an answer that declares a larger Content-Length is not read at all.
 */

export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${formatBytes(maxBytes)}`);
    this.name = 'AnswerTooLarge';
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * The body as bytes, at most `maxBytes` of them. Over the cap it throws AnswerTooLarge after
 * cancelling the stream, which closes the connection: the rest is never received.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(maxBytes);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** The body as UTF-8 text, at most `maxBytes` of it. */
export async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  return (await readCapped(response, maxBytes)).toString('utf8');
}
