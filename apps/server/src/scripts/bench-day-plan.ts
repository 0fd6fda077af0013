/**
 * How long a merchant's day takes to make: the demo merchant's daily plan (five videos in its
 * language mix, each written, voiced and rendered from its own material library) run through
 * the real production line — the plan's job, the render queue, storage, the output's
 * processing into a material — on the embedded database, timed from the run to the last
 * draft done. Then the floor of each video (this ffmpeg encoding a test pattern of the same
 * length with the same encoder settings, one after another), so the target reads directly:
 * the day within 1.4 × the sum of its floors.
 *
 *   npm run bench:day
 *
 * The render queue runs RENDER_CONCURRENCY renders at once (default: half the cores), as a
 * render process would; set it to compare. `--keep DIR` saves the day's five videos there
 * (`<n>-<lang>-<look>.mp4`), to look at side by side as frames.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, type Render } from '@nearcast/contract';
import { buildApp } from '../app.js';
import { MemoryMailer } from '../adapters/mail/index.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemoLibrary } from '../demo/material-library.js';
import { seedDemoNetwork } from '../demo/network.js';
import { DEMO_MERCHANT, seedDemoProduction } from '../demo/production-seed.js';
import { seedDemo } from '../demo/seed.js';
import { seedDemoVideos } from '../demo/video-seed.js';
import { startJobs } from '../composition/jobs.js';
import { defaultRenderConcurrency } from '../modules/creative/production-line.js';
import { resolveMediaTools } from '../adapters/media/index.js';
import { floorMs } from './render-floor.js';

/** The day may take this many times the sum of its renders' floors. */
const TARGET_RATIO = 1.4;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-bench-day-'));
const config = loadConfig(undefined, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir: path.join(dataDir, 'db'), poolSize: config.DATABASE_POOL_SIZE });
const app = await buildApp({ config, database, mailer: new MemoryMailer() });
const services = app.services;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  await database.migrate();
  await seedDemo(database.db, (password) => services.accounts.hash(password));
  await seedDemoNetwork(services);
  await seedDemoVideos(services);
  await seedDemoLibrary(services, app.log);
  // The demo's briefs and plans; the days it queues for the workspace are not this bench's.
  const seeded = await seedDemoProduction(services);
  if (!seeded) throw new Error(`no demo production line for ${DEMO_MERCHANT}`);
  const studio = (await services.accounts.actingAs(seeded.studioId))!;
  const queuedOf = async (): Promise<Render[]> => (await services.creativeRenders.list(studio, api.creative.renderList.request.parse({ state: 'queued', page_size: 100 }), 'en')).list;
  const dayOf = async (day: string): Promise<Render[]> =>
    (await services.creativeRenders.list(studio, api.creative.renderList.request.parse({ merchant_id: seeded.merchantId, date: day, page_size: 100 }), 'en')).list;
  // Every render the demo queued (its merchants' days for the review queue) is cancelled: the
  // queue is fair across merchants, and the day measured would otherwise wait on theirs.
  for (let pending = await queuedOf(); pending.length > 0; pending = await queuedOf()) {
    for (const render of pending) await services.creativeRenders.cancel(studio, render.id, 'en');
  }

  const concurrency = config.RENDER_CONCURRENCY ?? defaultRenderConcurrency();
  const day = tomorrowOf(seeded.today);
  console.log(`${DEMO_MERCHANT}'s plan for ${day} on ${os.availableParallelism()} cores, ${concurrency} render(s) at a time`);
  await startJobs(services, app.log);
  const started = Date.now();
  await services.creativePlans.runDay(seeded.merchantId, day, null);
  let renders = await dayOf(day);
  while (renders.length === 0 || renders.some((render) => render.state === 'queued' || render.state === 'rendering')) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    renders = await dayOf(day);
  }
  const dayMs = Date.now() - started;
  await services.jobs.stop();

  const failed = renders.filter((render) => render.state !== 'done');
  if (failed.length) throw new Error(`${failed.length} of the day's renders did not finish: ${failed.map((render) => `${render.id} ${render.state} ${render.error ?? ''}`).join('; ')}`);
  console.log(`the day: ${renders.length} videos in ${seconds(dayMs)}, from the run to the last draft done`);

  const keep = process.argv.includes('--keep') ? process.argv[process.argv.indexOf('--keep') + 1] : undefined;
  if (keep) {
    await fs.mkdir(keep, { recursive: true });
    for (const [index, render] of renders.sort((a, b) => a.id - b.id).entries()) {
      const answer = await app.inject({ method: 'GET', url: render.video_url! });
      await fs.writeFile(path.join(keep, `${index + 1}-${render.language}-${render.look ?? 'look'}.mp4`), answer.rawPayload);
    }
    console.log(`the day's videos are in ${keep}`);
  }

  const tools = resolveMediaTools(config);
  let floors = 0;
  for (const render of renders.sort((a, b) => a.id - b.id)) {
    const floor = await floorMs(tools, dataDir, render.duration ?? 0);
    floors += floor;
    // When it was taken from the queue and finished, from the run's start: where the day's time went.
    const at = (time: string | null) => (time ? seconds(Date.parse(time) - started) : '–');
    console.log(
      `  ${render.language} ${(render.duration ?? 0).toFixed(1)} s video: rendered in ${seconds(render.timings.render_ms ?? 0)}, floor ${seconds(floor)} (started at ${at(render.timings.started_at)}, done at ${at(render.timings.finished_at)})`,
    );
  }
  const ratio = dayMs / floors;
  console.log(`floors summed ${seconds(floors)} · the day ${seconds(dayMs)} · ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'within' : 'OVER'}`);
  process.exitCode = ratio <= TARGET_RATIO ? 0 : 1;
} finally {
  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

function tomorrowOf(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
