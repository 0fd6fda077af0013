import type { Db } from '../../db/client.js';
import { LeaseKeeper, type Held } from '../../jobs/leased-work.js';
import type { RenderHeldWrite } from './render-queue-repository.js';
import * as repo from './repository.js';

/** Progress is written (and the state read back for a cancel) at most this often. */
const PROGRESS_EVERY_MS = 1_000;

/** Why an attempt stopped before its end: a cancel, a lease another worker took, or the time limit. */
export type Stop = 'cancelled' | 'lost' | 'timeout';

export class Interrupted extends Error {
  constructor(readonly stop: Stop) {
    super(`render ${stop}`);
    this.name = 'Interrupted';
  }
}

/** The engine's own time limit: the whole attempt (inputs, voice, ffmpeg, storing), not ffmpeg alone. */
export class AttemptTimeout extends Error {
  constructor(seconds: number) {
    super(`The render took longer than ${seconds} s and was stopped`);
    this.name = 'TimeoutError';
  }
}

/** This engine's hold on one render, under which every write of an attempt goes. */
export type RenderHold = Held<repo.RenderRow, RenderHeldWrite>;

/**
 * One attempt's lease and limits. The lease is kept alive on a timer (not only on progress: the
 * voice, the downloads and the upload report none) and on progress, and the attempt stops —
 * aborting ffmpeg through the signal — when the render was cancelled, its lease went to another
 * worker, or its time ran out.
 */
export class Attempt {
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
