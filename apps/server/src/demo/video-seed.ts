import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SandboxPublisher, sandboxMetrics, sandboxRemoteId, type PublishTarget } from '../adapters/publishing/index.js';
import { decodeKey } from '../config.js';
import { seal } from '../lib/sealed-secret.js';
import * as accountsRepo from '../modules/account/repository.js';
import type { HistoryWriter } from '../modules/events/service.js';
import { milestoneOf } from '../modules/video/metrics-collector.js';
import * as repo from '../modules/video/publish-seed-repository.js';
import type { NewConnectionRow, NewJobRow, NewPostRow, NewSnapshotRow, StoredCaption } from '../modules/video/publish-seed-repository.js';
import type { Services } from '../composition/services.js';
import { makeFile } from './illustrations/make-file.js';
import { tacosPlate } from './illustrations/restaurant.js';
import { seedVideoNotifications } from './notification-seed.js';

/**
 * The demo's video history: the demo merchants' accounts connected through the sandbox (labelled
 * as such everywhere), and 90 days of their published videos with statistics snapshots, so
 * `/video` and the dashboards open full. Every number is what the sandbox itself would answer for
 * that post at that moment (`sandboxMetrics`), so the collector carries on from the seed without
 * a jump. Rows go in in bulk: the whole history costs a second or two at start-up. What the
 * platform would have recorded of it goes in as history too (`recordVideoHistory`): the
 * dashboards are built by replaying it.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const DEMO_VIDEO_DAYS = 90;
/** The demo merchant posts daily; the network's merchants every third day. */
const OTHER_MERCHANTS = 10;
/** The one final video every demo post points at, made after start-up (see `makeDemoVideoFile`). */
export const DEMO_VIDEO_KEY = 'demo/video-posts/demo-post.mp4';
const SIZE_BEFORE_FILE = 0;
/** Readings kept per post: often while it is young, then further apart. */
const SNAPSHOT_AGES = [HOUR, 6 * HOUR, DAY, 2 * DAY, 4 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 60 * DAY];

const STORIES: { title: string; en: string; es: string; zh: string; tags: string[] }[] = [
  { title: 'Morning bake', en: 'Fresh out of the oven at 7am — come early!', es: '¡Recién salido del horno a las 7!', zh: '早上七点新鲜出炉，早点来！', tags: ['bakery', 'fresh'] },
  { title: 'Taco Tuesday', en: 'Two-for-one tacos all day Tuesday.', es: 'Tacos dos por uno todo el martes.', zh: '周二全天塔可买一送一。', tags: ['tacos', 'deal'] },
  { title: 'Meet the team', en: 'The people behind your favourite corner shop.', es: 'Las personas detrás de tu tienda favorita.', zh: '认识一下你最爱小店背后的团队。', tags: ['team', 'local'] },
  { title: 'Weekend special', en: 'This weekend only: the chef’s tasting plate.', es: 'Solo este fin de semana: el plato del chef.', zh: '仅限本周末：主厨品鉴拼盘。', tags: ['weekend', 'special'] },
  { title: 'Behind the counter', en: 'How we make our signature drink in 30 seconds.', es: 'Así preparamos nuestra bebida estrella en 30 segundos.', zh: '30 秒看我们如何做招牌饮品。', tags: ['howto', 'drinks'] },
  { title: 'Customer of the week', en: 'Maria has visited us every Friday for ten years.', es: 'María nos visita cada viernes desde hace diez años.', zh: '玛丽亚十年来每周五都来光顾。', tags: ['community'] },
  { title: 'New on the menu', en: 'Say hello to our spicy mango bowl.', es: 'Te presentamos nuestro bowl de mango picante.', zh: '新品上市：香辣芒果碗。', tags: ['new', 'menu'] },
  { title: 'Storefront tour', en: 'Find us on Main Street, next to the library.', es: 'Encuéntranos en Main Street, junto a la biblioteca.', zh: '我们就在主街图书馆旁边。', tags: ['storefront'] },
];
const LANGUAGES = ['en', 'en', 'es', 'es', 'zh'] as const;

export interface VideoSeedSummary {
  merchants: number;
  connections: number;
  posts: number;
  jobs: number;
  snapshots: number;
  ms: number;
}

/** Seeds the video history once, on a database that has the demo accounts and no video post yet. */
export async function seedDemoVideos(services: Services, now = new Date()): Promise<VideoSeedSummary | null> {
  const started = Date.now();
  const db = services.database.db;
  if (await repo.anyPost(db)) return null;
  const clients = await accountsRepo.listServedClients(db, 200);
  const demo = clients.find((c) => c.email === 'client@example.com');
  if (!demo) return null;
  const merchants = [demo, ...clients.filter((c) => c.id !== demo.id).slice(0, OTHER_MERCHANTS)];
  const key = decodeKey(services.config.PLATFORM_TOKEN_KEY)!;
  const historyStart = new Date(now.getTime() - (DEMO_VIDEO_DAYS + 5) * DAY);

  // ---- connections: each merchant's accounts, connected through the sandbox -------------------
  const platformsOf = (index: number): PublishTarget[] =>
    index === 0 ? ['tiktok', 'youtube', 'instagram', 'facebook'] : (['tiktok', 'youtube', 'instagram'] as PublishTarget[]).filter((_, i) => (index + i) % 3 !== 2);
  const connectionRows: NewConnectionRow[] = [];
  for (const [index, merchant] of merchants.entries()) {
    for (const platform of platformsOf(index)) {
      connectionRows.push(await sandboxConnectionRow(key, { id: merchant.id, name: merchant.company || merchant.name, studioId: merchant.studioId }, platform, historyStart, now));
    }
  }
  const connections = await repo.insertConnections(db, connectionRows);

  // ---- posts ----------------------------------------------------------------------------------
  const postRows: NewPostRow[] = [];
  for (const [index, merchant] of merchants.entries()) {
    for (let day = DEMO_VIDEO_DAYS; day >= 1; day--) {
      if (index > 0 && (day + index) % 3 !== 0) continue;
      const at = new Date(now.getTime() - day * DAY + ((index * 37) % 240) * 60_000);
      // Every fourth post went to the merchant for approval first.
      postRows.push(donePostRow(merchant, platformsOf(index), at, day + index, day % 4 === 0));
    }
  }
  const posts: { id: number; merchantId: number; scheduledAt: Date | null; language: StoredCaption['language'] }[] = [];
  for (const chunk of chunks(postRows, 500)) {
    posts.push(...(await repo.insertPosts(db, chunk)));
  }

  // ---- one approved job per post and platform, with the sandbox's numbers -------------------
  const jobRows: NewJobRow[] = [];
  for (const post of posts) {
    for (const connection of connections.filter((c) => c.merchantId === post.merchantId)) {
      jobRows.push(approvedJobRow({ ...post, scheduledAt: post.scheduledAt! }, connection, now));
    }
  }
  const snapshotRows: NewSnapshotRow[] = [];
  const jobs: Awaited<ReturnType<typeof repo.insertJobs>> = [];
  for (const chunk of chunks(jobRows, 500)) {
    const inserted = await repo.insertJobs(db, chunk);
    jobs.push(...inserted);
    for (const job of inserted) snapshotRows.push(...snapshotRowsOf(job, now));
  }
  for (const chunk of chunks(snapshotRows, 1000)) await repo.insertSnapshots(db, chunk);
  // What the platform would have told of all this as it happened: the dashboards start from it.
  await recordVideoHistory(services.events.history(db), { connectionRows, connections, postRows, posts, jobRows, jobs, snapshotRows });

  // ---- today and the days ahead for the demo merchant ------------------------------------------
  // One post the sandbox is still reviewing (the engine takes it on to approved within minutes of
  // start-up), one waiting for the merchant's approval tomorrow, one scheduled the day after.
  const demoPlatforms = platformsOf(0);
  const upcoming = (story: (typeof STORIES)[number], at: Date, extra: Partial<NewPostRow>): NewPostRow => ({
    merchantId: demo.id,
    createdById: demo.studioId,
    title: story.title,
    fileKey: DEMO_VIDEO_KEY,
    fileName: 'demo-post.mp4',
    fileMime: 'video/mp4',
    fileSize: SIZE_BEFORE_FILE,
    fileDurationSeconds: 4,
    captions: captionsOf(story),
    platforms: demoPlatforms,
    language: 'en',
    scheduledAt: at,
    createdAt: new Date(now.getTime() - HOUR),
    updatedAt: now,
    ...extra,
  });
  const justNow = new Date(now.getTime() - 60_000);
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 17));
  const [inFlight, ...ahead] = await repo.insertPosts(db, [
    upcoming(STORIES[6]!, justNow, { status: 'publishing', releasedAt: justNow }),
    upcoming(STORIES[3]!, tomorrow, { status: 'scheduled', approval: 'pending' }),
    upcoming(STORIES[1]!, new Date(tomorrow.getTime() + DAY), { status: 'scheduled' }),
  ]);
  const inFlightJobs = await repo.insertJobs(
    db,
    connections
      .filter((c) => c.merchantId === demo.id)
      .map((connection) => {
        const remoteId = sandboxRemoteId(connection.platform, justNow, `demo:${inFlight!.id}:${connection.platform}`);
        return {
          postId: inFlight!.id,
          merchantId: demo.id,
          connectionId: connection.id,
          platform: connection.platform,
          language: 'en' as const,
          state: 'reviewing' as const,
          checkpoint: { remoteId, acceptedAt: justNow.getTime() },
          remoteId,
          attempts: 1,
          startedAt: justNow,
          lastAttemptAt: justNow,
          lastStatusAt: justNow,
          runAfter: now,
        };
      }),
  );

  // The demo merchant's video news, about these posts: its latest publication, one it approved,
  // and the one waiting for its approval.
  const demoDay = (day: number) => ({ id: posts[DEMO_VIDEO_DAYS - day]!.id, title: STORIES[day % STORIES.length]!.title, at: posts[DEMO_VIDEO_DAYS - day]!.scheduledAt! });
  await seedVideoNotifications(db, { id: demo.id, studioId: demo.studioId, name: demo.company || demo.name }, {
    published: demoDay(1),
    approved: demoDay(4),
    awaiting: { id: ahead[0]!.id, title: STORIES[3]!.title },
  });

  return {
    merchants: merchants.length,
    connections: connections.length,
    posts: posts.length + 1 + ahead.length,
    jobs: jobs.length + inFlightJobs.length,
    snapshots: snapshotRows.length,
    ms: Date.now() - started,
  };
}

/** The rows a video seed wrote, and what their inserts answered (ids). */
export interface SeededVideos {
  connectionRows: readonly NewConnectionRow[];
  connections: readonly { id: number; merchantId: number; platform: string }[];
  postRows: readonly NewPostRow[];
  posts: readonly { id: number; merchantId: number; scheduledAt: Date | null }[];
  jobRows: readonly NewJobRow[];
  jobs: readonly { id: number; merchantId: number; platform: string; startedAt: Date | null }[];
  snapshotRows: readonly NewSnapshotRow[];
}

/**
 * The events the running platform records for such a history, each at its time: a connection
 * made (as the connection service tells it), a job published (as the publishing engine does)
 * and every reading that showed more plays than the one before (as the statistics collector
 * does). Written in time order, so the history reads as it happened; the inserts' answers are
 * matched to their rows by what is unique in them, not by position.
 */
export async function recordVideoHistory(history: HistoryWriter, seeded: SeededVideos): Promise<number> {
  type Dated = { at: Date; write: () => Promise<void> };
  const dated: Dated[] = [];
  const connectionOf = new Map(seeded.connectionRows.map((row) => [`${row.merchantId}:${row.platform}`, row]));
  for (const connection of seeded.connections) {
    const row = connectionOf.get(`${connection.merchantId}:${connection.platform}`)!;
    if (row.state !== 'connected') continue;
    const at = row.connectedAt ?? row.createdAt!;
    const payload = { connection_id: connection.id, platform: row.platform };
    dated.push({
      at,
      write: () => history.add('connection.connected', { actor_id: row.connectedById ?? null, subject_id: connection.id, account_id: row.merchantId, payload, at }),
    });
  }
  const titleOf = new Map(seeded.postRows.map((row) => [`${row.merchantId}:${row.scheduledAt?.getTime()}`, row.title]));
  const postTitle = new Map(seeded.posts.map((post) => [post.id, titleOf.get(`${post.merchantId}:${post.scheduledAt?.getTime()}`) ?? '']));
  const jobKey = (job: { merchantId: number; platform: string; startedAt?: Date | null }) => `${job.merchantId}:${job.platform}:${job.startedAt?.getTime()}`;
  const jobRowOf = new Map(seeded.jobRows.map((row) => [jobKey(row), row]));
  const jobOf = new Map<number, NewJobRow>();
  for (const { id, ...inserted } of seeded.jobs) {
    const job = jobRowOf.get(jobKey(inserted));
    if (!job) continue;
    jobOf.set(id, job);
    if (!job.publishedAt) continue;
    const at = job.publishedAt;
    const payload = { post_id: job.postId, job_id: id, platform: job.platform, title: postTitle.get(job.postId) ?? '', ...(job.url ? { url: job.url } : {}), language: job.language };
    dated.push({ at, write: () => history.add('video.published', { actor_id: null, subject_id: job.postId, account_id: job.merchantId, payload, at }) });
  }
  const byJob = new Map<number, NewSnapshotRow[]>();
  for (const snapshot of seeded.snapshotRows) {
    const readings = byJob.get(snapshot.jobId);
    if (readings) readings.push(snapshot);
    else byJob.set(snapshot.jobId, [snapshot]);
  }
  for (const [jobId, readings] of byJob) {
    const job = jobOf.get(jobId);
    if (!job) continue;
    let before: number | null = null;
    for (const reading of [...readings].sort((a, b) => a.takenAt!.getTime() - b.takenAt!.getTime())) {
      const plays = reading.plays ?? null;
      if (plays !== null && plays > (before ?? 0)) {
        const at = reading.takenAt!;
        const payload = { post_id: job.postId, job_id: jobId, platform: job.platform, plays, likes: reading.likes ?? null, comments: reading.comments ?? null, shares: reading.shares ?? null };
        dated.push({ at, write: () => history.add('video.plays', { actor_id: null, subject_id: job.postId, account_id: job.merchantId, payload, at }) });
      }
      before = plays;
    }
  }
  dated.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of dated) await event.write();
  return history.flush();
}

/**
 * A post that went out at `at` and is done: the `n`th story in the `n`th language, on the demo
 * video; `approved` says the merchant approved it three hours before.
 */
export function donePostRow(merchant: { id: number; studioId: number | null }, platforms: PublishTarget[], at: Date, n: number, approved: boolean): NewPostRow {
  const story = STORIES[n % STORIES.length]!;
  return {
    merchantId: merchant.id,
    createdById: merchant.studioId,
    title: story.title,
    fileKey: DEMO_VIDEO_KEY,
    fileName: 'demo-post.mp4',
    fileMime: 'video/mp4',
    fileSize: SIZE_BEFORE_FILE,
    fileDurationSeconds: 4,
    captions: captionsOf(story),
    platforms,
    language: LANGUAGES[n % LANGUAGES.length]!,
    status: 'done',
    approval: approved ? 'approved' : 'not_required',
    approvalAt: approved ? new Date(at.getTime() - 3 * HOUR) : null,
    scheduledAt: at,
    releasedAt: at,
    createdAt: new Date(at.getTime() - DAY),
    updatedAt: at,
  };
}

function captionsOf(story: (typeof STORIES)[number]): StoredCaption[] {
  return [
    { language: 'en', caption: story.en, hashtags: story.tags },
    { language: 'es', caption: story.es, hashtags: story.tags },
    { language: 'zh', caption: story.zh, hashtags: story.tags },
  ];
}

/** A merchant's account on `platform`, connected through the sandbox with tokens it issued and sealed as the connection service seals them. */
export async function sandboxConnectionRow(
  key: Buffer,
  merchant: { id: number; name: string; studioId: number | null },
  platform: PublishTarget,
  connectedAt: Date,
  now: Date,
): Promise<NewConnectionRow> {
  const sandbox = new SandboxPublisher({ platform, now: () => now });
  const { tokens, account } = await sandbox.exchange({ code: `sbx-code.demo-${merchant.id}-${platform}`, redirectUri: 'http://localhost/', codeVerifier: 'demo'.repeat(11) });
  return {
    merchantId: merchant.id,
    platform,
    sandbox: true,
    state: 'connected',
    remoteAccountId: account.id,
    remoteAccountName: `${merchant.name} · Sandbox`,
    // The same sealing the connection service uses, so the engine opens these like any other.
    sealedTokens: seal(key, JSON.stringify({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken }), `platform-tokens:${merchant.id}:${platform}`),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    scopes: tokens.scopes,
    connectedById: merchant.studioId,
    connectedAt,
    lastRefreshAt: now,
    createdAt: connectedAt,
    updatedAt: now,
  };
}

/** A post's job on one connection, published and approved by the sandbox, carrying what the sandbox answers for it now. */
export function approvedJobRow(
  post: { id: number; merchantId: number; scheduledAt: Date; language: StoredCaption['language'] },
  connection: { id: number; platform: PublishTarget },
  now: Date,
): NewJobRow {
  const at = post.scheduledAt;
  const remoteId = sandboxRemoteId(connection.platform, at, `demo:${post.id}:${connection.platform}`);
  const latest = sandboxMetrics(remoteId, now, connection.platform);
  return {
    postId: post.id,
    merchantId: post.merchantId,
    connectionId: connection.id,
    platform: connection.platform,
    language: post.language,
    state: 'approved',
    checkpoint: { remoteId, acceptedAt: at.getTime() },
    remoteId,
    attempts: 1,
    startedAt: at,
    lastAttemptAt: at,
    publishedAt: new Date(at.getTime() + 2 * 60_000),
    approvedAt: new Date(at.getTime() + 5 * 60_000),
    lastStatusAt: new Date(at.getTime() + 5 * 60_000),
    lastMetricsAt: now,
    ...latest,
    milestonePlays: milestoneOf(latest.plays),
    createdAt: at,
    updatedAt: now,
  };
}

/** A job's readings, often while it was young and further apart later, ending with the one taken now. */
export function snapshotRowsOf(
  job: { id: number; merchantId: number; platform: PublishTarget; remoteId: string | null; startedAt: Date | null },
  now: Date,
): NewSnapshotRow[] {
  const times = [...SNAPSHOT_AGES.map((age) => job.startedAt!.getTime() + age).filter((t) => t < now.getTime()), now.getTime()];
  return times.map((t) => ({ jobId: job.id, merchantId: job.merchantId, platform: job.platform, takenAt: new Date(t), ...sandboxMetrics(job.remoteId!, new Date(t), job.platform) }));
}

/**
 * The demo posts' final video: a few seconds of the taqueria's tacos in portrait H.264, made with the
 * bundled ffmpeg once the server is listening (as the material library is) and stored where every
 * demo post points, so their players play and a re-published demo post uploads real bytes.
 */
export async function makeDemoVideoFile(services: Services, log: FastifyBaseLogger): Promise<boolean> {
  if (await services.storage.stat(DEMO_VIDEO_KEY)) return false;
  const db = services.database.db;
  if (!(await repo.anyPostWithFile(db, DEMO_VIDEO_KEY))) return false;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-demo-video-'));
  try {
    const file = path.join(work, 'demo-post.mp4');
    // A portrait clip of the taqueria's tacos, with steam and a sizzle (demo/illustrations/).
    const recipe = { kind: 'clip', svg: () => tacosPlate({ width: 430, height: 760 }, 13), width: 360, height: 640, seconds: 4, motion: 'drift-up', steam: true, sizzle: true } as const;
    await makeFile(recipe, file, services.material.tools().ffmpeg);
    const { size } = await fs.stat(file);
    await services.storage.put(DEMO_VIDEO_KEY, createReadStream(file), { contentType: 'video/mp4', contentLength: size });
    // The posts were seeded before the file existed: they take its real size now.
    await repo.setFileSize(db, DEMO_VIDEO_KEY, size);
    log.info({ bytes: size }, 'made the demo posts’ video');
    return true;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

export function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
