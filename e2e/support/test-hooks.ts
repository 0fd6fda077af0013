import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { createPublishers } from '../../apps/server/src/adapters/publishing/index';
import { MetricsCollector } from '../../apps/server/src/modules/video/metrics-collector';
import { PublishEngine } from '../../apps/server/src/modules/video/publish-engine';
import { dueJobIds } from '../../apps/server/src/modules/video/publish-repository';
import { eq } from 'drizzle-orm';
import { accounts } from '../../apps/server/src/db/schema';
import type { Services } from '../../apps/server/src/composition/services';
import { seedReviewDay } from './review-day-seed';

/**
 * Test-only hooks of the journeys' server: preloaded by global-setup (`--import`), never part
 * of the server itself. Fastify announces each instance it creates on a diagnostics channel;
 * this adds, to the app the server builds, one route that runs the holding-period job with the
 * clock moved forward, so a journey can see earnings leave their holding period without
 * waiting days: the real job, the real postings, only "now" is later.
 */
const DAY_MS = 86_400_000;

diagnostics.subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance & { services: Services } };
  const hooks = async (app: FastifyInstance) => {
    app.post('/__e2e/finance/release-due', async (request) => {
      const days = Number((request.body as { days?: unknown } | undefined)?.days ?? 0);
      if (!Number.isFinite(days) || days < 0 || days > 400) throw new Error('days must be a number of days from 0 to 400');
      // The services are decorated on the root instance by the time a request arrives.
      const released = await fastify.services.finance.releaseDue(new Date(Date.now() + days * DAY_MS));
      return { released };
    });
    // The video engine and the statistics collector with the clock moved forward, so a journey
    // sees the sandbox move a post through reviewing to approved (minutes) and its numbers grow
    // without waiting: the real engine, the real sandbox, the real collector, only "now" is later.
    app.post('/__e2e/video/advance', async (request) => {
      const minutes = Number((request.body as { minutes?: unknown } | undefined)?.minutes ?? 0);
      if (!Number.isFinite(minutes) || minutes < 0 || minutes > 60 * 24 * 30) throw new Error('minutes must be a number of minutes from 0 to 43200');
      const services = fastify.services;
      const now = () => new Date(Date.now() + minutes * 60_000);
      const publishers = createPublishers(services.config, { now });
      const deps = { db: services.database.db, events: services.events, publishers, connections: () => services.videoConnections, now };
      const engine = new PublishEngine({ ...deps, jobs: services.jobs, storage: services.storage });
      let advanced = 0;
      // One step of each due job per pass (queued → uploading → reviewing → …), run here rather
      // than queued, so the steps see the moved clock; a few passes take a job as far as it allows.
      for (let pass = 0; pass < 4; pass += 1) {
        for (const id of await dueJobIds(services.database.db, now(), 200)) {
          await engine.advance(id);
          advanced += 1;
        }
      }
      const collected = await new MetricsCollector(deps).collect();
      return { advanced, collected };
    });
    // The waitlist's offer pass now rather than at the next minute: the real pass, the real lock.
    app.post('/__e2e/waitlist/offer-due', async () => ({ offered: await fastify.services.waitlist.offerDue() }));
    // When an account's plan ends, so a journey can look at what depends on the calendar (a list
    // of plans about to end, its "days left" tags) whatever day it runs. Answers the end it
    // replaced, for putting it back.
    app.post('/__e2e/account/expire-at', async (request) => {
      const body = (request.body ?? {}) as { email?: unknown; expire_at?: unknown };
      if (typeof body.email !== 'string') throw new Error('email must be an account email');
      const at = body.expire_at === null ? null : new Date(String(body.expire_at));
      if (at && Number.isNaN(at.getTime())) throw new Error('expire_at must be an ISO time or null');
      const db = fastify.services.database.db;
      const [before] = await db.select({ expireAt: accounts.expireAt }).from(accounts).where(eq(accounts.email, body.email));
      if (!before) throw new Error(`no account ${body.email}`);
      await db.update(accounts).set({ expireAt: at }).where(eq(accounts.email, body.email));
      return { previous: before.expireAt ? before.expireAt.toISOString() : null };
    });
    // A studio's review day (review-day-seed.ts): a studio, its merchants with briefs, and their
    // pending drafts made by the real render engine from one tiny real video.
    app.post('/__e2e/creative/review-day', async (request) => {
      const body = (request.body ?? {}) as { tag?: unknown; merchants?: unknown; drafts?: unknown };
      const tag = String(body.tag ?? '');
      const merchants = Number(body.merchants ?? 20);
      const drafts = Number(body.drafts ?? 5);
      if (!/^[a-z0-9]{1,16}$/.test(tag)) throw new Error('tag must be 1 to 16 lower-case letters and digits');
      if (!Number.isInteger(merchants) || merchants < 1 || merchants > 30) throw new Error('merchants must be a whole number from 1 to 30');
      if (!Number.isInteger(drafts) || drafts < 1 || drafts > 10) throw new Error('drafts must be a whole number from 1 to 10');
      return seedReviewDay(fastify.services, { tag, merchants, drafts });
    });
  };
  // Registered on the root instance itself (not an encapsulated child), like fastify-plugin does.
  (hooks as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  void fastify.register(hooks);
});
