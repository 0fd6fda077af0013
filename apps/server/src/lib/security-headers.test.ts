import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

/** The headers helmet's own middleware puts on a real response, for comparison. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    middleware(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https://files.example.com'],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

describe('securityHeaders', () => {
  it('decides once the same headers helmet sets on a real response', async () => {
    const decided = Object.fromEntries(securityHeaders(OPTIONS).map(([name, value]) => [name.toLowerCase(), value]));
    expect(decided).toEqual(await helmetOnARealResponse(OPTIONS));
    expect(decided['content-security-policy']).toContain("img-src 'self' data: https://files.example.com");
    expect(decided['x-content-type-options']).toBe('nosniff');
    expect(decided).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('refuses a policy with a directive computed per request', () => {
    const nonce: HelmetOptions = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => `'nonce-${Math.random()}'`] } } };
    expect(() => securityHeaders(nonce)).toThrow(/per request/);
  });
});
