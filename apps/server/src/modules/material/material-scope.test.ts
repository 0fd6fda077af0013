import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, Footage, UploadResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mediaFile } from '../../test/media-samples.js';
import { multipartBody } from '../../test/multipart.js';
import { givePlan } from '../../test/plans.js';
import { tusCreate, tusHead } from '../../test/tus-client.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

/**
 * The material scope matrix: every material endpoint called as every demo role is allowed or
 * refused as docs/decisions/027 says, and every id outside the caller's scope answers
 * not-found (decision 006): a merchant sees its own; the studio and the operator of a
 * merchant its active materials only; super everything; nobody else anything.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const accountIds = new Map<string, number>();
const material = new Map<string, number>();
const DEMO = ['super', 'admin', 'agent', 'studio', 'operator', 'client'] as const;

/** A material without running the processing job: a temporary upload, added, then put in a status by SQL. */
async function addMaterial(token: string, status: Footage['status']): Promise<number> {
  const form = multipartBody({}, { filename: 'x.png', contentType: 'image/png', content: mediaFile('png') });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/base/oss/temp',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.body,
  });
  const upload = response.json() as Envelope<UploadResponse>;
  const added = await t.call<Footage>('/v1/footage/add', { upload_id: upload.data.id }, { token });
  expect(added.code, added.msg).toBe('200');
  await t.query(
    status === 'failed'
      ? sql`update footage set status = 'failed', failure_key = 'footage.failed_image', failure_params = '{}'::jsonb where id = ${added.data.id}`
      : sql`update footage set status = ${status} where id = ${added.data.id}`,
  );
  return added.data.id;
}

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-footage-scope-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  for (const name of [...DEMO, 'newclient']) tokens.set(name, await t.login(`${name}@example.com`));
  const superToken = tokens.get('super')!;
  const all = await t.call<{ list: { id: number; email: string }[] }>('/v1/account/list', { page_size: 100 }, { token: superToken });
  for (const row of all.data.list) accountIds.set(row.email.replace('@example.com', ''), row.id);

  // A second merchant with a studio of its own.
  for (const [name, role] of [['studio2', 'studio'], ['client2', 'client']] as const) {
    const created = await t.call<{ id: number }>(
      '/v1/account/add',
      { email: `${name}@example.com`, password: 'Fixture-pass-1', username: name, role },
      { token: superToken },
    );
    accountIds.set(name, created.data.id);
    tokens.set(name, await t.login(`${name}@example.com`, 'Fixture-pass-1'));
  }
  // Paid, like the demo's merchant and studio, so what answers them is the scope, not plan gating.
  await givePlan(t, 'studio2@example.com', 'client2@example.com', 'newclient@example.com');
  await t.call('/v1/client/studio/set', { client_id: accountIds.get('client2'), studio_id: accountIds.get('studio2') }, { token: superToken });

  material.set('active', await addMaterial(tokens.get('client')!, 'active'));
  material.set('inactive', await addMaterial(tokens.get('client')!, 'inactive'));
  material.set('processing', await addMaterial(tokens.get('client')!, 'processing'));
  material.set('other', await addMaterial(tokens.get('client2')!, 'active'));
}, 180_000);
afterAll(() => t?.close());

const id = (name: string) => material.get(name)!;

describe('who may call what', () => {
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/footage/add', () => ({ upload_id: 999_999 })],
    ['/v1/footage/list', () => ({})],
    ['/v1/footage/count', () => ({})],
    ['/v1/footage/get', () => ({ id: id('active') })],
    // No field to change: allowed or refused, and nothing changes either way.
    ['/v1/footage/update', () => ({ id: id('active') })],
    ['/v1/footage/activate', () => ({ id: id('active') })],
    ['/v1/footage/deactivate', () => ({ id: 999_999 })],
    ['/v1/footage/delete', () => ({ id: 999_999 })],
    ['/v1/footage/mark', () => ({ id: 999_999, usage: 'pending' })],
    ['/v1/footage/storage', () => ({ merchant_id: accountIds.get('client') })],
  ];

  it.each(matrix)('%s', async (path, body) => {
    const allowed = declaredRoles(path);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(path, body(), { token: tokens.get(name) });
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(path, body())).code, 'anonymous').toBe('403');
  });

  it('lets only merchants upload resumably, and only into their own uploads', async () => {
    for (const name of ['super', 'studio', 'operator', 'admin', 'agent']) {
      expect((await tusCreate(t, tokens.get(name)!, 1024, { filename: 'a.png' })).status, name).toBe(403);
    }
    const mine = await tusCreate(t, tokens.get('client')!, 1024, { filename: 'a.png' });
    expect(mine.status).toBe(201);
    expect((await tusHead(t, tokens.get('client')!, mine.headers.location!)).status).toBe(200);
    expect((await tusHead(t, tokens.get('client2')!, mine.headers.location!)).status).toBe(404);
    expect((await tusCreate(t, '', 1024, { filename: 'a.png' })).status, 'anonymous').toBe(403);
  });
});

describe('every read and change stays in scope', () => {
  async function listed(name: string, body: object = {}): Promise<number[]> {
    const response = await t.call<{ list: Footage[]; total: number }>('/v1/footage/list', { page_size: 100, ...body }, { token: tokens.get(name) });
    expect(response.code, `list as ${name}`).toBe('200');
    expect(response.data.total).toBe(response.data.list.length);
    return response.data.list.map((row) => row.id).sort((a, b) => a - b);
  }
  const sorted = (...names: string[]) => names.map(id).sort((a, b) => a - b);

  it('lists', async () => {
    expect(await listed('super')).toEqual(sorted('active', 'inactive', 'processing', 'other'));
    expect(await listed('super', { merchant_id: accountIds.get('client2') })).toEqual(sorted('other'));
    expect(await listed('client')).toEqual(sorted('active', 'inactive', 'processing'));
    // A merchant's filter on another merchant finds nothing of the other's.
    expect(await listed('client', { merchant_id: accountIds.get('client2') })).toEqual([]);
    expect(await listed('client2')).toEqual(sorted('other'));
    expect(await listed('newclient')).toEqual([]);
    expect(await listed('studio')).toEqual(sorted('active'));
    expect(await listed('operator')).toEqual(sorted('active'));
    expect(await listed('studio2')).toEqual(sorted('other'));
    expect(await listed('studio', { merchant_id: accountIds.get('client2') })).toEqual([]);
  });

  it('counts', async () => {
    const count = async (name: string) => (await t.call<{ total: number; inactive: number }>('/v1/footage/count', {}, { token: tokens.get(name) })).data;
    expect(await count('super')).toMatchObject({ total: 4, inactive: 1 });
    expect(await count('client')).toMatchObject({ total: 3, inactive: 1 });
    expect(await count('studio')).toMatchObject({ total: 1, inactive: 0 });
    expect(await count('studio2')).toMatchObject({ total: 1 });
    expect(await count('newclient')).toMatchObject({ total: 0 });
  });

  it('answers not-found for every id outside the caller scope', async () => {
    const outOfScope: [string, string][] = [
      ['client2', 'active'],
      ['newclient', 'active'],
      ['client', 'other'],
      ['studio', 'inactive'],
      ['studio', 'processing'],
      ['studio', 'other'],
      ['operator', 'inactive'],
      ['operator', 'other'],
      ['studio2', 'active'],
    ];
    for (const [name, target] of outOfScope) {
      const token = tokens.get(name);
      const calls: [string, object][] = [
        ['/v1/footage/get', { id: id(target) }],
        ...(name.startsWith('client') || name === 'newclient'
          ? ([
              ['/v1/footage/update', { id: id(target), name: 'taken' }],
              ['/v1/footage/activate', { id: id(target) }],
              ['/v1/footage/deactivate', { id: id(target) }],
              ['/v1/footage/delete', { id: id(target) }],
            ] as [string, object][])
          : ([['/v1/footage/mark', { id: id(target), usage: 'completed' }]] as [string, object][])),
      ];
      for (const [path, body] of calls) {
        const response = await t.call(path, body, { token });
        expect(response.code, `${path} ${target} as ${name}`).toBe('404');
      }
    }
    // Nothing changed.
    const rows = await t.query<{ name: string; usage: string; status: string }>(sql`select name, usage, status from footage where id in (${id('active')}, ${id('other')})`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ name: expect.not.stringMatching(/^taken$/), usage: 'pending', status: 'active' });
  });

  it('adds only the caller’s own uploads', async () => {
    const form = multipartBody({}, { filename: 'x.png', contentType: 'image/png', content: mediaFile('png') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/base/oss/temp',
      headers: { ...form.headers, authorization: `Bearer ${tokens.get('client2')}` },
      payload: form.body,
    });
    const upload = (response.json() as Envelope<UploadResponse>).data;
    expect((await t.call('/v1/footage/add', { upload_id: upload.id }, { token: tokens.get('client') })).code).toBe('404');
    expect((await t.call('/v1/footage/add', { upload: `${accountIds.get('client2')}-00000000-0000-0000-0000-000000000000` }, { token: tokens.get('client') })).code).toBe('404');
    expect((await t.call('/v1/footage/add', { upload: '../../etc/passwd' }, { token: tokens.get('client') })).code).toBe('404');
  });

  it('reports storage for the merchant itself, and for super the merchant it names', async () => {
    const own = await t.call<{ used_bytes: number; quota_bytes: number }>('/v1/footage/storage', {}, { token: tokens.get('client') });
    expect(own.data.used_bytes).toBeGreaterThan(0);
    expect(own.data.quota_bytes).toBe(5120 * 1024 * 1024);
    const named = await t.call<{ used_bytes: number }>('/v1/footage/storage', { merchant_id: accountIds.get('client') }, { token: tokens.get('super') });
    expect(named.data.used_bytes).toBe(own.data.used_bytes);
    expect((await t.call('/v1/footage/storage', {}, { token: tokens.get('super') })).code).toBe('400');
    expect((await t.call('/v1/footage/storage', { merchant_id: accountIds.get('studio') }, { token: tokens.get('super') })).code).toBe('404');
  });
});
