import { createMailer } from './adapters/mail/index.js';
import { buildApp } from './app.js';
import { loadConfig, seedDemoWanted } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoNetwork } from './demo/network.js';
import { seedDemoLibrary } from './demo/footage-library.js';
import { makeDemoVideoFile, seedDemoVideos } from './demo/video-seed.js';
import { seedDemo } from './demo/seed.js';
import { backfillDashboard } from './scripts/dashboard-backfill.js';
import { startJobs } from './jobs/registry.js';
import { startWorkerHealth } from './jobs/worker-health.js';
import { loadReferenceAreas } from './modules/area/reference-data.js';

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
    if (seeded) app.log.info('seeded the demo accounts (password Nearcast-demo-1)');
    if (seeded && config.DEMO_NETWORK) {
      const network = await seedDemoNetwork(app.services);
      app.log.info(network, `seeded the demo network in ${network.ms} ms`);
    }
    if (seeded) {
      const videos = await seedDemoVideos(app.services);
      if (videos) app.log.info(videos, `seeded the demo video history in ${videos.ms} ms`);
    }
    // The demo rows were written without events: the dashboard's rollups start from them.
    if (seeded) app.log.info(await backfillDashboard(database.db), 'built the dashboard rollups of the demo');
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
    await mailer.close?.();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A worker serves nothing: it runs the jobs until it is stopped.
  const address = config.PROCESS_ROLE === 'worker' ? null : await app.listen({ host: config.HOST, port: config.PORT });
  if (config.PROCESS_ROLE === 'worker') {
    health = await startWorkerHealth({ ping: () => database.ping(), queueRunning: () => app.services.jobs.running }, config.HOST, config.PORT);
  }
  // The demo merchant's material library takes a few seconds of ffmpeg: made once, while the
  // server already answers, so it never holds up the start.
  if (seedDemoWanted(config)) {
    seedDemoLibrary(app.services, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'could not make the demo material library'));
    makeDemoVideoFile(app.services, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'could not make the demo posts’ video'));
  }
  // What is really live, so an operator sees at once a sandbox checkout or console mail.
  const adapters = {
    database: database.kind,
    mail: mailer.kind,
    payments: app.services.payments.provider.kind,
    storage: app.services.storage.kind,
  };
  app.log.info(
    { address, role: config.PROCESS_ROLE, public_url: config.PUBLIC_URL, node_env: config.NODE_ENV, adapters },
    (address ? `Nearcast is listening on ${address} (public address ${config.PUBLIC_URL})` : `Nearcast is running the background jobs (PROCESS_ROLE=worker, health at ${health?.url}/readyz)`) +
      (config.PROCESS_ROLE === 'web' ? ', leaving the background jobs to the workers; ' : '; ') +
      Object.entries(adapters).map(([concern, kind]) => `${concern}: ${kind}`).join(', '),
  );
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
