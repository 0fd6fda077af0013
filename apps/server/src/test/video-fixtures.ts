import type { Envelope, UploadResponse, VideoConnection, VideoPost } from '@nearcast/contract';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { mediaFile } from './media-samples.js';
import { multipartBody } from './multipart.js';
import { givePlan } from './plans.js';

/** What video tests build on: accounts by demo name, and a merchant of another studio. */
export interface VideoWorld {
  tokens: Map<string, string>;
  ids: Map<string, number>;
}

export const VIDEO_DEMO = ['super', 'admin', 'agent', 'studio', 'operator', 'client', 'newclient'] as const;

/** Signs the demo accounts in and adds `studio2` with its merchant `client2`. */
export async function videoWorld(t: TestApp): Promise<VideoWorld> {
  const tokens = new Map<string, string>();
  const ids = new Map<string, number>();
  for (const name of VIDEO_DEMO) tokens.set(name, await t.login(`${name}@example.com`));
  const superToken = tokens.get('super')!;
  for (const [name, role] of [['studio2', 'studio'], ['client2', 'client']] as const) {
    const created = await t.call<{ id: number }>(
      '/v1/account/add',
      { email: `${name}@example.com`, password: 'Fixture-pass-1', username: name, role },
      { token: superToken },
    );
    expect(created.code, created.msg).toBe('200');
    await givePlan(t, `${name}@example.com`);
    tokens.set(name, await t.login(`${name}@example.com`, 'Fixture-pass-1'));
  }
  const all = await t.call<{ list: { id: number; email: string }[] }>('/v1/account/list', { page_size: 100 }, { token: superToken });
  for (const row of all.data.list) ids.set(row.email.replace('@example.com', ''), row.id);
  const assigned = await t.call('/v1/client/studio/set', { client_id: ids.get('client2'), studio_id: ids.get('studio2') }, { token: superToken });
  expect(assigned.code, assigned.msg).toBe('200');
  return { tokens, ids };
}

/** Connects a merchant's account through the sandbox's OAuth flow, as the web's callback page does. */
export async function connectSandbox(t: TestApp, token: string, merchantId: number, platform = 'sandbox'): Promise<VideoConnection> {
  const started = await t.call<{ authorize_url: string }>('/v1/video/connect', { merchant_id: merchantId, platform }, { token });
  expect(started.code, started.msg).toBe('200');
  const back = new URL(started.data.authorize_url);
  const done = await t.call<VideoConnection>(
    '/v1/video/connect/callback',
    { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
    { token },
  );
  expect(done.code, done.msg).toBe('200');
  return done.data;
}

/** A temporary upload of a small MP4 by the caller (a studio's final video). */
export async function uploadVideo(t: TestApp, token: string): Promise<number> {
  const form = multipartBody({ purpose: 'video' }, { filename: 'final.mp4', contentType: 'video/mp4', content: mediaFile('mp4') });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/base/oss/temp',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.body,
  });
  const upload = response.json() as Envelope<UploadResponse>;
  expect(upload.code, upload.msg).toBe('200');
  return upload.data.id;
}

/** A post of an uploaded video with captions in three languages. */
export async function addPost(
  t: TestApp,
  token: string,
  merchantId: number,
  overrides: Record<string, unknown> = {},
): Promise<VideoPost> {
  const response = await t.call<VideoPost>(
    '/v1/video/add',
    {
      merchant_id: merchantId,
      title: 'Taco Tuesday',
      upload_id: await uploadVideo(t, token),
      captions: [
        { language: 'en', caption: 'Two-for-one tacos all day', hashtags: ['tacos', '#deal'] },
        { language: 'es', caption: 'Tacos dos por uno todo el día', hashtags: ['tacos'] },
        { language: 'zh', caption: '塔可买一送一', hashtags: [] },
      ],
      language: 'en',
      platforms: ['sandbox'],
      ...overrides,
    },
    { token },
  );
  expect(response.code, response.msg).toBe('200');
  return response.data;
}
