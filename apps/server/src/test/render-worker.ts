/**
 * A render process for the kill test (render-engine.test.ts): it opens the database the test
 * prepared (a PGlite data folder it then holds alone, or a PostgreSQL database), builds the
 * services as a render process does, and runs one render with the real ffmpeg renderer at a
 * tiny size, printing one JSON line per event on standard output. The test kills it with
 * SIGKILL mid-render and carries the render on itself.
 *
 *   node --import tsx apps/server/src/test/render-worker.ts '{"dataDir": …, "renderId": 1, …}'
 */
import { renderVideo } from '../modules/creative/renderer/renderer.js';
import { openRenderProcess } from './render-process.js';

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

const { engine, database } = await openRenderProcess({
  dataDir: options.dataDir,
  databaseUrl: options.databaseUrl,
  pgliteDir: options.pgliteDir,
  settings: { size: options.size, timeoutSeconds: 300, concurrency: 1, workRoot: options.workRoot },
  progress: {
    publish: (message) => {
      say({ event: 'state', ...message });
      return Promise.resolve();
    },
  },
  render: (tools, input) =>
    renderVideo(tools, {
      ...input,
      onProgress: (percent) => {
        say({ event: 'ffmpeg', percent });
        input.onProgress?.(percent);
      },
    }),
});
say({ event: 'ready', pid: process.pid });
await engine.run(options.renderId);
say({ event: 'finished' });
await database.close();
