import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

// A build as the web app's `vite build` leaves it: the prerendered landing page, the empty
// shell, and each asset with its brotli and gzip copies beside it.
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const LANDING = '<!doctype html><div id="root"><h1>Landing</h1></div>';
const SHELL = '<!doctype html><div id="root"></div>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nc-spa-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), LANDING);
  fs.writeFileSync(path.join(dist, 'shell.html'), SHELL);
  const asset = path.join(dist, 'assets', 'app-abc123.js');
  fs.writeFileSync(asset, SCRIPT);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  t = await createTestApp({ config: { WEB_DIST: dist }, seed: false });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed assets', () => {
  it('sends brotli to a browser that accepts it, the same script once decoded', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });
});

describe('pages and missing files', () => {
  it('answers / with the prerendered landing page and other routes with the empty shell', async () => {
    const landing = await get('/', 'br');
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toBe(LANDING);
    for (const url of ['/clients', '/plans?type=studio', '/settle/studio']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toBe(SHELL);
    }
  });

  it('answers 404 for an asset the build does not have, never a page', async () => {
    for (const url of ['/assets/old-hash.js', '/assets/index-0ld.css', '/assets/missing.js?v=1', '/favicon-old.png']) {
      const response = await get(url, 'gzip, br');
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });
});
