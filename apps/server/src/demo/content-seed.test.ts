import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * The demo's marketing texts state the spec's monthly video counts where the spec puts them
 * (spec §1, §9): a merchant gets about 5 a day, about 150 a month; the studio franchise pitch
 * promises 100 videos per month per client, written as a floor (100+) so the two never clash.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('the demo marketing texts', () => {
  it('pitch the studio franchise with 100+ videos a month per client, in every language', async () => {
    const pitches = await t.query<{ language: string; body_html: string }>(sql`select language, body_html from content_items where type = 'landing' order by language`);
    expect(pitches.map((row) => row.language)).toEqual(['en-US', 'es-ES', 'zh-CN']);
    for (const { language, body_html: body } of pitches) {
      expect(body, language).toMatch(/100\+|más de 100/);
      expect(body, language).not.toContain('150');
    }
  });

  it('tell a merchant about 150 a month beside about 5 a day', async () => {
    const [plan] = await t.query<{ features: string[] }>(sql`select features from packages where type = 'business' order by id limit 1`);
    const text = plan!.features.join(' ');
    expect(text).toContain('About 5 videos a day');
    expect(text).toContain('About 150 videos a month');
  });
});
