import type { Envelope, UploadResponse, VideoConnection, VideoPost } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
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

/**
 * Where the statistics' day totals (`video_metric_days`) differ from their definition: for each
 * merchant, platform and day from the first reading on, every job's last reading by the end of
 * that day, summed, with the jobs counted and the jobs giving each metric. A day without a row
 * must have the totals of the last row before it, and every day with a reading must have a row.
 * Empty when they agree.
 */
export async function metricDaysMismatches(t: TestApp): Promise<unknown[]> {
  const wrong = await t.query(sql`
    with pairs as (
      select merchant_id, platform, min((taken_at at time zone 'UTC')::date) as first_day from video_metric_snapshots group by 1, 2
      union
      select merchant_id, platform, min(day) from video_metric_days group by 1, 2
    ), days as (
      select p.merchant_id, p.platform, d::date as day
        from (select merchant_id, platform, min(first_day) as first_day from pairs group by 1, 2) p
        cross join generate_series(p.first_day, (now() at time zone 'UTC')::date + 1, interval '1 day') d
    ), expected as (
      select days.merchant_id, days.platform, days.day, count(s.*) as jobs,
             coalesce(sum(s.plays), 0) as plays, count(s.plays) as plays_jobs, coalesce(sum(s.likes), 0) as likes, count(s.likes) as likes_jobs,
             coalesce(sum(s.comments), 0) as comments, count(s.comments) as comments_jobs, coalesce(sum(s.shares), 0) as shares, count(s.shares) as shares_jobs,
             coalesce(sum(s.collections), 0) as collections, count(s.collections) as collections_jobs
        from days
        left join video_publish_jobs j on j.merchant_id = days.merchant_id and j.platform = days.platform
        left join lateral (
          select x.* from video_metric_snapshots x
           where x.job_id = j.id and x.taken_at < (days.day + 1)::timestamp at time zone 'UTC'
           order by x.taken_at desc limit 1
        ) s on true
       group by 1, 2, 3
    ), kept as (
      select days.merchant_id, days.platform, days.day,
             coalesce(k.jobs, 0) as jobs, coalesce(k.plays, 0) as plays, coalesce(k.plays_jobs, 0) as plays_jobs, coalesce(k.likes, 0) as likes,
             coalesce(k.likes_jobs, 0) as likes_jobs, coalesce(k.comments, 0) as comments, coalesce(k.comments_jobs, 0) as comments_jobs,
             coalesce(k.shares, 0) as shares, coalesce(k.shares_jobs, 0) as shares_jobs, coalesce(k.collections, 0) as collections,
             coalesce(k.collections_jobs, 0) as collections_jobs
        from days
        left join lateral (
          select * from video_metric_days x
           where x.merchant_id = days.merchant_id and x.platform = days.platform and x.day <= days.day
           order by x.day desc limit 1
        ) k on true
    )
    (select 'expected' as side, * from expected except select 'expected', * from kept)
    union all
    (select 'kept', * from kept except select 'kept', * from expected)
    order by 2, 3, 4, 1`);
  const missing = await t.query(sql`
    select distinct s.merchant_id, s.platform, (s.taken_at at time zone 'UTC')::date as day
      from video_metric_snapshots s
     where not exists (select 1 from video_metric_days d where d.merchant_id = s.merchant_id and d.platform = s.platform and d.day = (s.taken_at at time zone 'UTC')::date)`);
  return [...wrong, ...missing.map((row) => ({ missing: row }))];
}
