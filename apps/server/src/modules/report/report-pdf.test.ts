import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import type { ReportFacts } from './facts.js';
import { reportPdf } from './report-pdf.js';

/** A real PNG of one purple pixel: what a cover is drawn from. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x7c, 0x5c, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const facts: ReportFacts = {
  merchant_name: '晨光咖啡 Morning Light',
  period: { from: '2026-11-01', to: '2026-11-30', previous_from: '2026-10-01', previous_to: '2026-10-31' },
  plan: { name: 'Growth', price_cents: 99_900 },
  videos: { value: 30, previous: 31 },
  plays: { value: 12_345, previous: 10_000 },
  likes: { value: 300, previous: null },
  comments: { value: null, previous: null },
  shares: { value: 5, previous: 0 },
  cost_per_thousand_cents: 8_092,
  previous_cost_per_thousand_cents: 9_990,
  platforms: [{ platform: 'tiktok', videos: 30, plays: 12_345, likes: 300, comments: null, shares: 5 }],
  top: [
    { post_id: 1, title: '塔可星期二 Taco Tuesday', platforms: ['tiktok'], plays: 5_000, likes: 100, cover_key: 'a.png' },
    { post_id: 2, title: 'Salsa night', platforms: ['tiktok'], plays: 4_000, likes: null, cover_key: 'b.jpg' },
    { post_id: 3, title: 'Brunch', platforms: ['tiktok'], plays: 3_000, likes: 20, cover_key: null },
  ],
  work: { materials_used: 12, videos_made: 30, approvals: 4 },
};
/** Text as the document's title stores it (UTF-16, outside the compressed streams). */
const utf16 = (text: string) => Buffer.from(text, 'utf16le').swap16();
const input = { month: '2026-11', builtAt: new Date('2026-12-01T08:00:00Z'), facts };

describe('report PDF', () => {
  it('draws the covers it can read and a frame for the rest, the same bytes each time', async () => {
    // The second cover is not an image pdfkit reads: its place is drawn empty, the PDF still made.
    const covers = [png(), Buffer.from('not an image'), null];
    const [zh, again, es] = await Promise.all([reportPdf({ ...input, covers }, 'zh-CN'), reportPdf({ ...input, covers }, 'zh-CN'), reportPdf({ ...input, covers }, 'es-ES')]);
    for (const pdf of [zh, es]) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(zh.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(again.equals(zh)).toBe(true);
    expect(es.includes(utf16('Informe mensual 2026/11'))).toBe(true);
    const text = pdfText(zh);
    for (const words of ['月度报告', '晨光咖啡', '千次播放成本', '$80.92', '塔可星期二 Taco Tuesday', '工作室为您做了什么']) expect(text).toContain(words);
  });

  it('says what the money bought and what the plan learned, in the reader’s language', async () => {
    const links: NonNullable<ReportFacts['links']> = {
      visits: 130,
      redemptions: 0,
      cost_per_visit_cents: 768,
      cost_per_redemption_cents: null,
      top_by_visits: [{ post_id: 9, title: 'Horchata', platforms: ['tiktok'], plays: 1_200, likes: 30, cover_key: null, visits: 90, redemptions: 0 }],
      lessons: [
        {
          dimension: 'hook',
          value: 'question',
          versus: 'offer_first',
          ratio: 2.1,
          videos: 12,
          versus_videos: 9,
          text: { en: 'Question hooks bring this shop 2.1× the plays of offer-first openings', es: 'Los ganchos con pregunta…', zh: '提问式开头为这家店带来的播放量是开门见优惠式开头的 2.1×' },
        },
      ],
    };
    const withLinks = { ...facts, top: facts.top.map((video, index) => ({ ...video, visits: index === 0 ? 40 : 0, redemptions: 0 })), links };
    const en = pdfText(await reportPdf({ ...input, facts: withLinks, covers: [] }, 'en-US'));
    for (const words of ['What the money bought', 'Link visits', '130', 'Cost per visit', '$7.68', 'Videos that brought the most visits', '1. Horchata', '90 visits · 0 redemptions', '40 visits · 0 redemptions', 'What the plan learned this month', 'Question hooks bring this shop 2.1×']) {
      expect(en).toContain(words);
    }
    // No redemption: no cost per redemption, said as such.
    expect(en).toMatch(/Cost per redemption\s*Not available/);
    const zh = pdfText(await reportPdf({ ...input, facts: { ...withLinks, links: { ...links, lessons: [], top_by_visits: [] } }, covers: [] }, 'zh-CN'));
    for (const words of ['这笔钱带来了什么', '每次访问成本', '本月没有统计到链接访问。', '本月各类视频还不够多']) expect(zh).toContain(words);
    // A report frozen before it counted links has no such sections.
    const old = pdfText(await reportPdf({ ...input, covers: [] }, 'en-US'));
    expect(old).not.toContain('What the money bought');
    expect(old).not.toContain('What the plan learned');
  });

  it('says "no plan" and "no videos" rather than leaving gaps', async () => {
    const empty: ReportFacts = { ...facts, plan: null, platforms: [], top: [], cost_per_thousand_cents: null, videos: { value: 0, previous: 0 }, plays: { value: 0, previous: 0 } };
    const pdf = await reportPdf({ ...input, facts: empty, covers: [] }, 'en-US');
    expect(pdf.includes(utf16('Monthly report 2026/11'))).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('No plan was paid for this month.');
    expect(text).toContain('No video was published this month.');
    expect(text).toContain('No video gained plays this month.');
  });

  it('writes its month and days in the spec’s style (2026/11, 2026/11/01) in every language, in UTC', async () => {
    for (const language of ['en-US', 'zh-CN', 'es-ES'] as const) {
      const text = pdfText(await reportPdf({ ...input, covers: [] }, language));
      // The heading's month, the period's first and last day, the month compared against, the day it was built.
      expect(text, language).toMatch(/ · 2026\/11\n/);
      expect(text, language).toContain('2026/11/01');
      expect(text, language).toContain('2026/11/30');
      expect(text, language).toContain('2026/10');
      expect(text, language).toContain('2026/12/01');
      // No month or day written out in words, in any of the three.
      expect(text, language).not.toMatch(/November|noviembre|11月|October|octubre|10月/);
    }
  });
});
