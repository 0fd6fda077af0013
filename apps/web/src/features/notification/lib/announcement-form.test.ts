import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, emptyDraft, textFor } from './announcement-form';

const NOW = dayjs('2026-11-23T12:00:00Z');

describe('checkDraft', () => {
  it('sends only the languages written, trimmed, now when no time is chosen', () => {
    const draft = emptyDraft();
    draft.title['en-US'] = '  New pricing  ';
    draft.body['en-US'] = 'From December.';
    draft.title['es-ES'] = 'Nuevos precios';
    draft.body['es-ES'] = 'Desde diciembre.';
    draft.audience = ['studio', 'partner'];
    const result = checkDraft(draft, NOW);
    expect(result).toEqual({
      ok: true,
      body: {
        title: { 'en-US': 'New pricing', 'es-ES': 'Nuevos precios' },
        body: { 'en-US': 'From December.', 'es-ES': 'Desde diciembre.' },
        audience: ['studio', 'partner'],
        marketing: false,
        send_time: null,
      },
    });
  });

  it('names the field of each problem the way the server does', () => {
    const draft = emptyDraft();
    draft.title['zh-CN'] = '新价格';
    const result = checkDraft(draft, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['body.zh-CN']).toBe('notification.body_required');
    expect(result.errors.audience).toBe('notification.audience_required');
  });

  it('asks for at least one language', () => {
    const draft = { ...emptyDraft(), audience: ['client' as const] };
    const result = checkDraft(draft, NOW);
    expect(result.ok ? {} : result.errors).toEqual({ title: 'notification.language_required' });
  });

  it('a scheduled one needs a time in the future, sent with its offset', () => {
    const draft = { ...emptyDraft(), audience: ['client' as const], when: 'later' as const };
    draft.title['en-US'] = 'T';
    draft.body['en-US'] = 'B';
    expect(checkDraft(draft, NOW)).toEqual({ ok: false, errors: { send_time: 'form.send_time_required' } });
    expect(checkDraft({ ...draft, sendTime: NOW.subtract(1, 'minute') }, NOW)).toEqual({ ok: false, errors: { send_time: 'form.send_time_past' } });
    const later = checkDraft({ ...draft, sendTime: NOW.add(1, 'day').add(17, 'second') }, NOW);
    expect(later.ok).toBe(true);
    if (later.ok) expect(Date.parse(later.body.send_time!)).toBe(Date.parse('2026-11-24T12:00:00Z'));
    if (later.ok) expect(later.body.send_time).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
  });
});

describe('draftOf and textFor', () => {
  it('puts a scheduled announcement back into the form', () => {
    const draft = draftOf({
      id: 3,
      title: { 'es-ES': 'Hola' },
      body: { 'es-ES': 'Cuerpo' },
      audience: ['studio'],
      marketing: true,
      status: 'scheduled',
      send_time: '2026-12-01T10:00:00.000Z',
      read_count: 0,
      audience_count: 4,
      author: 'Ada',
      create_time: '2026-11-23T10:00:00.000Z',
      update_time: '2026-11-23T10:00:00.000Z',
    });
    expect(draft.title).toEqual({ 'en-US': '', 'zh-CN': '', 'es-ES': 'Hola' });
    expect(draft.when).toBe('later');
    expect(draft.sendTime?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(draft.marketing).toBe(true);
  });

  it('reads the reader language, then English, then the first written', () => {
    expect(textFor({ 'en-US': 'Hi', 'zh-CN': '你好' }, 'zh-CN')).toBe('你好');
    expect(textFor({ 'en-US': 'Hi', 'zh-CN': '你好' }, 'es-ES')).toBe('Hi');
    expect(textFor({ 'es-ES': 'Hola', 'zh-CN': '你好' }, 'en-US')).toBe('你好');
  });
});
