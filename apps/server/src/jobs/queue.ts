import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Executor } from '../db/client.js';
import { executorQueueRunner, notifyWithin, type QueueStore } from '../db/queue-store.js';

/** One kind of background work: its queue, its retry policy, and its schedule when periodic. */
export interface JobDefinition<T = unknown> {
  /** The queue's name, e.g. 'account.expire-plans', 'upload.purge-temp'. */
  name: string;
  /** A cron expression (UTC, minute granularity) when the job is periodic; one run per tick across every instance. */
  schedule?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * pg-boss's queue policy; 'standard' unless said. 'stately' keeps at most one job waiting and
   * one running (per singleton key), which suits work that catches up on everything at once.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /**
   * Jobs taken per fetch (default 1). Each is handled on its own: one that fails is retried
   * alone, the others of its batch complete.
   */
  batchSize?: number;
  /**
   * Workers this process runs for the queue, each on one job at a time (default 1; 0 runs
   * none here, leaving the queue to other processes).
   */
  workers?: number;
  /** How long a job may run before pg-boss hands it out again (its default is 15 minutes). */
  expireInSeconds?: number;
  /**
   * Which processes work it: unset, every process that runs jobs; `render`, also the render
   * processes, which run nothing else (PROCESS_ROLE, docs/decisions/050).
   */
  group?: 'render';
  handler(data: T): Promise<void>;
}

/**
 * A job of any payload, as lists of jobs hold them: `handler` is a method, so a definition for
 * its own payload is one of these without a cast.
 */
export type AnyJob = JobDefinition<never>;

/**
 * A periodic pass that catches up on everything due at once: one run waiting and one running
 * across every instance ('stately'), no queue retry (the next tick is the retry), and `done`
 * told how many things the pass did, to log what it changed.
 */
export function periodicPass(name: string, schedule: string, run: () => Promise<number>, done: (count: number) => void): AnyJob {
  return {
    name,
    schedule,
    policy: 'stately',
    retryLimit: 1,
    handler: async () => {
      const count = await run();
      if (count > 0) done(count);
    },
  };
}

/** Which definitions this process works: all of them, none (a web process), or only a group. */
export type WorkScope = boolean | 'render';

export interface SendOptions {
  /**
   * Deduplicates by key: on a 'short' or 'stately' queue at most one job per key waits; with
   * `singletonSeconds`, at most one per key is created per window of that many seconds.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** A time, or a number of seconds from now. */
  startAfter?: Date | number;
}

/** Higher first; equal priorities in the order they were sent. */
export interface InsertOptions {
  priority?: number;
}

/**
 * How a queue hears of work sent by any process: a NOTIFY sent inside the sender's transaction
 * reaches every listener when, and only when, it commits (db/client.ts `listen`).
 */
export interface WakeChannel {
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

/** The channel on which a committed send names its queue. */
export const WAKE_CHANNEL = 'nearcast_jobs';

export type JobState = PgBoss.JobWithMetadata['state'];

export interface JobRecord<T = unknown> {
  id: string;
  name: string;
  data: T;
  state: JobState;
  retryCount: number;
  output: unknown;
}

/**
 * How often the queue looks for work. Production keeps pg-boss's own defaults for the clock
 * work (a cron check every 30 s, maintenance every 2 min); tests shorten them all so that a
 * schedule fires and a retry comes round within seconds.
 */
export interface QueueTimings {
  pollingIntervalSeconds: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

/** pg-boss keeps its tables in their own schema, apart from the app's migrations. */
const QUEUE_SCHEMA = 'pgboss';

/**
 * The one job queue of the app (design.md "Jobs"): pg-boss on the app's database, PostgreSQL or
 * the embedded PGlite alike. Built with the services and started by the server entry with every
 * module's job definitions (each module's `jobs`, gathered by composition/jobs.ts); services only send.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly workers = new Map<string, string[]>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly store: QueueStore,
    private readonly timings: QueueTimings,
    private readonly wakeChannel?: WakeChannel,
  ) {}

  /** True between start() and stop(); only then may jobs be sent. */
  get running(): boolean {
    return this.boss !== null;
  }

  /**
   * Creates pg-boss's tables when missing (or migrates them), creates or updates each job's
   * queue with its retry policy, starts one worker per queue and (re)writes the schedules.
   * Without `work` it only makes sending possible: no worker, no clock, no maintenance, for a
   * process that serves requests while others run the jobs.
   */
  async start(definitions: readonly AnyJob[], log: FastifyBaseLogger, { work = true }: { work?: WorkScope } = {}): Promise<void> {
    if (this.boss) return;
    const connection =
      this.store.kind === 'postgres'
        ? { connectionString: this.store.connectionString, max: this.store.max, application_name: 'nearcast-jobs' }
        : { db: this.store.db };
    const boss = new PgBoss({
      ...connection,
      schema: QUEUE_SCHEMA,
      pollingIntervalSeconds: this.timings.pollingIntervalSeconds,
      ...(this.timings.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: this.timings.cronMonitorIntervalSeconds } : {}),
      ...(this.timings.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: this.timings.cronWorkerIntervalSeconds } : {}),
      ...(this.timings.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: this.timings.maintenanceIntervalSeconds } : {}),
      ...(work ? {} : { supervise: false, schedule: false }),
    });
    boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    try {
      for (const definition of definitions) {
        const policy = {
          name: definition.name,
          policy: definition.policy ?? 'standard',
          ...(definition.retryLimit !== undefined ? { retryLimit: definition.retryLimit } : {}),
          ...(definition.retryDelaySeconds !== undefined ? { retryDelay: definition.retryDelaySeconds } : {}),
          ...(definition.retryBackoff !== undefined ? { retryBackoff: definition.retryBackoff } : {}),
          ...(definition.expireInSeconds !== undefined ? { expireInSeconds: definition.expireInSeconds } : {}),
        };
        await createQueueOnce(boss, policy);
        // An existing queue keeps the options it was created with unless told otherwise.
        await boss.updateQueue(definition.name, policy);
      }
      // Every queue exists from here on, so a handler that sends (the outbox's dispatch, first
      // of all, catching up after a restart) may run as soon as its worker starts.
      this.boss = boss;
      if (!work) return;
      // Work committed anywhere wakes this process's worker for its queue at once, instead of
      // at its next poll.
      this.stopListening = (await this.wakeChannel?.listen(WAKE_CHANNEL, (name) => this.wake(name))) ?? null;
      for (const definition of definitions) {
        // A render process works its group alone and leaves the clock to the others.
        if (work === 'render' && definition.group !== 'render') continue;
        const handler = definition.handler as (data: unknown) => Promise<void>;
        const name = definition.name;
        const ids: string[] = [];
        for (let n = 0; n < (definition.workers ?? 1); n++) ids.push(await boss.work(name, { batchSize: definition.batchSize ?? 1 }, async (jobs) => {
          if (jobs.length === 0) return;
          for (const job of jobs) {
            try {
              await handler(job.data);
            } catch (error) {
              log.warn({ err: error, job: name, id: job.id }, 'job failed; pg-boss retries it while its retry limit allows');
              // Failed alone: pg-boss then completes only the jobs of the batch still active.
              await boss.fail(name, job.id, error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) });
            }
          }
          // There may be more: fetch again at once rather than after the polling interval, so a
          // backlog drains at the speed of its handlers.
          this.wake(name);
        }));
        this.workers.set(name, ids);
        if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
        else await boss.unschedule(definition.name);
      }
    } catch (error) {
      this.boss = null;
      this.workers.clear();
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      throw error;
    }
  }

  /** Enqueues a job now (it is committed at once, outside any transaction of the caller). */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    const boss = this.started();
    const id = await boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    });
    // The job is committed: wake its workers in every process (a web process has none of its own).
    if (this.wakeChannel && id !== null) await this.wakeChannel.notify(WAKE_CHANNEL, name).catch(() => this.wake(name));
    else this.wake(name);
    return id;
  }

  /**
   * Enqueues jobs inside the caller's transaction: they exist if and only if it commits, which
   * is what the outbox needs. The local worker is woken after a moment; other instances find
   * the jobs on their next poll.
   */
  async sendWithin(tx: Executor, name: string, items: readonly object[], options: InsertOptions = {}): Promise<void> {
    if (items.length === 0) return;
    const boss = this.started();
    await boss.insert(
      items.map((data) => ({ name, data, ...(options.priority !== undefined ? { priority: options.priority } : {}) })),
      { db: executorQueueRunner(tx) },
    );
    if (this.wakeChannel) await notifyWithin(tx, WAKE_CHANNEL, name);
    // Without a channel (a bare queue in a test) the local worker looks again in a moment.
    else setTimeout(() => this.wake(name), 50).unref();
  }

  /** A job as the queue holds it, archived ones included; null when unknown. */
  async job<T = unknown>(name: string, id: string): Promise<JobRecord<T> | null> {
    const job = await this.started().getJobById<T>(name, id, { includeArchive: true });
    if (!job) return null;
    return { id: job.id, name: job.name, data: job.data, state: job.state, retryCount: job.retryCount, output: job.output };
  }

  /**
   * Stops the workers and the clock, waits up to `timeoutMs` for running jobs to finish, and
   * closes pg-boss's own connections. Jobs still running then are failed, and so retried.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.workers.clear();
    await this.stopListening?.().catch(() => {});
    this.stopListening = null;
    await boss.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not running');
    return this.boss;
  }

  private wake(name: string): void {
    const boss = this.boss;
    if (!boss) return;
    for (const workerId of this.workers.get(name) ?? []) boss.notifyWorker(workerId);
  }
}

/**
 * Creates a queue unless it exists. pg-boss's create_queue adds a partition to its job table;
 * two instances starting at once can deadlock there on PostgreSQL, and the loser simply tries
 * again, by when the queue exists.
 */
async function createQueueOnce(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/**
 * The queue's clocks from one setting. At the default 2 s poll they are pg-boss's own defaults
 * (schedules checked every 30 s, scheduled jobs released every 5 s); a shorter poll shortens
 * them in proportion, which is how tests see a schedule fire within seconds.
 */
export function queueTimings(config: Pick<Config, 'JOBS_POLLING_SECONDS'>): QueueTimings {
  const polling = config.JOBS_POLLING_SECONDS;
  return {
    pollingIntervalSeconds: polling,
    cronMonitorIntervalSeconds: Math.min(30, Math.max(1, Math.round(polling * 15))),
    cronWorkerIntervalSeconds: Math.min(5, Math.max(1, Math.round(polling * 2.5))),
  };
}
