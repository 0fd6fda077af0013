import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a worker's health reads: the database answers, and the job queue runs. */
export interface WorkerHealthSources {
  /** What this process does (PROCESS_ROLE), so an orchestrator's probe sees a render machine as one. */
  role: 'worker' | 'render';
  ping(): Promise<void>;
  queueRunning(): boolean;
}

/**
 * A worker or render process serves no API, but an orchestrator still has to tell a live one from a hung
 * one: it answers `/healthz` (the process is up) and `/readyz` (the database answers and the
 * queue runs; 503 otherwise) on the port a web process would use, and nothing else.
 */
export async function startWorkerHealth(sources: WorkerHealthSources, host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, { status: 'method not allowed' });
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz') return answer(200, { status: 'ok', role: sources.role });
    if (path !== '/readyz') return answer(404, { status: 'not found' });
    sources
      .ping()
      .then(() => (sources.queueRunning() ? answer(200, { status: 'ok', role: sources.role, database: 'ok', queue: 'running' }) : answer(503, { status: 'unavailable', queue: 'stopped' })))
      .catch(() => answer(503, { status: 'unavailable', database: 'unreachable' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
