import { describe, expect, it } from 'vitest';
import { backoffDelay, EventStreamParser, runEventStream, type StreamMessage, type StreamStatus } from './event-stream';

function parse(chunks: string[]): { messages: StreamMessage[]; parser: EventStreamParser } {
  const messages: StreamMessage[] = [];
  const parser = new EventStreamParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return { messages, parser };
}

describe('EventStreamParser', () => {
  it('reads named events, ids and multi-line data, and skips heartbeat comments', () => {
    const { messages } = parse([': ping\n\n', 'event: notification\nid: 7\ndata: {"a":1}\n\n', 'data: one\ndata: two\n\n']);
    expect(messages).toEqual([
      { event: 'notification', data: '{"a":1}', id: '7' },
      { event: 'message', data: 'one\ntwo', id: '7' },
    ]);
  });

  it('puts messages split anywhere across chunks back together, CRLF included', () => {
    const text = 'event: unread\r\ndata: {"count":3}\r\n\r\nevent: unread\rdata: {"count":4}\r\r';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages.map((message) => message.data), `cut at ${cut}`).toEqual(['{"count":3}', '{"count":4}']);
    }
  });

  it('keeps a message without its blank line until the line comes, and drops events without data', () => {
    const { messages, parser } = parse(['event: x\n\n', 'data: late']);
    expect(messages).toEqual([]);
    parser.push('\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'late' }]);
  });

  it('remembers the server retry advice', () => {
    const { parser } = parse(['retry: 2500\n\n', 'retry: soon\n\n']);
    expect(parser.retry).toBe(2500);
  });
});

describe('backoffDelay', () => {
  it('grows exponentially within its jitter and never passes the cap', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(40, () => 1)).toBe(30_000);
    expect(backoffDelay(40, () => 0)).toBe(500);
  });
});

function streamResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('runEventStream', () => {
  it('reconnects with growing waits after failures and resets them once a connection opens', async () => {
    const controller = new AbortController();
    const waits: number[] = [];
    const messages: string[] = [];
    const answers: (() => Promise<Response>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('busy', { status: 503 })),
      () => Promise.resolve(streamResponse(['data: first\n\n'])),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(streamResponse(['data: second\n\n'])),
    ];
    let calls = 0;
    const seenHeaders: Headers[] = [];
    await runEventStream(
      {
        url: '/api/v1/notification/stream',
        headers: () => ({ Authorization: 'Bearer t' }),
        onMessage: (message) => {
          messages.push(message.data);
          if (message.data === 'second') controller.abort();
        },
        fetchImpl: (_url, init) => {
          seenHeaders.push(new Headers(init?.headers));
          const answer = answers[calls++];
          if (!answer) throw new Error('called too often');
          return answer();
        },
        random: () => 1,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
      controller.signal,
    );
    expect(messages).toEqual(['first', 'second']);
    // Two failures (1 s, 2 s), a clean end after an open stream (back to 1 s), one failure (2 s).
    expect(waits).toEqual([1000, 2000, 1000, 2000]);
    expect(seenHeaders[0]?.get('authorization')).toBe('Bearer t');
    expect(seenHeaders[0]?.get('accept')).toBe('text/event-stream');
  });

  it('stops without retrying when the session is refused', async () => {
    let calls = 0;
    let forbidden = 0;
    const statuses: StreamStatus[] = [];
    await runEventStream(
      {
        url: '/s',
        headers: () => ({}),
        onMessage: () => undefined,
        onForbidden: () => (forbidden += 1),
        onStatus: (status) => statuses.push(status),
        fetchImpl: () => {
          calls += 1;
          return Promise.resolve(new Response('{}', { status: 403 }));
        },
      },
      new AbortController().signal,
    );
    expect(calls).toBe(1);
    expect(forbidden).toBe(1);
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('stops without retrying, and keeps the session, when the plan has lapsed', async () => {
    let calls = 0;
    let forbidden = 0;
    const waits: number[] = [];
    const statuses: StreamStatus[] = [];
    const controller = new AbortController();
    await runEventStream(
      {
        url: '/s',
        headers: () => ({}),
        onMessage: () => undefined,
        onForbidden: () => (forbidden += 1),
        onStatus: (status) => statuses.push(status),
        fetchImpl: () => {
          calls += 1;
          return Promise.resolve(new Response('{}', { status: 402 }));
        },
        // A retry would wait first: ending the stream there keeps a wrong answer from looping.
        sleep: async (ms) => {
          waits.push(ms);
          controller.abort();
        },
      },
      controller.signal,
    );
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
    expect(forbidden).toBe(0);
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('ends quietly when its caller cancels it mid-stream', async () => {
    const controller = new AbortController();
    const statuses: StreamStatus[] = [];
    const done = runEventStream(
      {
        url: '/s',
        headers: () => ({}),
        onMessage: () => undefined,
        onStatus: (status) => statuses.push(status),
        fetchImpl: (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
          }),
      },
      controller.signal,
    );
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(statuses).toEqual(['connecting', 'stopped']);
  });

  it('treats a stream that goes quiet past its idle limit as dropped and connects again', async () => {
    const controller = new AbortController();
    let calls = 0;
    await runEventStream(
      {
        url: '/s',
        headers: () => ({}),
        onMessage: () => undefined,
        idleTimeoutMs: 20,
        fetchImpl: (_url, init) => {
          calls += 1;
          if (calls === 2) controller.abort();
          if (init?.signal?.aborted) return Promise.reject(init.signal.reason as Error);
          // Headers arrive, then nothing at all.
          const body = new ReadableStream<Uint8Array>({
            start(stream) {
              init?.signal?.addEventListener('abort', () => stream.error(init.signal?.reason));
            },
          });
          return Promise.resolve(new Response(body, { status: 200 }));
        },
        sleep: () => Promise.resolve(),
      },
      controller.signal,
    );
    expect(calls).toBe(2);
  });
});
