/**
 * A render process for the kill test (render-engine.test.ts): it opens the database the test
 * prepared (a PGlite data folder it then holds alone, or a PostgreSQL database), builds the
 * services as a render process does, and runs one render with the real ffmpeg renderer at a
 * tiny size, printing one JSON line per event on standard output. The test kills it with
 * SIGKILL mid-render and carries the render on itself.
 *
 *   node --import tsx apps/server/src/test/render-worker.ts '{"dataDir": …, "renderId": 1, …}'
 */
import { MemoryMailer } from '../adapters/mail/index.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { RenderEngine } from '../modules/creative/render-engine.js';
import { renderVideo } from '../modules/creative/renderer/renderer.js';
import { resolveMediaTools } from '../modules/material/media-tools.js';
import { createServices } from '../services.js';

export interface RenderWorkerOptions {
  /** Files (DATA_DIR: uploads and their URL secret), shared with the test. */
  dataDir: string;
  /** PGlite's data folder, when there is no PostgreSQL. */
  pgliteDir?: string;
  databaseUrl?: string;
  workRoot: string;
  renderId: number;
  size: { width: number; height: number };
}

const options = JSON.parse(process.argv[2] ?? '{}') as RenderWorkerOptions;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

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
  progress: {
    publish: (message) => {
      say({ event: 'state', ...message });
      return Promise.resolve();
    },
  },
  tools: () => resolveMediaTools(config),
  render: (tools, input) =>
    renderVideo(tools, {
      ...input,
      onProgress: (percent) => {
        say({ event: 'ffmpeg', percent });
        input.onProgress?.(percent);
      },
    }),
  voices: { none: silent, local: silent, cloud: silent },
  settings: { size: options.size, timeoutSeconds: 300, concurrency: 1, workRoot: options.workRoot },
});
say({ event: 'ready', pid: process.pid });
await engine.run(options.renderId);
say({ event: 'finished' });
await database.close();
