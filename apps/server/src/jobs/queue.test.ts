import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { testDatabaseUrl } from '../test/harness.js';
import { createFreshDatabase } from '../test/fresh-postgres.js';
import { JobQueue, type JobDefinition, type QueueTimings } from './queue.js';

/**
 * The job queue on the test database: PGlite in memory, or a fresh database on the PostgreSQL
 * of TEST_DATABASE_URL. Two JobQueue objects stand for two server instances: on PostgreSQL each
 * has its own pool, so they race exactly as two processes would; on PGlite they share the one
 * embedded client, as two queues in one process would (PGlite cannot be opened twice).
 */
const fast: QueueTimings = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
const log = Fastify({ logger: false }).log;

let database: Database;
let drop: (() => Promise<void>) | undefined;
let second: Database | undefined;
const queues: JobQueue[] = [];

beforeAll(async () => {
  const fresh = testDatabaseUrl ? await createFreshDatabase(testDatabaseUrl, 'nc_jobs') : undefined;
  drop = fresh?.drop;
  database = await openDatabase({ url: fresh?.url, dataDir: 'memory://', poolSize: 4 });
  if (fresh) second = await openDatabase({ url: fresh.url, poolSize: 4 });
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await second?.close();
  await database.close();
  await drop?.();
});

function newQueue(db: Database = database): JobQueue {
  const queue = new JobQueue(db.queueStore, fast);
  queues.push(queue);
  return queue;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('waking across processes', () => {
  it('runs a job sent by a process without workers at once, not at the worker’s next poll', async () => {
    // The worker polls every 30 s: only the wake-up on commit can make it quick.
    const slow: QueueTimings = { ...fast, pollingIntervalSeconds: 30 };
    const worker = new JobQueue(database.queueStore, slow, database);
    const sender = new JobQueue((second ?? database).queueStore, slow, second ?? database);
    queues.push(worker, sender);
    const ran: number[] = [];
    const definition: JobDefinition<{ at: number }> = { name: 'test.woken', handler: async (data) => void ran.push(Date.now() - data.at) };
    await worker.start([definition as JobDefinition<never>], log);
    await sender.start([definition as JobDefinition<never>], log, { work: false });
    // The worker's first poll has passed; from here it sleeps its 30 s unless woken.
    await sleep(1000);
    await sender.send('test.woken', { at: Date.now() });
    await until(() => ran.length === 1, 10_000);
    expect(ran[0]).toBeLessThan(5_000);
  }, 30_000);
});

describe('job queue', () => {
  it('runs a cron job once per tick with two instances on one database', async () => {
    // A cron tick is a minute: start well inside one, so the test sees exactly one tick.
    const second_ = new Date().getUTCSeconds();
    if (second_ > 40) await sleep((61 - second_) * 1000);
    const runs: number[] = [];
    const definition: JobDefinition<object> = {
      name: 'test.every-minute',
      schedule: '* * * * *',
      handler: async () => {
        runs.push(Date.now());
      },
    };
    const a = newQueue();
    const b = newQueue(second ?? database);
    await Promise.all([a.start([definition], log), b.start([definition], log)]);
    await until(() => runs.length > 0);
    // Both clocks keep checking every second; a second run would show up within a few.
    await sleep(4000);
    expect(runs).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  }, 60_000);

  it('creates a singleton job once when two instances send it at once', async () => {
    const runs: string[] = [];
    const definition: JobDefinition<{ from: string }> = {
      name: 'test.singleton',
      handler: async (data) => {
        runs.push(data.from);
      },
    };
    const a = newQueue();
    const b = newQueue(second ?? database);
    await Promise.all([a.start([definition as JobDefinition<never>], log), b.start([definition as JobDefinition<never>], log)]);
    const ids = await Promise.all([
      a.send('test.singleton', { from: 'a' }, { singletonKey: 'only-one', singletonSeconds: 60 }),
      b.send('test.singleton', { from: 'b' }, { singletonKey: 'only-one', singletonSeconds: 60 }),
    ]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await until(() => runs.length > 0);
    await sleep(1500);
    expect(runs).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  }, 30_000);

  it('leaves the work to the workers in a process that only sends (PROCESS_ROLE=web)', async () => {
    const ran: string[] = [];
    const definition: JobDefinition<{ from: string }> = {
      name: 'test.web-sends',
      schedule: '* * * * *',
      handler: async (data) => {
        ran.push(data.from ?? 'clock');
      },
    };
    const web = newQueue();
    await web.start([definition as JobDefinition<never>], log, { work: false });
    const id = await web.send('test.web-sends', { from: 'web' });
    await sleep(2500);
    // Nothing ran it, not even the clock's tick: the web process has no worker and no clock.
    expect(ran).toEqual([]);
    expect((await web.job('test.web-sends', id!))?.state).toBe('created');
    const worker = newQueue(second ?? database);
    await worker.start([definition as JobDefinition<never>], log);
    await until(() => ran.includes('web'));
    await Promise.all([web.stop(), worker.stop()]);
  }, 30_000);

  it('retries a failing job with growing delays and leaves it visibly failed', async () => {
    const attempts: number[] = [];
    const definition: JobDefinition<object> = {
      name: 'test.always-fails',
      retryLimit: 2,
      retryDelaySeconds: 1,
      retryBackoff: true,
      handler: async () => {
        attempts.push(Date.now());
        throw new Error('the outside service said no');
      },
    };
    const queue = newQueue();
    await queue.start([definition as JobDefinition<never>], log);
    const id = await queue.send('test.always-fails', {});
    expect(id).toBeTruthy();
    await until(async () => (await queue.job('test.always-fails', id!))?.state === 'failed', 30_000);
    const job = await queue.job('test.always-fails', id!);
    expect(job).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(JSON.stringify(job?.output)).toContain('the outside service said no');
    // One first try and two retries; backoff doubles the delay: at least 1 s, then at least 2 s.
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(2000);
    await queue.stop();
  }, 40_000);

  it('keeps a job across a restart and runs it on the next start', async () => {
    const ran: string[] = [];
    const definition: JobDefinition<{ note: string }> = {
      name: 'test.survivor',
      handler: async (data) => {
        ran.push(data.note);
      },
    };
    const first = newQueue();
    await first.start([definition as JobDefinition<never>], log);
    // Due in three seconds: this instance stops before then, as a server going down would.
    const id = await first.send('test.survivor', { note: 'kept' }, { startAfter: 3 });
    await first.stop();
    expect(ran).toEqual([]);
    expect(first.running).toBe(false);
    await expect(first.send('test.survivor', { note: 'late' })).rejects.toThrow('not running');

    const next = newQueue();
    await next.start([definition as JobDefinition<never>], log);
    expect((await next.job('test.survivor', id!))?.state).toBe('created');
    await until(() => ran.length > 0);
    expect(ran).toEqual(['kept']);
    await until(async () => (await next.job('test.survivor', id!))?.state === 'completed');
    await next.stop();
  }, 30_000);
});
