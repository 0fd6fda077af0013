import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client.js';

/**
 * Long work with an outside effect (docs/decisions/089): publishing a post, paying a
 * settlement, rendering a video, processing a material. The row is the truth and pg-boss only a
 * trigger: a worker claims the row with a fresh token and a lease that outlives its remote calls
 * (a transaction cannot: it would hold a connection for the length of an upload, and PGlite has
 * one), writes every step fenced by that token and the state it expects, saves a checkpoint under
 * the lease before each outside call, and lets go at the end. A worker that dies keeps the row
 * until its lease runs out; the sweep then hands it to another, which resumes from the checkpoint.
 *
 * The SQL stays in each module's repository, behind the port below; this file owns the rules
 * around it, the same for every kind.
 */

/** One table's lease columns and the queries on them, implemented by the module's repository. */
export interface LeasePort<Row, Patch, Due extends { id: number } = { id: number }> {
  /**
   * Takes row `id` for `token` until `until` when it is still to be worked on, due, and free
   * (never held, or its lease ran out): one UPDATE, so of two workers racing for it exactly one
   * gets the row back. Null when it is not.
   */
  claim(ex: Executor, id: number, token: string, now: Date, until: Date): Promise<Row | null>;
  /**
   * Writes `patch` — and moves the lease's end to `until` when given — only while `token` still
   * holds the row and the row is in a state this write expects. Null when either is not so.
   */
  writeHeld(ex: Executor, id: number, token: string, patch: Patch, until?: Date): Promise<Row | null>;
  /** Lets go of the row when `token` still holds it, for the next worker to take at once. */
  release(ex: Executor, id: number, token: string): Promise<void>;
  /** Rows a worker should take now: to be worked on, free, and past any wait; oldest first. */
  due(ex: Executor, now: Date, limit: number): Promise<Due[]>;
}

/**
 * The typed stop of a worker whose lease went to another: its writes are refused from then on,
 * so it must not make another outside call. Thrown by `Held.write` when no row was updated.
 */
export class LeaseLost extends Error {
  constructor(
    readonly kind: string,
    readonly id: number,
  ) {
    super(`${kind} ${id} was taken over by another worker`);
    this.name = 'LeaseLost';
  }
}

export interface LeasedWorkOptions {
  /** Names the kind of work in a lost lease's message and in logs ('publish job', 'payout', …). */
  kind: string;
  db: Executor;
  /** How long a claim lasts without a word from its worker. */
  leaseMs: number;
  /** The clock of leases and waits (tests move it on instead of waiting). */
  now: () => Date;
}

/** One worker's hold on one row: every write it makes goes through the fence. */
export class Held<Row, Patch> {
  constructor(
    private readonly work: LeasedWork<Row, Patch>,
    readonly id: number,
    readonly token: string,
  ) {}

  /** Writes under the fence; null when the lease or the expected state is gone. */
  tryWrite(patch: Patch, ex?: Executor): Promise<Row | null> {
    return this.work.port.writeHeld(ex ?? this.work.options.db, this.id, this.token, patch);
  }

  /** Writes under the fence; throws `LeaseLost` when the lease or the expected state is gone. */
  async write(patch: Patch, ex?: Executor): Promise<Row> {
    const row = await this.tryWrite(patch, ex);
    if (!row) throw new LeaseLost(this.work.options.kind, this.id);
    return row;
  }

  /**
   * Saves a checkpoint before an outside call and renews the lease with it, so the call starts
   * with a whole lease ahead. A worker that lost its lease stops here, before its next call.
   */
  async checkpoint(patch: Patch, ex?: Executor): Promise<Row> {
    const row = await this.tryRenew(patch, ex);
    if (!row) throw new LeaseLost(this.work.options.kind, this.id);
    return row;
  }

  /** Renews the lease (with `patch`, such as progress); null when it is gone. */
  tryRenew(patch: Patch, ex?: Executor): Promise<Row | null> {
    return this.work.port.writeHeld(ex ?? this.work.options.db, this.id, this.token, patch, this.work.leaseEnd());
  }

  release(): Promise<void> {
    return this.work.port.release(this.work.options.db, this.id, this.token);
  }
}

/** The capability one kind of leased work is built on: claim, fence, release, sweep, back-off. */
export class LeasedWork<Row, Patch, Due extends { id: number } = { id: number }> {
  constructor(
    readonly port: LeasePort<Row, Patch, Due>,
    readonly options: LeasedWorkOptions,
  ) {}

  /** When a lease taken or renewed now runs out. */
  leaseEnd(): Date {
    return new Date(this.options.now().getTime() + this.options.leaseMs);
  }

  /** A fresh token for a claim made by the module itself (a claim inside its own transaction). */
  newToken(): string {
    return randomUUID();
  }

  /** Claims a due, free row with a fresh token; null when someone holds it or it is not due. */
  async claim(id: number): Promise<{ row: Row; held: Held<Row, Patch> } | null> {
    const token = this.newToken();
    const row = await this.port.claim(this.options.db, id, token, this.options.now(), this.leaseEnd());
    return row ? { row, held: new Held(this, id, token) } : null;
  }

  /** The hold of a row the module claimed itself (in its own transaction, or a fair pick of the next due). */
  hold(id: number, token: string): Held<Row, Patch> {
    return new Held(this, id, token);
  }

  /**
   * Runs one step under a hold and lets go after, whatever happened (a step that finished or
   * waits releases the row for the next worker; one that died cannot, and its lease runs out).
   * A step stopped by a lost lease answers `lost()` instead of throwing.
   */
  async run<T>(held: Held<Row, Patch>, step: () => Promise<T>, lost: () => T): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof LeaseLost && error.id === held.id) return lost();
      throw error;
    } finally {
      await held.release();
    }
  }

  /** Claims `id` and runs a step on it; `busy()` when it could not be claimed. */
  async claimAndRun<T>(id: number, step: (row: Row, held: Held<Row, Patch>) => Promise<T>, answers: { busy: () => T; lost: () => T }): Promise<T> {
    const claimed = await this.claim(id);
    if (!claimed) return answers.busy();
    return this.run(claimed.held, () => step(claimed.row, claimed.held), answers.lost);
  }

  /**
   * The sweep: the rows due now (never taken, a wait over, or a lease a dead worker left to run
   * out), each handed to `handOut` (a queue send, or a claim and run in place); how many.
   */
  async sweep(limit: number, handOut: (due: Due) => Promise<unknown>, now = this.options.now()): Promise<number> {
    const due = await this.port.due(this.options.db, now, limit);
    for (const row of due) await handOut(row);
    return due.length;
  }

  /** When the next try is due after `attempts` tries (see `backoffSeconds`). */
  retryAt(attempts: number, backoff?: Backoff): Date {
    return new Date(this.options.now().getTime() + backoffSeconds(attempts, backoff) * 1000);
  }
}

export interface Backoff {
  /** The wait after the first try; doubled for each further one. */
  baseSeconds?: number;
  /** The longest wait. */
  capSeconds?: number;
  /**
   * Spread around the wait, as a fraction (0.1: ±10 %), so an outside service's outage does not
   * end with every worker calling it again in the same second. 0: exact waits.
   */
  jitter?: number;
}

/**
 * The one back-off: 30 s, 1 min, 2 min … up to an hour by default, doubling with each attempt.
 */
export function backoffSeconds(attempts: number, { baseSeconds = 30, capSeconds = 3600, jitter = 0 }: Backoff = {}): number {
  const base = Math.min(capSeconds, baseSeconds * 2 ** Math.max(0, attempts - 1));
  return jitter > 0 ? Math.round(base * (1 - jitter + Math.random() * 2 * jitter)) : base;
}

/**
 * Keeps a lease alive on a timer for work that runs longer than a lease and reports nothing for
 * minutes at a time (downloads, a voice, an encoder): the lease is renewed every quarter lease,
 * one write at a time, and the work's abort signal fires when a renewal finds the lease gone.
 * Renewals and other writes of the attempt go through one chain, so they never overtake each other.
 */
export class LeaseKeeper<Stop extends string> {
  readonly abort = new AbortController();
  stop: Stop | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  /**
   * `renew` extends the lease; it answers null while it holds, else why the work must stop. It
   * is called on every tick, after a stop too: the work decides whether a stopped attempt still
   * renews (one that ran out of time keeps its lease while it writes its failure).
   */
  constructor(
    leaseMs: number,
    private readonly renew: () => Promise<Stop | null>,
  ) {
    this.timer = setInterval(() => this.enqueue(() => this.renewNow()), Math.max(50, Math.floor(leaseMs / 4)));
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Queues a write of the attempt behind those in flight; a failed write is the next renewal's to notice. */
  enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch(() => {});
  }

  /** Renews now, in turn with the other writes. */
  async renewNow(): Promise<void> {
    const stop = await this.renew();
    if (stop) this.halt(stop);
  }

  /** Waits for the writes in flight; the stop, if the work must stop. */
  async settled(): Promise<Stop | null> {
    await this.chain;
    return this.stop;
  }

  /** Stops the work: the first reason wins, and the signal aborts what runs. */
  halt(stop: Stop): void {
    if (this.stop) return;
    this.stop = stop;
    this.abort.abort();
  }

  end(): void {
    clearInterval(this.timer);
    this.abort.abort();
  }
}
