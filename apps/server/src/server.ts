import { createMailer } from './adapters/mail/index.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo } from './demo/seed.js';
import { startJobs } from './jobs/registry.js';
import { loadReferenceAreas } from './modules/area/reference-data.js';

/** Entry: config → database → migrations → (demo seed when embedded) → job queue → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  await database.migrate();
  const loaded = await loadReferenceAreas(database.db);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, mailer });

  // Demo accounts only on the embedded database, or when asked for explicitly (issue 2).
  if (loaded) app.log.info({ areas: loaded }, 'loaded the United States reference areas');
  if (!config.DATABASE_URL || config.SEED_DEMO) {
    const seeded = await seedDemo(database.db, (password) => app.services.accounts.hash(password));
    if (seeded) app.log.info('seeded the demo accounts (password Nearcast-demo-1)');
  }

  // The queue stops in the app's onClose hook, after the HTTP server has drained.
  await startJobs(app.services, app.log);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await mailer.close?.();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Nearcast is up at ${config.PUBLIC_URL} (database: ${database.kind}, mail: ${mailer.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
