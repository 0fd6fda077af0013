import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isBot, saltedHash, utcDayOf, visitorHashes } from '../../lib/visitor.js';
import * as repo from './repository.js';

/** A visitor counts again only this long after it last counted. */
export const REPEAT_WINDOW_MS = 30 * 60_000;
/** Distinct visitors one address may add to one link in a day (a household, an office; not a crowd). */
export const VISITORS_PER_ADDRESS = 5;
/** Visits waiting to be counted at most; past it (a flood) the extra ones are dropped, not queued. */
const PENDING_MAX = 20_000;
/** Visits of the last half hour this process has seen, at most (a repeat is dropped before the database). */
const RECENT_MAX = 100_000;
/** How soon after a visit its batch is counted. */
const FLUSH_AFTER_MS = 200;

export interface Visit {
  code: string;
  merchantId: number;
  ip: string;
  userAgent: string | undefined;
  at: Date;
}

/**
 * Counts short-link visits after their redirect has been answered (docs/decisions/083): the
 * request only notes the visit here, and a batch a moment later writes it. A bot, a repeat of
 * the same visitor within 30 minutes or a sixth browser from one address that day changes
 * nothing. The database decides (several instances agree through it); this process's memory
 * only drops what it already knows to be a repeat, so a flood from one address costs nothing.
 */
export class VisitCounter {
  private pending: Visit[] = [];
  private readonly recent = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly salts = new Map<string, string>();
  /** This process's own key for its memory of recent visitors: not even memory holds an address. */
  private readonly memoryKey = randomBytes(32).toString('base64url');
  /** Visits dropped because the queue was full, since the start (for the log). */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Notes a visit; never waits and never throws. */
  note(visit: Visit): void {
    if (isBot(visit.userAgent)) return;
    const key = saltedHash(this.memoryKey, `${visit.code}\n${visit.ip}\n${visit.userAgent}`);
    const at = visit.at.getTime();
    const last = this.recent.get(key);
    if (last !== undefined && at - last < REPEAT_WINDOW_MS) return;
    if (this.pending.length >= PENDING_MAX) {
      this.dropped += 1;
      return;
    }
    if (this.recent.size >= RECENT_MAX) this.recent.clear();
    this.recent.set(key, at);
    this.pending.push(visit);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Counts what is waiting; resolves with how many visits counted. Tests and shutdown call it. */
  async flush(): Promise<number> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // One batch at a time: a second call waits for the first, then takes what came since.
    while (this.running) await this.running;
    const batch = this.pending;
    if (batch.length === 0) return 0;
    this.pending = [];
    this.running = this.count(batch);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async count(batch: Visit[]): Promise<number> {
    let counted = 0;
    for (const visit of batch) {
      try {
        if (await this.countOne(visit)) counted += 1;
      } catch (error) {
        // A visit not counted is a number a little low; the redirect was answered long ago.
        this.log?.warn({ err: error, code: visit.code }, 'counting a short-link visit failed');
      }
    }
    return counted;
  }

  private async countOne(visit: Visit): Promise<boolean> {
    const day = utcDayOf(visit.at);
    const { visitor, origin } = visitorHashes(await this.saltOf(day), visit);
    if ((await repo.visitorsFrom(this.db, visit.code, day, origin)) >= VISITORS_PER_ADDRESS && !(await repo.knownVisitor(this.db, visit.code, day, visitor))) return false;
    return this.db.transaction((tx) =>
      repo.countVisit(tx, { code: visit.code, merchantId: visit.merchantId, day, visitor, origin, at: visit.at, since: new Date(visit.at.getTime() - REPEAT_WINDOW_MS) }),
    );
  }

  private async saltOf(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const salt = await repo.saltOf(this.db, day, randomBytes(32).toString('base64url'));
    this.salts.clear();
    this.salts.set(day, salt);
    return salt;
  }

  /** Yesterday's and older salts go: their visitors can no longer be recognised, even by us. */
  dropOldSalts(now: Date): Promise<number> {
    return repo.dropSaltsBefore(this.db, utcDayOf(now));
  }
}
