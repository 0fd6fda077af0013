import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  scriptLines,
  storedMessage,
  type Brief,
  type MusicBed,
  type RenderState,
  type VoiceEngineName,
} from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import { StorageNotFoundError, type FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { LeasedWork, LeaseKeeper, type Held } from '../../jobs/leased-work.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { MaterialMedia } from '../material/service.js';
import { probe, type MediaTools } from '../../adapters/media/index.js';
import type { VoiceEngine, VoiceTrack } from '../../adapters/speech/index.js';
import type { UploadService } from '../upload/service.js';
import { briefLanguageNotes } from './brief-language.js';
import { qrLinkOf, type BriefService } from './brief-service.js';
import type { Materials } from './ports.js';
import { renderChoices } from './render-choices.js';
import { RENDER_JOB, type RenderProgressSink } from './render-service.js';
import type { RenderClip } from './renderer/render-graph.js';
import type { RenderInput, RenderResult } from './renderer/renderer.js';
import { autoMusicBed } from './renderer/music-beds.js';
import { RenderWorkspace } from './render-workspace.js';
import * as repo from './repository.js';
import { failingInputOf, plainDetail, staffDetail, toolOutputOf } from './tool-output.js';

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
  shortLinks?: { linkFor(render: { id: number; merchantId: number }, target: string | null, coupon: string): Promise<string | null> };
  settings: RenderEngineSettings;
  /** The clock of leases and back-offs (tests move it on instead of waiting). */
  now?: () => Date;
}

/** How long a lease lasts without a word from its worker; the worker renews it four times within. */
const LEASE_MS = 60_000;
/** Progress is written (and the state read back for a cancel) at most this often. */
const PROGRESS_EVERY_MS = 1_000;
const SWEEP_BATCH = 50;

/** Why an attempt stopped before its end: a cancel, a lease another worker took, or the time limit. */
type Stop = 'cancelled' | 'lost' | 'timeout';

class Interrupted extends Error {
  constructor(readonly stop: Stop) {
    super(`render ${stop}`);
    this.name = 'Interrupted';
  }
}

/** The engine's own time limit: the whole attempt (inputs, voice, ffmpeg, storing), not ffmpeg alone. */
class AttemptTimeout extends Error {
  constructor(seconds: number) {
    super(`The render took longer than ${seconds} s and was stopped`);
    this.name = 'TimeoutError';
  }
}

/** This engine's hold on one render, under which every write of an attempt goes. */
type RenderHold = Held<repo.RenderRow, repo.RenderHeldWrite>;

/**
 * One attempt's lease and limits. The lease is kept alive on a timer (not only on progress: the
 * voice, the downloads and the upload report none) and on progress, and the attempt stops —
 * aborting ffmpeg through the signal — when the render was cancelled, its lease went to another
 * worker, or its time ran out.
 */
class Attempt {
  /** The inputs copied into the work folder and whose they are (a material's name), to say which one ffmpeg could not read. */
  readonly inputs = new Map<string, string>();
  private lastWrite = 0;
  private readonly keeper: LeaseKeeper<Stop>;
  private readonly deadline: NodeJS.Timeout;
  private readonly endsAt: number;

  constructor(
    private readonly db: Db,
    leaseMs: number,
    readonly held: RenderHold,
    timeoutMs: number,
    private readonly onProgress: (progress: number) => Promise<void>,
  ) {
    this.endsAt = Date.now() + timeoutMs;
    this.keeper = new LeaseKeeper<Stop>(leaseMs, () => this.renew());
    this.deadline = setTimeout(() => this.halt('timeout'), timeoutMs);
    this.deadline.unref();
  }

  get stop(): Stop | null {
    return this.keeper.stop;
  }

  get signal(): AbortSignal {
    return this.keeper.signal;
  }

  remainingMs(): number {
    return Math.max(1, this.endsAt - Date.now());
  }

  /** Once the file is stored, the time limit no longer applies (the material step is quick, and must finish). */
  untimed(): void {
    clearTimeout(this.deadline);
  }

  progress(percent: number): void {
    const now = Date.now();
    if (now - this.lastWrite < PROGRESS_EVERY_MS) return;
    this.lastWrite = now;
    const progress = Math.min(98, Math.max(0, Math.floor(percent)));
    this.keeper.enqueue(async () => {
      const stop = await this.renew(progress);
      if (stop) this.halt(stop);
    });
  }

  /** Waits for lease writes in flight, then throws if the attempt was stopped. */
  async check(): Promise<void> {
    const stop = await this.keeper.settled();
    if (stop) throw new Interrupted(stop);
  }

  halt(stop: Stop): void {
    this.keeper.halt(stop);
  }

  /** What an error means once the attempt may have been stopped: the stop, when there was one. */
  explain(error: unknown): unknown {
    return this.stop ? new Interrupted(this.stop) : error;
  }

  end(): void {
    this.keeper.end();
    clearTimeout(this.deadline);
  }

  /** Renews the lease (with the progress, when there is news); why the attempt must stop, if it must. */
  private async renew(progress?: number): Promise<Stop | null> {
    // A timed-out attempt keeps its lease while it writes its failure.
    if (this.stop === 'cancelled' || this.stop === 'lost') return null;
    const updated = await this.held.tryRenew({ set: progress !== undefined ? { progress } : {} });
    if (!updated) {
      const current = await repo.findRender(this.db, this.held.id);
      return current?.state === 'cancelled' ? 'cancelled' : 'lost';
    }
    if (progress !== undefined) await this.onProgress(progress);
    return null;
  }
}

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
  private readonly leases: LeasedWork<repo.RenderRow, repo.RenderHeldWrite, repo.DueRender>;
  private readonly workspace: RenderWorkspace;

  constructor(private readonly deps: RenderEngineDeps) {
    this.now = deps.now ?? (() => new Date());
    this.leaseMs = deps.settings.leaseMs ?? LEASE_MS;
    this.leases = new LeasedWork(repo.renderLeases, { kind: 'render', db: deps.db, leaseMs: this.leaseMs, now: this.now });
    this.workspace = new RenderWorkspace(deps.settings.workRoot ?? os.tmpdir());
  }

  jobDefinitions(log: FastifyBaseLogger): JobDefinition<never>[] {
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
    return [render as JobDefinition<never>, sweep as JobDefinition<never>];
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
    const id = await repo.claimFairRender(db, token, this.leases.leaseEnd(), now);
    if (id === undefined) return false;
    const row = await repo.findRender(db, id);
    if (!row || row.leaseToken !== token) return true;
    await repo.recordTurn(db, row.studioId, row.merchantId, now);
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
    const inputs = await this.prepare(row, attempt, brief, work, notes).catch((error: unknown) => raise(attempt.explain(error)));
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

  /**
   * Gathers a render's inputs into its work folder: the clips (chosen from the library when
   * none were picked), the logo, the music and the voice. What cannot be used is left out with
   * a note, and the video is still made (from the brief alone when nothing is left).
   */
  private async prepare(row: repo.RenderRow, attempt: Attempt, brief: Brief, work: string, notes: string[]): Promise<Omit<RendererInput, 'size' | 'workDir' | 'timeoutMs'>> {
    const { materials } = this.deps;
    const signal = attempt.signal;
    const script = row.script;
    const language = row.language;
    const lines = scriptLines(script);
    // What this language's video does without a text the brief has in other languages (brief-language.ts).
    for (const note of briefLanguageNotes(brief, language)) if (!notes.includes(note)) notes.push(note);

    // Picked material in the storyboard's order (ids that are no longer an active material stay
    // as gaps to report); otherwise the look and material render-choices.ts picks from the library.
    const library = row.footagePicked ? null : await materials.libraryOf(row.merchantId, ['video', 'image'], 60);
    const chosen = await renderChoices(this.deps.db, row, library, lines.length, this.now());
    let media: Array<MaterialMedia | number> = chosen.media;
    if (row.footagePicked) {
      const found = await materials.mediaOf(row.merchantId, row.footageIds);
      media = row.footageIds.map((id) => found.find((item) => item.id === id) ?? id);
    }
    const skipped: string[] = [];
    const clips: RenderClipInput[] = [];
    const used: number[] = [];
    for (const item of media) {
      if (typeof item === 'number' || (item.type !== 'video' && item.type !== 'image') || !item.width || !item.height) {
        skipped.push(typeof item === 'number' ? String(item) : item.name || String(item.id));
        continue;
      }
      const file = path.join(work, `clip-${clips.length}${path.extname(item.key) || '.bin'}`);
      // A material whose file is gone (deleted meanwhile, a bucket emptied by hand) or no longer
      // has a picture ffprobe can read (the file changed under it) is left out, not the video.
      if (!(await this.download(item.key, file)) || !(await hasPicture(this.deps.tools(), file))) {
        skipped.push(item.name || String(item.id));
        continue;
      }
      clips.push({ path: file, kind: item.type, duration: item.durationSeconds, width: item.width, height: item.height });
      attempt.inputs.set(file, item.name || String(item.id));
      used.push(item.id);
    }
    if (skipped.length > 0) notes.push(storedMessage('creative.note.skipped_material', { count: skipped.length, names: skipped.join(', ') }));
    // What was really used is what the render row remembers (and what is marked used).
    const opening = used[0] ?? null;
    if (used.join() !== row.footageIds.join() || row.look !== chosen.look.id || row.openingFootageId !== opening) {
      const updated = await attempt.held.tryWrite({ set: { footageIds: used, look: chosen.look.id, openingFootageId: opening } });
      if (!updated) await attempt.check();
      row.footageIds = used;
    }
    if (clips.length === 0) notes.push(storedMessage('creative.note.no_material'));

    let logoPath: string | null = null;
    if (brief.logo_footage_id !== null) {
      const [logo] = await materials.mediaOf(row.merchantId, [brief.logo_footage_id]);
      if (logo?.type === 'image') {
        const file = path.join(work, `logo${path.extname(logo.key) || '.img'}`);
        if (await this.download(logo.key, file)) {
          logoPath = file;
          attempt.inputs.set(file, logo.name || String(logo.id));
        }
      }
    }

    let music: RendererInput['music'] = null;
    const choice = row.music;
    if (choice === 'library' && row.musicFootageId !== null) {
      const [audio] = await materials.mediaOf(row.merchantId, [row.musicFootageId]);
      const file = path.join(work, `music${path.extname(audio?.key ?? '') || '.audio'}`);
      if (audio?.type === 'audio' && (await this.download(audio.key, file))) {
        music = { path: file };
        attempt.inputs.set(file, audio.name || String(audio.id));
      } else {
        // The chosen track is gone: the video keeps music, the tone's bed, and says so.
        music = { bed: bedForTone(brief.tone) };
        notes.push(storedMessage('creative.note.music_fallback'));
      }
    } else if (choice !== 'none') {
      music = { bed: choice === 'auto' ? autoMusicBed(row.seed || String(row.id)) : choice === 'library' ? bedForTone(brief.tone) : (choice as MusicBed) };
    }

    let voice: VoiceTrack | null = null;
    const engine = this.deps.voices[row.voice];
    if (engine && row.voice !== 'none') {
      try {
        voice = await engine.speak({ language, lines: lines.map((line) => ({ text: line.spoken, onScreen: line.on_screen })), workDir: work, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        // The voice engine's own words, without the paths and addresses a user has no use for.
        notes.push(storedMessage('creative.note.voice_fallback', { detail: plainDetail(toolOutputOf(error)) || '—' }));
      }
    }

    return {
      script,
      language,
      brand: {
        shopName: brief.shop_name,
        address: brief.address,
        primary: brief.brand_colors.primary,
        accent: brief.brand_colors.accent,
        callToAction: script.call_to_action.on_screen,
        qrLink: (await this.deps.shortLinks?.linkFor(row, qrLinkOf(brief), brief.coupon_code ?? '')) ?? qrLinkOf(brief),
        logoPath,
        phone: brief.phone,
        coupon: brief.coupon_code ?? '',
      },
      look: chosen.look,
      clips,
      music,
      voice,
    };
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

  /** Copies a stored file into the work folder; false when there is no such file. */
  private async download(key: string, file: string): Promise<boolean> {
    try {
      const { body } = await this.deps.storage.get(key);
      await pipeline(body, createWriteStream(file));
      return true;
    } catch (error) {
      if (error instanceof StorageNotFoundError) return false;
      throw error;
    }
  }

  private async announce(id: number, merchantId: number, state: RenderState, progress: number): Promise<void> {
    await this.deps.progress.publish({ id, merchant_id: merchantId, state, progress }).catch(() => {});
  }
}

function raise(error: unknown): never {
  throw error;
}

/** The bundled bed that suits a brief's tone. */
export function bedForTone(tone: Brief['tone']): MusicBed {
  switch (tone) {
    case 'energetic':
    case 'playful':
      return 'upbeat';
    case 'calm':
      return 'chill';
    default:
      return 'warm';
  }
}

/** What a failed attempt had in its work folder: to take the folder out of staff's detail and name the input that failed. */
interface FailureContext {
  workDir: string;
  inputs: ReadonlyMap<string, string>;
}

/**
 * Why an attempt failed, twice: in plain words for whoever reads the render (a stored message:
 * never a path, an address or the encoder's statistics), and the engine's own output for staff.
 */
function reasonOf(error: unknown, timeoutSeconds: number, context: FailureContext): { reason: string; detail: string | null } {
  // A rule of another module said no (the merchant's storage is full, …): its own words, nothing more to see.
  if (error instanceof AppError) return { reason: storedMessage(error.key, error.params), detail: null };
  const output = toolOutputOf(error);
  const detail = staffDetail(output, context.workDir) || null;
  if (error instanceof Error && /timed? ?out|timeout/i.test(error.name + error.message)) {
    return { reason: storedMessage('creative.failure.timeout', { minutes: Math.max(1, Math.round(timeoutSeconds / 60)) }), detail };
  }
  if (error instanceof Error && error.name === 'StorageError') return { reason: storedMessage('creative.failure.storage'), detail };
  const name = failingInputOf(output, context.inputs);
  return { reason: name ? storedMessage('creative.failure.tool_input', { name }) : storedMessage('creative.failure.tool'), detail };
}

/**
 * Whether another attempt may succeed: a tool that crashed, a timeout, storage that did not
 * answer may; a rule of another module that refused (a full quota, a merchant gone) will not.
 */
export function isTransient(error: unknown): boolean {
  return !(error instanceof AppError);
}

/** Whether a file holds a picture ffprobe can read (a still counts; a cover inside a sound file does not). */
async function hasPicture(tools: MediaTools, file: string): Promise<boolean> {
  const probed = await probe(tools, file).catch(() => null);
  return probed?.streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic) ?? false;
}
