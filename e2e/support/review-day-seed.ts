import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_TYPE, api, calendarDay, INFO_STATUS, PAY_STATUS, scriptBody, type ScriptLanguage } from '@nearcast/contract';
import { newReferralCode } from '../../apps/server/src/modules/account/crypto';
import * as accountsRepo from '../../apps/server/src/modules/account/repository';
import { createCreativeServices } from '../../apps/server/src/modules/creative/production-line';
import type { Renderer } from '../../apps/server/src/modules/creative/render-engine';
import { resolveMediaTools, run } from '../../apps/server/src/adapters/media/index';
import * as materialProcessingRepo from '../../apps/server/src/modules/material/processing-repository';
import { decodeKey } from '../../apps/server/src/config';
import { sandboxConnectionRow } from '../../apps/server/src/demo/video-seed';
import { insertConnections } from '../../apps/server/src/modules/video/publish-seed-repository';
import type { Services } from '../../apps/server/src/composition/services';

/**
 * A studio's review day for the review-day journey, made by the server's own services: a studio
 * and its merchants (paid, onboarded, each with a brief saved through the brief service), and
 * each merchant's drafts queued through the render service and made by the real render engine,
 * whose only stand-in is the renderer: instead of running ffmpeg over the brief for a minute, it
 * hands back one tiny real MP4 (180×320, 3 s, made once here with the bundled ffmpeg). So every
 * draft has its stored video, cover and material, as a rendered one would, and plays in the
 * browser; 200 drafts take seconds rather than hours.
 */

export interface ReviewDaySeed {
  studio: { id: number; email: string };
  merchants: { id: number; email: string; name: string }[];
  renders: number[];
}

const SHOPS = ['Tacos', 'Café', 'Barbers', 'Bakery', 'Florist', 'Yoga', 'Pho', 'Pizza', 'Books', 'Dental', 'Nails', 'Bikes', 'Sushi', 'Gym', 'Tea', 'Deli', 'Vet', 'Tailor', 'Ramen', 'Juice'];
const LANGUAGES: readonly ScriptLanguage[] = ['en', 'en', 'es', 'es', 'zh'];
const WORDS: Record<ScriptLanguage, { hook: string; beats: string[]; cta: string }> = {
  en: { hook: 'Have you tried it yet?', beats: ['Made fresh every morning', 'Two for one this week', 'Open until 10 pm'], cta: 'Come by today' },
  es: { hook: '¿Ya lo probaste?', beats: ['Hecho fresco cada mañana', 'Dos por uno esta semana', 'Abierto hasta las 10'], cta: 'Ven hoy mismo' },
  zh: { hook: '你试过了吗？', beats: ['每天早上新鲜制作', '本周买一送一', '营业到晚上十点'], cta: '今天就来' },
};

let media: Promise<{ video: string; cover: string }> | null = null;

/** The one tiny video (and its cover) every draft of the run is made of, made once per server. */
function tinyMedia(ffmpeg: string): Promise<{ video: string; cover: string }> {
  media ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-review-day-'));
    const video = path.join(dir, 'draft.mp4');
    const cover = path.join(dir, 'cover.jpg');
    const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
    // faststart: the index comes first, so the browser starts playing after the first bytes.
    await run(ffmpeg, [...quiet, '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=24', '-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', video], 60_000);
    await run(ffmpeg, [...quiet, '-i', video, '-frames:v', '1', '-q:v', '5', cover], 60_000);
    return { video, cover };
  })();
  return media;
}

/** Makes a studio with `merchants` merchants and `drafts` pending drafts each (see above). */
export async function seedReviewDay(services: Services, options: { tag: string; merchants: number; drafts: number }): Promise<ReviewDaySeed> {
  const { db } = services.database;
  // The server's media tools (the bundled ffmpeg unless configured otherwise).
  const tools = resolveMediaTools(services.config);
  const { video, cover } = await tinyMedia(tools.ffmpeg);
  // Every account signs in with the demo password, as the demo network's do.
  const superAccount = await accountsRepo.findAccountByEmail(db, 'super@example.com');
  const passwordHash = superAccount && (await accountsRepo.findPasswordHash(db, superAccount.id));
  if (!passwordHash) throw new Error('the demo accounts are not seeded');
  const onboarded = { payStatus: PAY_STATUS.paid, infoStatus: INFO_STATUS.complete, expireAt: new Date(Date.now() + 30 * 86_400_000) };

  const studioEmail = `review-${options.tag}@example.com`;
  const studio = await accountsRepo.insertAccount(db, {
    email: studioEmail,
    username: `review${options.tag}`.slice(0, 32),
    name: `Review ${options.tag}`,
    accountType: ACCOUNT_TYPE.studio,
    companyShortName: `Studio ${options.tag}`,
    passwordHash,
    referralCode: newReferralCode(),
    ...onboarded,
  });
  if (!studio) throw new Error(`${studioEmail} already exists`);
  const caller = await services.accounts.actingAs(studio.id);
  if (!caller) throw new Error(`${studioEmail} cannot act`);

  const renderer: Renderer = async (_tools, input) => {
    const videoPath = path.join(input.workDir, 'out.mp4');
    const coverPath = path.join(input.workDir, 'cover.jpg');
    await fs.copyFile(video, videoPath);
    await fs.copyFile(cover, coverPath);
    return { videoPath, coverPath, duration: 3, width: 180, height: 320, size: (await fs.stat(videoPath)).size, renderMs: 1 };
  };
  // The production line on the server's own database, storage and modules, with two parts of its
  // own: the renderer above, and a job queue that is not running, so the render service queues
  // no render job for the server's render workers (they would make the draft with ffmpeg); this
  // engine runs each render itself right after it is queued.
  const jobs = Object.create(services.jobs, { running: { value: false } }) as Services['jobs'];
  // The material each video becomes is the material service's, but for its processing: probing
  // and drawing a thumbnail of the same tiny file 200 times is minutes of ffmpeg on two shared
  // cores that tell nothing new. Its facts are known (it was made above), so each material is
  // finished through the material repository with them and its own stored copy of the cover.
  const material = Object.create(services.material, {
    process: {
      value: async (id: number) => {
        const row = await materialProcessingRepo.startProcessing(db, id);
        if (!row) return;
        const thumbKey = `${row.key.replace(/\.[a-z0-9]+$/, '')}.thumb-${row.id}.jpg`;
        const stored = await services.storage.put(thumbKey, createReadStream(cover), { contentType: 'image/jpeg' });
        await materialProcessingRepo.finishProcessing(db, id, { durationSeconds: 3, width: 180, height: 320, codec: 'h264', thumbKey, previewKey: null, extraBytes: stored.size });
      },
    },
  }) as Services['material'];
  const line = createCreativeServices({
    config: services.config,
    db,
    jobs,
    storage: services.storage,
    uploads: services.uploads,
    material,
    accounts: services.accounts,
    areas: services.areas,
    video: services.video,
    connections: services.videoConnections,
    reviews: services.videoReviews,
    hub: services.notificationHub,
    events: services.events,
    tools: () => tools,
    render: renderer,
  });

  const tokenKey = decodeKey(services.config.PLATFORM_TOKEN_KEY);
  if (!tokenKey) throw new Error('PLATFORM_TOKEN_KEY is not set: the merchants cannot be connected');
  const merchants: ReviewDaySeed['merchants'] = [];
  const renders: number[] = [];
  const today = calendarDay(new Date(), 'UTC');
  for (let index = 0; index < options.merchants; index += 1) {
    const shop = `${SHOPS[index % SHOPS.length]} ${options.tag}-${index + 1}`;
    const email = `review-${options.tag}-m${index + 1}@example.com`;
    const merchant = await accountsRepo.insertAccount(db, {
      email,
      username: `rv${options.tag}m${index + 1}`.slice(0, 32),
      name: shop,
      companyShortName: shop,
      accountType: ACCOUNT_TYPE.client,
      studioId: studio.id,
      passwordHash,
      referralCode: newReferralCode(),
      ...onboarded,
    });
    if (!merchant) throw new Error(`${email} already exists`);
    merchants.push({ id: merchant.id, email, name: shop });
    // Its TikTok account connected through the sandbox, as the demo's merchants are: an approved
    // draft becomes a post on the merchant's connected accounts, and is refused without one.
    const now = new Date();
    await insertConnections(db, [await sandboxConnectionRow(tokenKey, { id: merchant.id, name: shop, studioId: studio.id }, 'tiktok', now, now)]);
    await line.creativeBriefs.update(
      caller,
      api.creative.briefUpdate.request.parse({
        merchant_id: merchant.id,
        category: 'restaurant',
        offer: { en: 'Two for one this week', es: 'Dos por uno esta semana', zh: '本周买一送一' },
        call_to_action: { en: 'Come by today', es: 'Ven hoy mismo', zh: '今天就来' },
        languages: ['en', 'es', 'zh'],
        voice: 'none',
        music: 'none',
      }),
    );
    for (let slot = 0; slot < options.drafts; slot += 1) {
      const language = LANGUAGES[slot % LANGUAGES.length]!;
      const words = WORDS[language];
      const script = scriptBody.parse({
        title: `${shop} · ${slot + 1}`,
        hook: { on_screen: words.hook, spoken: words.hook },
        beats: words.beats.map((beat) => ({ on_screen: beat, spoken: beat })),
        call_to_action: { on_screen: words.cta, spoken: words.cta },
        captions: [{ platform: 'sandbox', caption: shop, hashtags: ['local'] }],
      });
      const [row] = await line.creativeRenders.enqueue([
        { merchantId: merchant.id, language, scriptId: null, script, footageIds: [], voice: 'none', music: 'none', musicFootageId: null, createdById: studio.id, origin: 'plan', planDate: today, planSlot: slot },
      ]);
      // Run at once: a render worker of the server takes only a render whose lease is free, and
      // this one's is taken here within milliseconds of its row.
      await line.creativeRenderEngine.run(row!.id);
      renders.push(row!.id);
    }
  }
  return { studio: { id: studio.id, email: studioEmail }, merchants, renders };
}
