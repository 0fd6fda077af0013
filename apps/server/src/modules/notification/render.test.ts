import { LANGUAGES, MESSAGES, NOTIFICATION_KINDS } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { pickLanguage, renderKind } from './render.js';

describe('rendering notifications', () => {
  const params = { name: 'Carmen’s Tacos', amount_cents: 123_456, date: '2031-03-17', title: 'Taco Tuesday', platform: 'youtube', reason: 'Too short', comment: 'Brighter, please', city: 'Reno', time: '2031-03-17T18:05:00.000Z', month: '2031-02', plays: 12_345, videos: 28 };

  it('every kind reads in every language with every placeholder filled', () => {
    for (const language of LANGUAGES) {
      for (const kind of NOTIFICATION_KINDS) {
        const { title, body } = renderKind(language, kind, params);
        expect(title, `${language} ${kind}`).not.toMatch(/\{\{|\}\}/);
        expect(body, `${language} ${kind}`).not.toMatch(/\{\{|\}\}/);
        expect(title.length, `${language} ${kind}`).toBeGreaterThan(1);
      }
    }
  });

  it('formats money, dates, counts and platform names for the reader', () => {
    expect(renderKind('en-US', 'payment_received', params).body).toContain('$1,234.56');
    expect(renderKind('es-ES', 'payment_received', params).body).toContain('1234,56');
    expect(renderKind('zh-CN', 'plan_expiring', params).body).toBe('您的套餐将于 2031/03/17 到期，请续费以继续发布视频。');
    expect(renderKind('en-US', 'video_published', params).body).toBe('"Taco Tuesday" is published on YouTube.');
    // A moment reads in UTC and says so, since a notice does not know the reader's zone.
    expect(renderKind('en-US', 'waitlist_offer', params).body).toContain('until 2031/03/17 18:05 UTC.');
    expect(renderKind('es-ES', 'waitlist_offer', params).body).toContain('hasta el 2031/03/17 18:05 UTC.');
    // A month and counts, as a monthly report's notice says them.
    expect(renderKind('en-US', 'monthly_report', params).title).toBe('Your 2031/02 report is ready');
    expect(renderKind('zh-CN', 'monthly_report', params).title).toBe('您的 2031/02 月度报告已生成');
    expect(renderKind('es-ES', 'monthly_report', params).body).toContain('12.345 reproducciones de 28 vídeos');
  });

  // Spec §9: dates in zh-CN style (2031/03/17, 18:05) whatever the reader's language. The kinds
  // are found from the catalogue, so a kind that gains a date later is held to it too.
  it('writes every date of every dated kind in the spec’s style, in every language', () => {
    const dated = NOTIFICATION_KINDS.filter((kind) => /\{\{\s*(date|time|month)\s*\}\}/.test(MESSAGES['en-US'][`notification.kind.${kind}.body`] + MESSAGES['en-US'][`notification.kind.${kind}.title`]));
    expect(dated).toEqual(expect.arrayContaining(['plan_expiring', 'waitlist_offer', 'monthly_report']));
    // Late on the 17th in UTC, already the 18th east of it: the text keeps the UTC day.
    const late = { ...params, date: '2031-03-17', time: '2031-03-17T23:45:00.000Z' };
    for (const language of LANGUAGES) {
      for (const kind of dated) {
        const template = MESSAGES[language][`notification.kind.${kind}.body`] + MESSAGES[language][`notification.kind.${kind}.title`];
        const { title, body } = renderKind(language, kind, late);
        const text = `${title}\n${body}`;
        if (template.includes('{{date}}')) expect(text, `${language} ${kind}`).toContain('2031/03/17');
        if (template.includes('{{time}}')) expect(text, `${language} ${kind}`).toContain('2031/03/17 23:45 UTC');
        if (template.includes('{{month}}')) expect(text, `${language} ${kind}`).toContain('2031/02');
        // No month in words, and no day written any other way.
        expect(text, `${language} ${kind}`).not.toMatch(/March|February|marzo|febrero|\d月|\d日|2031-0|PM|AM/);
      }
    }
  });

  it('quotes a platform’s own words inside a sentence of the reader’s language', () => {
    const failed = { title: 'Salsa night', platform: 'youtube', reason: 'The video is shorter than 3 seconds' };
    expect(renderKind('zh-CN', 'video_failed', failed).body).toBe('《Salsa night》未能在 YouTube 发布：平台返回“The video is shorter than 3 seconds”');
    expect(renderKind('es-ES', 'video_failed', failed).body).toBe('«Salsa night» no se pudo publicar en YouTube: la plataforma respondió «The video is shorter than 3 seconds»');
    expect(renderKind('en-US', 'video_failed', failed).body).toBe('"Salsa night" could not be published on YouTube: The video is shorter than 3 seconds');
    // A reason stored as one of our message keys is ours: it reads in the language, unquoted.
    const ours = { ...failed, reason: 'video.oauth_denied|{"reason":"x"}' };
    expect(renderKind('zh-CN', 'video_failed', ours).body).toBe('《Salsa night》未能在 YouTube 发布：平台未授予访问权限：x');
    // Words a person wrote in the app (a rejection) are not the platform's.
    expect(renderKind('zh-CN', 'settlement_rejected', { amount_cents: 500, reason: 'Wrong bank' }).body).toBe('您 $5.00 的结算被拒绝：Wrong bank');
  });

  it('writes money as the web does in each language: a plain dollar sign with cents', () => {
    expect(renderKind('es-ES', 'payment_received', { amount_cents: 99_900 }).body).toMatch(/999,00\s\$/);
    expect(renderKind('es-ES', 'payment_received', { amount_cents: 99_900 }).body).not.toContain('US$');
    expect(renderKind('zh-CN', 'payment_received', { amount_cents: 99_900 }).body).toContain('$999.00');
  });

  it('a missing reason or comment reads as a dash, not as a placeholder', () => {
    expect(renderKind('en-US', 'settlement_rejected', { amount_cents: 500, reason: null }).body).toBe('Your settlement of $5.00 was rejected: —');
  });

  it('an announcement falls back to English, then to any language it was written in', () => {
    expect(pickLanguage({ 'en-US': 'Hello', 'es-ES': 'Hola' }, 'es-ES')).toBe('Hola');
    expect(pickLanguage({ 'en-US': 'Hello', 'es-ES': 'Hola' }, 'zh-CN')).toBe('Hello');
    expect(pickLanguage({ 'zh-CN': '你好' }, 'es-ES')).toBe('你好');
  });
});
