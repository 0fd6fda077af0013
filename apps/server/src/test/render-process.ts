/**
 * A render process built as a render machine builds one, for the tools that start real ones
 * beside a test or a bench (the crash test's worker, bench:fairness): the services on the
 * database they were handed, the real ffmpeg renderer, no voice, and nothing sent on a queue.
 */
import { MemoryMailer } from '../adapters/mail/index.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { RenderEngine, type RenderEngineDeps, type RenderEngineSettings } from '../modules/creative/render-engine.js';
import { renderVideo } from '../modules/creative/renderer/renderer.js';
import { resolveMediaTools } from '../adapters/media/index.js';
import { createServices } from '../composition/services.js';

export interface RenderProcessOptions {
  /** Files (DATA_DIR: uploads and their URL secret), shared with whoever started the process. */
  dataDir: string;
  databaseUrl?: string;
  /** PGlite's data folder, when there is no PostgreSQL. */
  pgliteDir?: string;
  settings: RenderEngineSettings;
  progress?: RenderEngineDeps['progress'];
  render?: RenderEngineDeps['render'];
}

export async function openRenderProcess(options: RenderProcessOptions): Promise<{ engine: RenderEngine; database: Database }> {
  const config = loadConfig({ NODE_ENV: 'test' }, { DATA_DIR: options.dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const database = await openDatabase(options.databaseUrl ? { url: options.databaseUrl, poolSize: 2 } : { dataDir: options.pgliteDir! });
  const services = createServices(config, database, new MemoryMailer());
  const silent = { available: true, speak: () => Promise.resolve(null) };
  const engine = new RenderEngine({
    db: database.db,
    jobs: { send: () => Promise.resolve(null) },
    storage: services.storage,
    uploads: services.uploads,
    materials: services.material,
    briefs: services.creativeBriefs,
    progress: options.progress ?? { publish: () => Promise.resolve() },
    tools: () => resolveMediaTools(config),
    render: options.render ?? renderVideo,
    voices: { none: silent, local: silent, cloud: silent },
    settings: options.settings,
  });
  return { engine, database };
}
