import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger.js';

/** A pino logger with the server's kind of redaction, writing its lines into `lines`. */
function memoryLogger(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, redact: { paths: ['*.password'], censor: '[redacted]' } }, stream);
  return { logger, lines };
}

describe('the lazy request logger', () => {
  it('makes no child until the request logs, then one, with the bindings and the redaction of a real child', () => {
    const { logger, lines } = memoryLogger();
    let children = 0;
    const child = logger.child;
    logger.child = function (this: typeof logger, ...args: Parameters<typeof logger.child>) {
      children += 1;
      return child.apply(this, args);
    } as typeof logger.child;

    const quiet = lazyRequestLogger(logger, { reqId: 'req-1' }, {});
    expect(quiet.level).toBe('info');
    expect(children).toBe(0);

    const talking = lazyRequestLogger(logger, { reqId: 'req-2' }, {});
    talking.info({ body: { password: 'hunter2', name: 'Ana' } }, 'first');
    talking.warn('second %s', 'formatted');
    talking.debug('below the level');
    expect(children).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-2', body: { password: '[redacted]', name: 'Ana' }, msg: 'first' }),
      expect.objectContaining({ level: 40, reqId: 'req-2', msg: 'second formatted' }),
    ]);

    const nested = talking.child({ job: 'render' });
    nested.error('from a child');
    expect(lines.at(-1)).toEqual(expect.objectContaining({ level: 50, reqId: 'req-2', job: 'render', msg: 'from a child' }));
    expect(children).toBe(2);
  });

  it('keeps a level given for the route, and a level set on it later', () => {
    const { logger, lines } = memoryLogger('warn');
    const verbose = lazyRequestLogger(logger, { reqId: 'req-3' }, { level: 'debug' });
    expect(verbose.level).toBe('debug');
    verbose.debug('shown at the route level');
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'req-3' })]);

    const raised = lazyRequestLogger(logger, { reqId: 'req-4' }, {});
    raised.level = 'error';
    raised.warn('hidden now');
    expect(raised.level).toBe('error');
    expect(lines).toHaveLength(1);
  });

  it("serves as Fastify's request logger: a route's lines carry the request's id", async () => {
    const { logger, lines } = memoryLogger();
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, logController: new LogController({ disableRequestLogging: true }) });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/talks', async (request) => {
      request.log.info({ body: { password: 'secret' } }, 'working');
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    // As the envelope's error handler does.
    app.setErrorHandler((error, request, reply) => {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: '500' });
    });
    for (const url of ['/quiet', '/talks', '/fails']) await app.inject({ method: 'GET', url });
    await app.close();

    expect(lines.filter((line) => line.msg === 'working')).toEqual([expect.objectContaining({ reqId: expect.any(String), body: { password: '[redacted]' } })]);
    const failed = lines.find((line) => (line.err as { message?: string } | undefined)?.message === 'boom');
    expect(failed).toEqual(expect.objectContaining({ level: 50, reqId: expect.any(String) }));
    expect(new Set(lines.filter((line) => line.reqId).map((line) => line.reqId)).size).toBe(2);
  });
});
