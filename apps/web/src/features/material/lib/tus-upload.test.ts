import { DetailedError, type HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { tusFailure } from './tus-upload';

const response = (status: number, body: string) => ({ getStatus: () => status, getBody: () => body, getHeader: () => undefined, getUnderlyingObject: () => null }) as HttpResponse;
/** A failure as tus-js-client reports it: the request's answer, when there was one, on the error. */
const failed = (answer: HttpResponse | null) => Object.assign(new DetailedError('tus: unexpected response'), { originalResponse: answer });

describe('tusFailure', () => {
  it('reads the server’s envelope, so a refusal is shown in its own words', () => {
    const error = failed(response(413, JSON.stringify({ code: '413', msg: 'Videos may be at most 500 MB', data: null })));
    const failure = tusFailure(error);
    expect(failure.kind).toBe('envelope');
    expect(failure.code).toBe('413');
    expect(failure.msg).toBe('Videos may be at most 500 MB');
  });

  it('keeps the status of an answer that is not the envelope (a proxy’s page)', () => {
    const failure = tusFailure(failed(response(502, '<html>Bad gateway</html>')));
    expect(failure.kind).toBe('network');
    expect(failure.code).toBe('502');
  });

  it('calls a failure without any answer a network failure', () => {
    expect(tusFailure(new Error('offline')).kind).toBe('network');
    expect(tusFailure(failed(null)).code).toBe('network');
  });
});
