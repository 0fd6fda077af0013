import { afterEach, describe, expect, it } from 'vitest';
import { startWorkerHealth, type WorkerHealthSources } from './worker-health.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function healthWith(sources: WorkerHealthSources) {
  const health = await startWorkerHealth(sources, '127.0.0.1', 0);
  close = health.close;
  return (path: string, method = 'GET') => fetch(`${health.url}${path}`, { method });
}

describe('a worker process’s health', () => {
  it('is up, and ready while its database answers and its queue runs', async () => {
    let running = true;
    const get = await healthWith({ role: 'worker', ping: async () => {}, queueRunning: () => running });
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', role: 'worker' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: 'ok', queue: 'running' });
    running = false;
    expect((await get('/readyz')).status).toBe(503);
  });

  it('is not ready when its database does not answer, and serves nothing else', async () => {
    const get = await healthWith({ role: 'worker', ping: () => Promise.reject(new Error('connection refused')), queueRunning: () => true });
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect((await get('/api/v1/account/detail')).status).toBe(404);
    expect((await get('/healthz', 'POST')).status).toBe(405);
  });

  it('names the role it was started in: a render process says render', async () => {
    const get = await healthWith({ role: 'render', ping: async () => {}, queueRunning: () => true });
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', role: 'render' });
    expect(await (await get('/readyz')).json()).toEqual({ status: 'ok', role: 'render', database: 'ok', queue: 'running' });
  });
});
