import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatMessage, type Render, type Script } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleScript } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';

/**
 * A script written by hand on the studio's desk (docs/decisions/086): kept on the server from its
 * first whole version, listed back on a reload, edited and rendered like a generated one.
 */
let t: TestApp;
let w: VideoWorld;
let dataDir: string;
let merchantId: number;

const as = (name: string, lang?: string) => ({ token: w.tokens.get(name)!, ...(lang ? { lang } : {}) });
const desk = async (name = 'studio') => {
  const listed = await t.call<{ list: Script[]; total: number }>('/v1/creative/script/list', { merchant_id: merchantId, desk: true }, as(name));
  expect(listed.code, listed.msg).toBe('200');
  return listed.data.list;
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-script-desk-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a script written by hand', () => {
  it('is kept on the desk, read back after a reload, edited, and leaves the desk once rendered', async () => {
    const body = { ...sampleScript('es'), title: 'Martes de tacos, a mano' };
    const added = await t.call<Script>('/v1/creative/script/add', { merchant_id: merchantId, language: 'es', body, hook_style: 'offer_first' }, as('studio'));
    expect(added.code, added.msg).toBe('200');
    expect(added.data).toMatchObject({ merchant_id: merchantId, language: 'es', engine: 'hand', template: 'hand', hook_style: 'offer_first', desk: true, fallback_reason: null });
    expect(added.data.body.title).toBe('Martes de tacos, a mano');
    expect(added.data.estimated_seconds).toBeGreaterThan(0);

    // The reload: the desk is what the server lists, the hand-written script with it (an operator reads it too).
    expect((await desk()).map((script) => script.id)).toContain(added.data.id);
    expect((await desk('operator')).find((script) => script.id === added.data.id)?.body.title).toBe('Martes de tacos, a mano');

    const edited = await t.call<Script>('/v1/creative/script/update', { id: added.data.id, body: { ...body, title: 'Martes de tacos, corregido' } }, as('studio'));
    expect(edited.code, edited.msg).toBe('200');
    expect((await desk()).find((script) => script.id === added.data.id)?.body.title).toBe('Martes de tacos, corregido');

    const rendered = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'es', script_id: added.data.id, script: edited.data.body }, as('studio'));
    expect(rendered.code, rendered.msg).toBe('200');
    expect((await desk()).map((script) => script.id)).not.toContain(added.data.id);
  });

  it('files a script with no hook style said as a question hook', async () => {
    const added = await t.call<Script>('/v1/creative/script/add', { merchant_id: merchantId, language: 'en', body: sampleScript('en') }, as('admin'));
    expect(added.code, added.msg).toBe('200');
    expect(added.data).toMatchObject({ engine: 'hand', hook_style: 'question', desk: true });
  });

  it('refuses a script that is not whole with a clear 400 in the caller’s language, and keeps nothing', async () => {
    const before = (await desk()).length;
    const empty = await t.call<{ fields: Record<string, string> }>(
      '/v1/creative/script/add',
      { merchant_id: merchantId, language: 'en', body: { ...sampleScript('en'), title: '  ', beats: [] } },
      as('studio', 'es'),
    );
    expect(empty.code).toBe('400');
    expect(empty.data.fields['body.title']).toBe(formatMessage('es', 'creative.text_required'));
    expect(empty.data.fields['body.beats']).toBe(formatMessage('es', 'creative.beats_count'));
    const noLanguage = await t.call('/v1/creative/script/add', { merchant_id: merchantId, language: 'fr', body: sampleScript('en') }, as('studio'));
    expect(noLanguage.code).toBe('400');
    const noBody = await t.call('/v1/creative/script/add', { merchant_id: merchantId, language: 'en' }, as('studio'));
    expect(noBody.code).toBe('400');
    expect(await desk()).toHaveLength(before);
  });

  it('answers another studio’s merchant as not found, and refuses an operator or the merchant', async () => {
    const body = { merchant_id: merchantId, language: 'en', body: sampleScript('en') };
    expect((await t.call('/v1/creative/script/add', body, as('studio2'))).code).toBe('404');
    for (const name of ['operator', 'client']) expect((await t.call('/v1/creative/script/add', body, as(name))).code, name).toBe('403');
  });
});
