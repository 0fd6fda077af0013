import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('replaces the signature of a signed link and keeps the rest as it came', () => {
    expect(redactUrl('/files/2026/05/a.png?expires=1893456000&signature=AbC-123_x')).toBe('/files/2026/05/a.png?expires=1893456000&signature=[redacted]');
    expect(
      redactUrl('/b/k.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F2026&X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600&X-Amz-Security-Token=tok&X-Amz-Signature=ab12&x-id=GetObject'),
    ).toBe(
      '/b/k.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[redacted]&X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600&X-Amz-Security-Token=[redacted]&X-Amz-Signature=[redacted]&x-id=GetObject',
    );
    // However the name is spelled: case, percent-encoding, repeated.
    expect(redactUrl('/f?SIGNATURE=a&%73ignature=b&sig=c&token=d')).toBe('/f?SIGNATURE=[redacted]&%73ignature=[redacted]&sig=[redacted]&token=[redacted]');
    expect(redactUrl('/f?signature')).toBe('/f?signature=[redacted]');
    expect(redactUrl('/item/12')).toBe('/item/12');
    expect(redactUrl('/api/v1/content/list?page=2&q=signature')).toBe('/api/v1/content/list?page=2&q=signature');
  });
});

describe('request logs', () => {
  let t: TestApp;
  const key = `log-test/${randomUUID()}.png`;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await t.app.services.storage.put(key, Readable.from(Buffer.from('not really a png')), { contentType: 'image/png', contentLength: 16 });
  });
  afterAll(async () => {
    await t.app.services.storage.delete(key);
    await t.close();
  });

  it('never hold the signature of a signed file link, valid or not', async () => {
    const { url } = await t.app.services.storage.signedUrl(key, 600);
    const signed = new URL(url);
    const signature = signed.searchParams.get('signature')!;
    expect(signature.length).toBeGreaterThan(20);
    const served = await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
    expect(served.statusCode).toBe(200);
    const forged = await t.app.inject({ method: 'GET', url: `${signed.pathname}?expires=1&signature=forged-signature-value` });
    expect(forged.statusCode).toBe(403);

    const lines = t.logs.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg?: string; url?: string; status?: number; reqId?: string; ms?: number });
    const requests = lines.filter((line) => line.msg === 'request' && line.url?.startsWith(signed.pathname));
    expect(requests.map((line) => [line.status, line.url])).toEqual([
      [200, `${signed.pathname}?expires=${signed.searchParams.get('expires')}&signature=[redacted]`],
      [403, `${signed.pathname}?expires=1&signature=[redacted]`],
    ]);
    // One access line each, with the request's id and how long it took.
    expect(requests.every((line) => typeof line.reqId === 'string' && line.reqId !== '' && typeof line.ms === 'number')).toBe(true);
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(2);
    const everything = t.logs.join('');
    expect(everything).not.toContain(signature);
    expect(everything).not.toContain('forged-signature-value');
  });
});
