import type { ContentItem } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { changesSomething, emptyValues, toSaveRequest, valuesOf } from './content-form';

const saved: ContentItem = {
  id: 7,
  type: 'live',
  title: 'Launch stream',
  excerpt: 'Watch us launch',
  cover_upload_id: 3,
  cover_url: 'https://files.example/3',
  tags: ['launch'],
  language: 'en-US',
  status: 'published',
  live: {
    start_time: '2026-12-02T02:00:00.000Z',
    time_zone: 'America/Los_Angeles',
    duration_minutes: 60,
    end_time: '2026-12-02T03:00:00.000Z',
    link: 'https://meet.example/launch',
    time_status: 'upcoming',
  },
  link: '',
  video_upload_id: null,
  author: { id: 1, name: 'Admin' },
  create_time: '2026-11-01T00:00:00.000Z',
  update_time: '2026-11-01T00:00:00.000Z',
  publish_time: '2026-11-01T00:00:00.000Z',
  body_html: '<p>Hello</p>',
  video_url: null,
  translations: [],
  public_url: 'http://localhost/item/7',
};

describe('toSaveRequest for a new item', () => {
  it('adds an article with everything, published at once when asked', () => {
    const values = { ...emptyValues('article', 'es-ES', 'UTC'), title: 'Hola', tags: ['a'], cover: { id: 9, url: 'u' } };
    expect(toSaveRequest('article', values, '<p>x</p>', null, true)).toEqual({
      kind: 'add',
      body: {
        type: 'article',
        title: 'Hola',
        excerpt: '',
        body_html: '<p>x</p>',
        cover_upload_id: 9,
        video_upload_id: null,
        tags: ['a'],
        language: 'es-ES',
        translation_of: null,
        link: '',
        publish: true,
      },
    });
  });

  it('starts a landing page with its call to action on the plans', () => {
    expect(emptyValues('landing', 'en-US', 'UTC').link).toBe('/plans');
  });

  it('creates a live event through /v1/live/add with its start in its own zone', () => {
    const values = { ...emptyValues('live', 'zh-CN', 'Asia/Shanghai', 4), title: '直播', start: '2026-12-01T20:00', duration_minutes: 90 };
    const request = toSaveRequest('live', values, '', null, false);
    expect(request.kind).toBe('add-live');
    expect(request.body).toMatchObject({ start_time: '2026-12-01T20:00:00+08:00', time_zone: 'Asia/Shanghai', duration_minutes: 90, translation_of: 4, publish: false });
  });
});

describe('toSaveRequest for a saved item', () => {
  it('sends only the id when nothing changed, and that is no change', () => {
    const request = toSaveRequest('live', valuesOf(saved, 'UTC'), saved.body_html, saved, false);
    expect(request).toEqual({ kind: 'update-live', body: { id: 7 } });
    expect(changesSomething(request)).toBe(false);
  });

  it('reads the start back on the event zone clock', () => {
    expect(valuesOf(saved, 'UTC')).toMatchObject({ start: '2026-12-01T18:00', time_zone: 'America/Los_Angeles', link: 'https://meet.example/launch' });
  });

  it('changes a live event through /v1/live/update and anything else through /v1/content/update', () => {
    const values = { ...valuesOf(saved, 'UTC'), title: 'Renamed' };
    expect(toSaveRequest('live', values, saved.body_html, saved, false)).toEqual({ kind: 'update-live', body: { id: 7, title: 'Renamed' } });
    expect(toSaveRequest('article', values, saved.body_html, saved, false).kind).toBe('update');
  });

  it('sends what changed: a new cover, a removed tag, a moved start', () => {
    const values = { ...valuesOf(saved, 'UTC'), cover: { id: 11, url: 'x' }, tags: [], start: '2026-12-01T19:00' };
    const request = toSaveRequest('live', values, saved.body_html, saved, false);
    expect(request).toEqual({
      kind: 'update-live',
      body: { id: 7, cover_upload_id: 11, tags: [], start_time: '2026-12-01T19:00:00-08:00', time_zone: 'America/Los_Angeles' },
    });
    expect(changesSomething(request)).toBe(true);
  });

  it('removes a cover with null', () => {
    const values = { ...valuesOf(saved, 'UTC'), cover: null };
    expect(toSaveRequest('live', values, saved.body_html, saved, false).body).toEqual({ id: 7, cover_upload_id: null });
  });
});
