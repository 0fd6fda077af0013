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
/**
 * Visitors written in one statement at most. On the embedded database a statement runs on the
 * event loop, so redirects wait for it: a few short statements with a turn of the loop between
 * them keep that wait small where one long one would hold every redirect behind it.
 */
const BATCH_ROWS = 100;
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
    const byDay = new Map<string, Visit[]>();
    for (const visit of batch) {
      const day = utcDayOf(visit.at);
      byDay.set(day, [...(byDay.get(day) ?? []), visit]);
    }
    let counted = 0;
    for (const [day, visits] of byDay) {
      for (let start = 0; start < visits.length; start += BATCH_ROWS) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        try {
          counted += await this.countDay(day, visits.slice(start, start + BATCH_ROWS));
        } catch (error) {
          // Visits not counted are a number a little low; their redirects were answered long ago.
          this.log?.warn({ err: error, visits: visits.length }, 'counting short-link visits failed');
        }
      }
    }
    return counted;
  }

  /**
   * One day's visits in a few statements, whatever their number: the address cap is read once
   * for the batch and applied here, then the visitors are written together.
   */
  private async countDay(day: string, visits: Visit[]): Promise<number> {
    const salt = await this.saltOf(day);
    const rows = new Map<string, { code: string; merchantId: number; visitor: string; origin: string; at: Date }>();
    for (const visit of visits) {
      const { visitor, origin } = visitorHashes(salt, visit);
      // A visitor twice in one batch is a repeat within the window: its first visit stands.
      if (!rows.has(`${visit.code}\n${visitor}`)) rows.set(`${visit.code}\n${visitor}`, { code: visit.code, merchantId: visit.merchantId, visitor, origin, at: visit.at });
    }
    const candidates = [...rows.values()];
    const known = await repo.visitorsOfOrigins(
      this.db,
      day,
      [...new Set(candidates.map((row) => row.code))],
      [...new Set(candidates.map((row) => row.origin))],
    );
    const seen = new Map<string, Set<string>>();
    const seenOf = (code: string, origin: string) => {
      const key = `${code}\n${origin}`;
      let set = seen.get(key);
      if (!set) seen.set(key, (set = new Set()));
      return set;
    };
    for (const row of known) seenOf(row.code, row.origin).add(row.visitor);
    const allowed = candidates.filter((row) => {
      const set = seenOf(row.code, row.origin);
      if (set.has(row.visitor)) return true;
      if (set.size >= VISITORS_PER_ADDRESS) return false;
      set.add(row.visitor);
      return true;
    });
    return this.db.transaction((tx) => repo.countVisits(tx, day, allowed, REPEAT_WINDOW_MS / 60_000));
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
