import { llmKind } from './adapters/llm/index.js';
import { createMailer } from './adapters/mail/index.js';
import { mediaToolsKind } from './adapters/media/index.js';
import { smsKind } from './adapters/sms/index.js';
import { speechKind } from './adapters/speech/index.js';
import { buildApp } from './app.js';
import { configWarnings, loadConfig, seedDemoWanted } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoNetwork } from './demo/network.js';
import { seedDemoLibrary } from './demo/material-library.js';
import { startDemoProduction } from './demo/production-seed.js';
import { makeDemoVideoFile, seedDemoVideos } from './demo/video-seed.js';
import { seedDemoInsights } from './demo/insights-seed.js';
import { seedDemoLinks } from './demo/links-seed.js';
import { seedDemo } from './demo/seed.js';
import { seedDemoPromotion } from './demo/promotion-seed.js';
import { seedDemoReports } from './demo/report-seed.js';
import { backfillDashboard } from './scripts/dashboard-backfill.js';
import { startJobs } from './composition/jobs.js';
import { startWorkerHealth } from './jobs/worker-health.js';
import { loadReferenceAreas } from './modules/area/reference-data.js';

/** How often the embedded database is checked for tables to vacuum or analyse. */
const MAINTENANCE_INTERVAL_MS = 60_000;

/** Entry: config → database → migrations → (demo seed when embedded) → job queue → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  await database.migrate();
  const loaded = await loadReferenceAreas(database.db);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, mailer });

  // Demo accounts (their password is in the README) only on a development database, or when
  // asked for explicitly: never by default in production.
  if (loaded) app.log.info({ areas: loaded }, 'loaded the United States reference areas');
  if (seedDemoWanted(config)) {
    const seeded = await seedDemo(database.db, (password) => app.services.accounts.hash(password));
    // Never the password itself: logs are shipped and kept where a README is not.
    if (seeded) app.log.info('seeded the demo accounts (their password is in the README)');
    if (seeded && config.DEMO_NETWORK) {
      const network = await seedDemoNetwork(app.services);
      app.log.info(network, `seeded the demo network in ${network.ms} ms`);
    }
    if (seeded) {
      const videos = await seedDemoVideos(app.services);
      if (videos) app.log.info(videos, `seeded the demo video history in ${videos.ms} ms`);
      // The posts' outcomes are that history replayed, with the choices the demo gives its posts.
      if (videos) {
        const outcomes = await seedDemoInsights(app.services);
        app.log.info(outcomes, `kept the demo posts' outcomes in ${outcomes.ms} ms`);
        // Their short links' visits and redemptions, read by the reports built below.
        const links = await seedDemoLinks(app.services);
        app.log.info(links, `seeded the demo posts' short-link visits in ${links.ms} ms`);
      }
      app.log.info(await seedDemoPromotion(app.services), "seeded a month of visitors to the demo's promotion links");
    }
    // The seeds wrote their history as events: the dashboard's rollups are that history replayed.
    if (seeded) {
      const rollups = await backfillDashboard(app.services);
      app.log.info(rollups, `built the dashboard rollups of the demo in ${rollups.ms} ms`);
    }
    // The reports read the rollups: built after them.
    if (seeded) app.log.info(await seedDemoReports(app.services), "built the demo merchants' monthly reports");
  }

  // PGlite has no autovacuum daemon: its work is done here, at once (a fresh or seeded database
  // has never been analysed) and then every minute (db/pglite-maintenance.ts).
  let maintenance: NodeJS.Timeout | null = null;
  if (database.kind === 'pglite') {
    const maintain = async () => {
      const done = await database.maintain();
      if (done.analyzed.length) app.log.info(done, 'database maintenance');
    };
    await maintain();
    maintenance = setInterval(() => void maintain().catch((err: unknown) => app.log.warn({ err }, 'database maintenance failed')), MAINTENANCE_INTERVAL_MS);
    maintenance.unref();
  }

  // A process that renders first clears what renders of processes killed on this machine left
  // in the temp folder (a render machine runs no scheduled sweep of its own).
  if (config.PROCESS_ROLE === 'render' || config.PROCESS_ROLE === 'all') {
    await app.services.creativeRenderEngine.sweepWorkspace().catch((err: unknown) => app.log.warn({ err }, 'could not sweep the render work folders'));
  }
  // The queue stops in the app's onClose hook, after the HTTP server has drained.
  await startJobs(app.services, app.log);

  let health: Awaited<ReturnType<typeof startWorkerHealth>> | null = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Running jobs get their time (the queue's own 10 s), requests drain; past the deadline the
    // process ends anyway, and what was running is failed and retried elsewhere.
    setTimeout(() => {
      app.log.error({ seconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown passed its deadline: exiting now');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    await health?.close();
    await app.close();
    if (maintenance) clearInterval(maintenance);
    await mailer.close?.();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A worker or a render process serves nothing: it runs its jobs until it is stopped.
  const role = config.PROCESS_ROLE;
  const address = role === 'worker' || role === 'render' ? null : await app.listen({ host: config.HOST, port: config.PORT });
  if (role === 'worker' || role === 'render') {
    health = await startWorkerHealth({ role, ping: () => database.ping(), queueRunning: () => app.services.jobs.running }, config.HOST, config.PORT);
  }
  // The demo merchant's material library takes a few seconds of ffmpeg: made once, while the
  // server already answers, so it never holds up the start.
  if (seedDemoWanted(config)) {
    const library = seedDemoLibrary(app.services, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'could not make the demo material library'));
    makeDemoVideoFile(app.services, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'could not make the demo posts’ video'));
    // Then, once, the demo's production line: client@'s plan for today renders in the background
    // (minutes of ffmpeg), from that library. Part of the demo network: the journeys go without.
    if (config.DEMO_NETWORK) void library.then(() => startDemoProduction(app.services, app.log));
  }
  // What is really live, so an operator sees at once a sandbox checkout or console mail.
  const adapters = {
    database: database.kind,
    mail: mailer.kind,
    payments: app.services.payments.provider.kind,
    storage: app.services.storage.kind,
    publishing: app.services.publishers.summary(),
    sms: smsKind(config),
    // The production line's engines: who writes scripts, which voices speak, whose ffmpeg renders.
    llm: llmKind(config),
    speech: speechKind(config),
    media: mediaToolsKind(config),
  };
  app.log.info(
    { address, role: config.PROCESS_ROLE, public_url: config.PUBLIC_URL, node_env: config.NODE_ENV, adapters },
    (address ? `Nearcast is listening on ${address} (public address ${config.PUBLIC_URL})` : `Nearcast is running ${config.PROCESS_ROLE === 'render' ? 'the video renders' : 'the background jobs'} (PROCESS_ROLE=${config.PROCESS_ROLE}, health at ${health?.url}/readyz)`) +
      (config.PROCESS_ROLE === 'web' ? ', leaving the background jobs to the workers; ' : '; ') +
      Object.entries(adapters).map(([concern, kind]) => `${concern}: ${kind}`).join(', '),
  );
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (config.NODE_ENV === 'production' && adapters.payments === 'sandbox') {
    app.log.warn('PAYMENTS=sandbox: the test-mode checkout is live in production and marks plans paid without money');
  }
  if (adapters.payments === 'none') {
    app.log.warn('no payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS=sandbox) to sell plans');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
