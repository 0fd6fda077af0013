import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentItem } from '@nearcast/contract';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { parseIcs } from '../../test/strict-ics.js';

/** The built SPA's shell as Vite writes it: its one script sits in the head, before `</head>`. */
const SHELL = `<!doctype html>
<html lang="en-US" style="background:#0a0a12">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <meta
      name="description"
      content="Nearcast: AI short-video marketing for local businesses."
    />
    <title>Nearcast</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def456.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let t: TestApp;
let admin: string;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nc-item-page-'));
  fs.writeFileSync(path.join(webDist, 'shell.html'), SHELL);
  t = await createTestApp({ config: { WEB_DIST: webDist, PUBLIC_URL: 'https://nearcast.example' } });
  admin = await t.login('admin@example.com');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function publish(title: string, excerpt: string): Promise<ContentItem> {
  const response = await t.call<ContentItem>('/v1/content/add', { type: 'article', title, excerpt, publish: true }, { token: admin });
  expect(response.code, response.msg).toBe('200');
  return response.data;
}

async function pageOf(item: ContentItem) {
  const response = await t.app.inject({ method: 'GET', url: `/item/${item.id}` });
  expect(response.statusCode).toBe(200);
  const document = parseDocument(response.body);
  const elements = (name: string) => DomUtils.getElementsByTagName(name, document);
  const meta = (attribute: string, key: string) =>
    elements('meta')
      .filter((element) => element.attribs[attribute] === key)
      .map((element) => element.attribs.content);
  return { html: response.body, elements, meta };
}

describe('the public item page with replacement patterns in the title', () => {
  // Each would be a pattern in String.replace's replacement string: `$\`` the text before the
  // match (the shell's head, script included), `$'` the text after it, `$&` the match itself.
  const titles = [
    'x $` y',
    "x $' y",
    'x $& y',
    '$1 $2 $$ $<name> $0',
    `Tacos "al pastor" <script>alert(1)</script> & 'more' $\` $' $& $$`,
    '直播 $` 预告 $\'',
  ];

  it('writes each title as it is: one script, the title in og:title, twitter:title and <title>, no growth', async () => {
    for (const title of titles) {
      const excerpt = `About ${title}`;
      const page = await pageOf(await publish(title, excerpt));
      expect(page.elements('script'), title).toHaveLength(1);
      expect(page.html.split('<script').length - 1, title).toBe(1);
      expect(page.elements('title'), title).toHaveLength(1);
      expect(page.elements('head'), title).toHaveLength(1);
      expect(page.elements('body'), title).toHaveLength(1);
      expect(page.meta('property', 'og:title'), title).toEqual([title]);
      expect(page.meta('name', 'twitter:title'), title).toEqual([title]);
      expect(page.meta('property', 'og:description'), title).toEqual([excerpt]);
      expect(page.meta('name', 'description'), title).toEqual([excerpt]);
      expect(DomUtils.textContent(page.elements('title')[0]!), title).toBe(`${title} · Nearcast`);
      // `$` needs no escaping in HTML: the same title with `S` for `$` gives a page of the same
      // size, but for the digits of the two items' ids.
      const safe = (text: string) => text.replaceAll('$', 'S');
      const twin = await pageOf(await publish(safe(title), safe(excerpt)));
      expect(Math.abs(page.html.length - twin.html.length), title).toBeLessThanOrEqual(10);
    }
  });
});

describe('the calendar file of a live event', () => {
  it('keeps a bare carriage return of the excerpt inside DESCRIPTION, where no reader sees a property', async () => {
    const title = `Taller de vídeo, parte 1; con "preguntas" \\ respuestas ${'直播预告：从头到尾拍一家塔可店。'.repeat(5)}`;
    const excerpt = 'Bring questions\rATTENDEE;RSVP=TRUE:mailto:victim@example.com\rRRULE:FREQ=MINUTELY\r\nend';
    const response = await t.call<ContentItem>(
      '/v1/live/add',
      { title, excerpt, start_time: '2030-05-01T18:00:00-07:00', time_zone: 'America/Los_Angeles', duration_minutes: 60, link: 'https://live.example/x', publish: true },
      { token: admin },
    );
    expect(response.code, response.msg).toBe('200');
    const ics = await t.app.inject({ method: 'GET', url: `/item/${response.data.id}/event.ics` });
    expect(ics.statusCode).toBe(200);
    const parsed = parseIcs(ics.body);
    expect(parsed.properties.filter((property) => ['ATTENDEE', 'RRULE'].includes(property.name))).toEqual([]);
    expect(parsed.text('SUMMARY')).toBe(title);
    expect(parsed.text('DESCRIPTION')).toBe(
      `Bring questions\nATTENDEE;RSVP=TRUE:mailto:victim@example.com\nRRULE:FREQ=MINUTELY\nend\n\nhttps://nearcast.example/item/${response.data.id}`,
    );
    expect(parsed.text('DTSTART')).toBe('20300502T010000Z');
  });
});
