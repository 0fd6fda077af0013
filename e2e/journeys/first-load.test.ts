import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch } from '../support/browser';

/**
 * The first load as a phone gets it, from the build the journeys run on: `/` arrives with the
 * landing page already drawn (prerendered at build time), every other page as the empty shell,
 * and every file compressed when the browser accepts it.
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (fetch would decompress them). */
  body: Buffer;
}

function get(path: string, acceptEncoding = 'gzip, deflate, br'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl()}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the built landing page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('carries the landing content in its HTML, and other pages get the empty shell', async () => {
    const landing = (await get('/', 'identity')).body.toString();
    expect(landing).toContain('data-prerendered="en-US"');
    expect(landing).toContain('data-testid="home-hero"');
    expect(landing).toContain('Open your own AI traffic studio.');
    // Its styles are linked, not left to the scripts, so it is drawn before they run.
    expect(landing).toMatch(/<link rel="stylesheet"[^>]+home-page-[^"]+\.css">/);
    const shell = (await get('/plans', 'identity')).body.toString();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('home-hero');
  });

  it('leaves the API contract out of the scripts the landing page loads', async () => {
    // Building every endpoint's schemas is main-thread work a phone's first load does not need
    // (it cost Lighthouse's performance score five points): the landing asks for it when idle.
    const landing = (await get('/', 'identity')).body.toString();
    const scripts = [...landing.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      expect((await get(script, 'identity')).body.toString(), script).not.toContain('/v1/dashboard/total');
    }
  });

  it('draws the landing page with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    const hero = page.getByTestId('home-hero');
    expect(await hero.isVisible()).toBe(true);
    expect(await page.locator('h1').first().textContent()).toContain('Open your own AI traffic studio.');
    // The dark theme is in the linked stylesheets.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await context.close();
  });

  it('sends the page and its scripts brotli-compressed, and a missing chunk as a 404', async () => {
    const landing = await get('/');
    expect(landing.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(landing.body).toString();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)">/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await get(script!);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(asset.body).length).toBeGreaterThan(asset.body.length);
    expect((await get('/assets/old-hash.js')).status).toBe(404);
  });
});
