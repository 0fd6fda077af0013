import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import { storedMessage, type RenderState, type VoiceEngineName } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { LeasedWork } from '../../jobs/leased-work.js';
import type { AnyJob, JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { MediaTools } from '../../adapters/media/index.js';
import type { VoiceEngine } from '../../adapters/speech/index.js';
import type { UploadService } from '../upload/service.js';
import type { BriefService } from './brief-service.js';
import type { Materials } from './ports.js';
import { Attempt, AttemptTimeout, Interrupted, type RenderHold } from './render-attempt.js';
import { isTransient, reasonOf, type FailureContext } from './render-failure.js';
import { gatherRenderInputs, type RenderShortLinks } from './render-inputs.js';
import * as queueRepo from './render-queue-repository.js';
import { RENDER_JOB, type RenderProgressSink } from './render-service.js';
import type { RenderClip } from './renderer/render-graph.js';
import type { RenderInput, RenderResult } from './renderer/renderer.js';
import { RenderWorkspace } from './render-workspace.js';
import * as repo from './repository.js';

/** The renderer's side of a render: what it is given and what it hands back (renderer/renderer.ts). */
export type RenderClipInput = RenderClip;
export type RendererInput = RenderInput;
export type RendererResult = RenderResult;
export type Renderer = (tools: MediaTools, input: RendererInput) => Promise<RendererResult>;

export interface RenderEngineSettings {
  size: { width: number; height: number };
  timeoutSeconds: number;
  /** Renders this process runs at once (0: none, for a process that leaves renders to others). */
  concurrency: number;
  /** Attempts before a render is failed for good. */
  maxAttempts?: number;
  /** Seconds before the second attempt; doubled for each further one. */
  retryDelaySeconds?: number;
  /** Where work folders are made: the system's temp folder unless a test keeps its own. */
  workRoot?: string;
  /** How long a lease lasts without a word from its worker (ms); the worker renews it a few times within. */
  leaseMs?: number;
}

export interface RenderEngineDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  storage: FileStorage;
  uploads: Pick<UploadService, 'acceptTemp' | 'keyOf' | 'forget'>;
  materials: Materials;
  briefs: Pick<BriefService, 'briefOf'>;
  progress: RenderProgressSink;
  tools: () => MediaTools;
  render: Renderer;
  voices: Record<VoiceEngineName, Pick<VoiceEngine, 'available' | 'speak'>>;
  /** Called when a render is done (the plan hands drafts on to publishing when no review is asked). */
  onDone?: (renderId: number) => Promise<void>;
  /** Called when a render failed its last attempt (its studio is told). */
  onFailed?: (renderId: number) => Promise<void>;
  /** The render's own short link for the end card's QR code, sent on to `target` (docs/decisions/083); null: the target itself. */
  shortLinks?: RenderShortLinks;
  settings: RenderEngineSettings;
  /** The clock of leases and back-offs (tests move it on instead of waiting). */
  now?: () => Date;
}

/** How long a lease lasts without a word from its worker; the worker renews it four times within. */
const LEASE_MS = 60_000;
const SWEEP_BATCH = 50;

/**
 * Makes renders (docs/decisions/050) on the leased-work capability (docs/decisions/089), as
 * publishing and payouts are: a lease per render kept alive on a timer, a checkpoint after each
 * step with an effect outside the row (the stored file, then the material), and a sweep that
 * hands renders whose worker died to another. The ffmpeg run itself has no outside effect: a
 * run cut short is simply run again.
 */
export class RenderEngine {
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly leases: LeasedWork<repo.RenderRow, queueRepo.RenderHeldWrite, queueRepo.DueRender>;
  private readonly workspace: RenderWorkspace;

  constructor(private readonly deps: RenderEngineDeps) {
    this.now = deps.now ?? (() => new Date());
    this.leaseMs = deps.settings.leaseMs ?? LEASE_MS;
    this.leases = new LeasedWork(queueRepo.renderLeases, { kind: 'render', db: deps.db, leaseMs: this.leaseMs, now: this.now });
    this.workspace = new RenderWorkspace(deps.settings.workRoot ?? os.tmpdir());
  }

  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    const render: JobDefinition<{ id: number }> = {
      name: RENDER_JOB,
      group: 'render',
      workers: this.deps.settings.concurrency,
      // Retries are the engine's own (with the reason on the render); the job only delivers.
      retryLimit: 0,
      // A render's job must outlive its longest run, or pg-boss would hand it out twice.
      expireInSeconds: this.jobExpirySeconds(),
      // A job is a renderer's turn, not a particular render's: whichever render it was sent for,
      // the worker takes the one fairness says is next (docs/decisions/073). Every render still
      // has its own job, so the jobs and the renders to make stay equal in number.
      handler: async () => {
        await this.runNext(log);
      },
    };
    const sweep: JobDefinition<Record<string, never>> = {
      name: 'creative.render-sweep',
      schedule: '* * * * *',
      policy: 'stately',
      handler: async () => {
        await this.sweep();
      },
    };
    return [render, sweep];
  }

  private jobExpirySeconds(): number {
    return this.deps.settings.timeoutSeconds + 120;
  }

  /**
   * Re-queues renders nobody is working on and removes the temp folders dead workers left
   * behind. A render whose lease ran out had a worker that died: it is sent again at once (at
   * most once a minute). A render never leased is usually just waiting its turn behind a long
   * queue with its job already there, and only its job's loss (sent before the queue ran, or
   * taken by a worker that died before leasing) leaves it stranded: it is sent again at most
   * once per job lifetime, so a long queue does not grow by a job per render every minute.
   */
  async sweep(now = this.now()): Promise<number> {
    const sent = await this.leases.sweep(
      SWEEP_BATCH,
      (orphan) => {
        const startAfter = orphan.notBefore && orphan.notBefore > now ? orphan.notBefore : undefined;
        const window = orphan.leaseUntil ? 60 : this.jobExpirySeconds();
        return this.deps.jobs.send(RENDER_JOB, { id: orphan.id }, { singletonKey: `render-${orphan.id}`, singletonSeconds: window, ...(startAfter ? { startAfter } : {}) });
      },
      now,
    );
    await this.workspace.removeStale(now);
    return sent;
  }

  /** Removes the work folders processes that died on this machine left (a render process's start). */
  async sweepWorkspace(now = this.now()): Promise<void> {
    await this.workspace.removeStale(now);
  }

  /**
   * One attempt at the render due next across studios and merchants (docs/decisions/073); false
   * when no render is waiting for a worker.
   */
  async runNext(log?: FastifyBaseLogger): Promise<boolean> {
    const { db } = this.deps;
    // Which render is a fair pick across studios (its own SQL); holding it is the capability's.
    const token = this.leases.newToken();
    const now = this.now();
    const id = await queueRepo.claimFairRender(db, token, this.leases.leaseEnd(), now);
    if (id === undefined) return false;
    const row = await repo.findRender(db, id);
    if (!row || row.leaseToken !== token) return true;
    await queueRepo.recordTurn(db, row.studioId, row.merchantId, now);
    await this.attempt(row, this.leases.hold(id, token), now, log);
    return true;
  }

  /** One attempt at one render, from wherever its last attempt got to. */
  async run(id: number, log?: FastifyBaseLogger): Promise<void> {
    const now = this.now();
    const claimed = await this.leases.claim(id);
    if (!claimed) return;
    await this.attempt(claimed.row, claimed.held, now, log);
  }

  private async attempt(leased: repo.RenderRow, held: RenderHold, now: Date, log?: FastifyBaseLogger): Promise<void> {
    const { db } = this.deps;
    const maxAttempts = this.deps.settings.maxAttempts ?? 3;
    const id = leased.id;
    let row: repo.RenderRow | null = leased;
    if (row.notBefore && row.notBefore > now) {
      // Too early for a retry: give the lease back and come back when it is due.
      await held.release();
      await this.deps.jobs.send(RENDER_JOB, { id }, { startAfter: row.notBefore });
      return;
    }
    // A worker of this render that died (killed, out of memory) left its folder here.
    await this.workspace.removeLeftoversOf(id);
    if (row.state === 'rendering' && row.attempts >= maxAttempts) {
      // Every attempt ended with its worker gone: a render that takes its worker down is not tried forever.
      const failed = await held.tryWrite({
        set: { state: 'failed', error: storedMessage('creative.failure.interrupted', { count: row.attempts }), errorDetail: null, finishedAt: now, leaseToken: null, leaseUntil: null },
      });
      if (failed) await this.failed(id, failed.merchantId, failed.progress, log);
      return;
    }
    // Every attempt counts, also one resumed after its worker died mid-render.
    row = await held.tryWrite({
      set: { state: 'rendering', progress: row.uploadId === null ? 0 : 99, attempts: row.attempts + 1, startedAt: row.startedAt ?? now, notBefore: null },
      from: 'open',
    });
    if (!row) return;
    await this.announce(row.id, row.merchantId, 'rendering', row.progress);

    const { dir: work, remove: removeWork } = await this.workspace.open(id);
    let reported = -1;
    const merchantId = row.merchantId;
    const attempt = new Attempt(db, this.leaseMs, held, this.deps.settings.timeoutSeconds * 1000, async (progress) => {
      if (progress >= reported + 5 || progress === 98) {
        reported = progress;
        await this.announce(id, merchantId, 'rendering', progress);
      }
    });
    try {
      if (row.uploadId === null) row = await this.renderAndStore(row, attempt, work);
      attempt.untimed();
      if (row.outputFootageId === null) {
        const footageId = await this.deps.materials.addRendered(row.merchantId, row.uploadId!, {
          renderId: row.id,
          name: row.script.title,
          tags: ['AI', row.language],
        });
        row = (await held.tryWrite({ set: { outputFootageId: footageId } })) ?? raise(new Interrupted('lost'));
      }
      await this.deps.materials.markUsed(row.merchantId, row.footageIds, null);
      const done = await held.tryWrite({ set: { state: 'done', progress: 100, error: null, errorDetail: null, finishedAt: this.now(), leaseToken: null, leaseUntil: null } });
      if (!done) return;
      attempt.end();
      await this.announce(id, done.merchantId, 'done', 100);
      await this.deps.onDone?.(id).catch((error: unknown) => log?.warn({ err: error, render: id }, 'handing a finished draft on failed'));
    } catch (caught) {
      const error = attempt.explain(caught);
      if (error instanceof Interrupted && error.stop !== 'timeout') return;
      attempt.end();
      await this.failAttempt(row, held, error instanceof Interrupted ? new AttemptTimeout(this.deps.settings.timeoutSeconds) : error, { workDir: work, inputs: attempt.inputs }, log);
    } finally {
      attempt.end();
      await removeWork();
    }
  }

  /** Renders the video and stores it and its cover; the row with its checkpoint. */
  private async renderAndStore(row: repo.RenderRow, attempt: Attempt, work: string): Promise<repo.RenderRow> {
    const { db, storage, uploads, settings } = this.deps;
    const brief = await this.deps.briefs.briefOf(row.merchantId);
    const notes: string[] = [];
    const inputs = await gatherRenderInputs({ ...this.deps, now: this.now }, row, attempt, brief, work, notes).catch((error: unknown) => raise(attempt.explain(error)));
    await attempt.check();
    const result = await this.deps
      .render(this.deps.tools(), {
        ...inputs,
        size: settings.size,
        workDir: work,
        timeoutMs: attempt.remainingMs(),
        signal: attempt.signal,
        onProgress: (percent) => attempt.progress(percent),
        seed: row.seed || String(row.id),
      })
      .catch(async (error: unknown) => {
        await attempt.check();
        throw error;
      });
    await attempt.check();

    // The checkpoint: once the file is stored and its upload recorded, no later attempt renders again.
    const upload = await uploads.acceptTemp({ id: row.merchantId }, 'video', {
      stream: createReadStream(result.videoPath),
      contentLength: result.size,
    });
    const videoKey = await uploads.keyOf(upload.id);
    const coverKey = `creative/${row.merchantId}/render-${row.id}-${randomUUID().slice(0, 8)}.jpg`;
    const discard = async () => {
      await db.transaction((tx) => uploads.forget(tx, upload.id)).catch(() => {});
      await storage.delete(videoKey).catch(() => {});
      await storage.delete(coverKey).catch(() => {});
    };
    try {
      await storage.put(coverKey, createReadStream(result.coverPath), { contentType: 'image/jpeg' });
      await attempt.check();
    } catch (error) {
      await discard();
      throw attempt.explain(error);
    }
    // Fenced by the state too: a cancel that got in first wins, and this attempt's file goes.
    const stored = await attempt.held.tryRenew({
      set: {
        uploadId: upload.id,
        videoKey,
        coverKey,
        durationSeconds: result.duration,
        renderMs: result.renderMs,
        quality: result.quality ?? [],
        progress: 99,
        notes: [...row.notes.filter((note) => !notes.includes(note)), ...notes],
      },
    });
    if (!stored) {
      await discard();
      const current = await repo.findRender(db, row.id);
      throw new Interrupted(current?.state === 'cancelled' ? 'cancelled' : 'lost');
    }
    return stored;
  }

  /** A failed attempt: tried again after a pause while attempts remain, else failed with its reason. */
  private async failAttempt(row: repo.RenderRow, held: RenderHold, error: unknown, context: FailureContext, log?: FastifyBaseLogger): Promise<void> {
    const maxAttempts = this.deps.settings.maxAttempts ?? 3;
    const { reason, detail } = reasonOf(error, this.deps.settings.timeoutSeconds, context);
    log?.warn({ err: error, render: row.id, attempt: row.attempts }, 'render attempt failed');
    const current = await repo.findRender(this.deps.db, row.id);
    const attempts = current?.attempts ?? row.attempts;
    // A rule that said no (the merchant's storage is full) says no again: failed at once, not
    // after three attempts and minutes of back-off.
    if (attempts < maxAttempts && isTransient(error)) {
      // The one back-off, from the configured first wait, uncapped: a render has few attempts.
      const notBefore = this.leases.retryAt(attempts, { baseSeconds: this.deps.settings.retryDelaySeconds ?? 30, capSeconds: Infinity });
      const retried = await held.tryWrite({ set: { state: 'queued', progress: 0, error: reason, errorDetail: detail, notBefore, leaseToken: null, leaseUntil: null } });
      if (!retried) return;
      await this.announce(row.id, row.merchantId, 'queued', 0);
      // Should this send be lost, the sweep finds the render waiting and queues it again.
      await this.deps.jobs.send(RENDER_JOB, { id: row.id }, { startAfter: notBefore }).catch((sendError: unknown) => log?.warn({ err: sendError, render: row.id }, 'queueing a retry failed; the sweep will'));
      return;
    }
    const failed = await held.tryWrite({ set: { state: 'failed', error: reason, errorDetail: detail, finishedAt: this.now(), leaseToken: null, leaseUntil: null } });
    if (failed) await this.failed(row.id, row.merchantId, failed.progress, log);
  }

  /** A render failed for good: boards see it, and whoever must act on it is told. */
  private async failed(id: number, merchantId: number, progress: number, log?: FastifyBaseLogger): Promise<void> {
    await this.announce(id, merchantId, 'failed', progress);
    await this.deps.onFailed?.(id).catch((error: unknown) => log?.warn({ err: error, render: id }, 'telling of a failed render failed'));
  }

  private async announce(id: number, merchantId: number, state: RenderState, progress: number): Promise<void> {
    await this.deps.progress.publish({ id, merchant_id: merchantId, state, progress }).catch(() => {});
  }
}

function raise(error: unknown): never {
  throw error;
}
