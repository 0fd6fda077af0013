import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLine } from './access-log.js';

function collector(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const request = (url: string, id = 'req-1', method = 'POST') => ({ id, method, url }) as FastifyRequest;
const reply = (statusCode: number, elapsedTime: number) => ({ statusCode, elapsedTime }) as FastifyReply;

describe('accessLine', () => {
  it('writes the line pino would write for the same fields, one JSON object per line', async () => {
    const ours = collector();
    const theirs = collector();
    accessLine('info', ours.stream)!(request('/api/v1/account/detail', 'req-7'), reply(200, 2.345));
    pino({ level: 'info' }, theirs.stream).info({ reqId: 'req-7', method: 'POST', url: '/api/v1/account/detail', status: 200, ms: 2.3 }, 'request');
    await new Promise((resolve) => setImmediate(resolve));
    const [line] = ours.lines();
    const [expected] = theirs.lines();
    expect(Object.keys(line!)).toEqual(Object.keys(expected!));
    expect({ ...line, time: 0 }).toEqual({ ...expected, time: 0 });
    expect(Math.abs((line!.time as number) - Date.now())).toBeLessThan(5_000);
  });

  it('keeps a line whole whatever the URL holds, and cuts a signed link’s signature', () => {
    const { stream, lines } = collector();
    const log = accessLine('debug', stream)!;
    const hostile = '/item/1?q="},{"level":60,"msg":"forged"}\n{"x":"\u2028\\';
    log(request(hostile), reply(404, 0.04));
    log(request('/files/a.png?expires=1&signature=secret-value', 'req-2', 'GET'), reply(403, 1));
    const [first, second] = lines();
    expect(lines()).toHaveLength(2);
    expect(first).toMatchObject({ level: 30, url: hostile, status: 404, ms: 0, msg: 'request' });
    expect(second).toMatchObject({ reqId: 'req-2', method: 'GET', url: '/files/a.png?expires=1&signature=[redacted]', status: 403 });
  });

  it('is off when the level leaves info lines out', () => {
    const { stream } = collector();
    expect(accessLine('warn', stream)).toBeNull();
    expect(accessLine('silent', stream)).toBeNull();
    expect(accessLine('trace', stream)).not.toBeNull();
  });
});
