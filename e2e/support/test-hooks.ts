import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../apps/server/src/services';

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
  };
  // Registered on the root instance itself (not an encapsulated child), like fastify-plugin does.
  (hooks as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  void fastify.register(hooks);
});
