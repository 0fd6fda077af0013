import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createFreshDatabase } from '../test/fresh-postgres.js';
import { testDatabaseUrl } from '../test/harness.js';
import { backoffSeconds, LeasedWork, LeaseKeeper, LeaseLost, type LeasePort } from './leased-work.js';

/**
 * The leased-work capability on a table of its own, on PGlite and (with TEST_DATABASE_URL) on
 * PostgreSQL, where two workers really do race: the port below is what a module's repository
 * writes for its table, the rules around it are the capability's.
 */
const items = pgTable('leased_work_items', {
  id: serial().primaryKey(),
  state: text({ enum: ['waiting', 'working', 'done', 'cancelled'] }).notNull(),
  leaseToken: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  runAfter: timestamp({ withTimezone: true }),
  checkpoint: text(),
});
type Item = typeof items.$inferSelect;
type ItemPatch = Partial<Omit<typeof items.$inferInsert, 'id'>>;

const OPEN = ['waiting', 'working'] as const;
const free = (now: Date) => and(inArray(items.state, [...OPEN]), or(isNull(items.runAfter), lte(items.runAfter, now)), or(isNull(items.leaseUntil), lt(items.leaseUntil, now)));

const port: LeasePort<Item, ItemPatch> = {
  async claim(ex, id, token, now, until) {
    const [row] = await ex.update(items).set({ leaseToken: token, leaseUntil: until }).where(and(eq(items.id, id), free(now))).returning();
    return row ?? null;
  },
  async writeHeld(ex, id, token, patch, until) {
    const [row] = await ex
      .update(items)
      .set({ ...patch, ...(until ? { leaseUntil: until } : {}) })
      .where(and(eq(items.id, id), eq(items.leaseToken, token), inArray(items.state, [...OPEN])))
      .returning();
    return row ?? null;
  },
  async release(ex, id, token) {
    await ex.update(items).set({ leaseToken: null, leaseUntil: null }).where(and(eq(items.id, id), eq(items.leaseToken, token)));
  },
  async due(ex, now, limit) {
    return ex.select({ id: items.id }).from(items).where(free(now)).orderBy(asc(items.id)).limit(limit);
  },
};

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let clock = Date.parse('2026-03-02T10:00:00Z');
const LEASE_MS = 60_000;

/** A worker of its own (another process, as far as the row can tell), on the shared clock. */
const worker = (leaseMs = LEASE_MS, now = () => new Date(clock)) => new LeasedWork(port, { kind: 'item', db: database.db, leaseMs, now });

async function addItem(values: ItemPatch = {}): Promise<number> {
  const [row] = await database.db
    .insert(items)
    .values({ state: 'waiting', ...values })
    .returning({ id: items.id });
  return row!.id;
}

const itemOf = async (id: number) => (await database.db.select().from(items).where(eq(items.id, id)))[0]!;

beforeAll(async () => {
  if (testDatabaseUrl) {
    const fresh = await createFreshDatabase(testDatabaseUrl, 'nc_leased');
    database = await openDatabase({ url: fresh.url, poolSize: 4 });
    dropDatabase = fresh.drop;
  } else {
    database = await openDatabase({});
  }
  await database.db.execute(sql`create table leased_work_items (
    id serial primary key, state text not null, lease_token text, lease_until timestamptz, run_after timestamptz, checkpoint text)`);
});

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

beforeEach(async () => {
  clock += 86_400_000;
  await database.db.execute(sql`delete from leased_work_items`);
});

describe('claiming', () => {
  it('gives a due row to exactly one of two workers racing for it, with a lease that outlives the claim', async () => {
    const id = await addItem();
    const [a, b] = await Promise.all([worker().claim(id), worker().claim(id)]);
    const winners = [a, b].filter((claim) => claim !== null);
    expect(winners).toHaveLength(1);
    const row = await itemOf(id);
    expect(row.leaseToken).toBe(winners[0]!.held.token);
    expect(row.leaseUntil?.getTime()).toBe(clock + LEASE_MS);
  });

  it('leaves a held row alone until its lease runs out, then the next worker takes it over', async () => {
    const id = await addItem();
    const first = await worker().claim(id);
    expect(first).not.toBeNull();
    expect(await worker().claim(id)).toBeNull();
    clock += LEASE_MS + 1;
    const second = await worker().claim(id);
    expect(second?.held.token).not.toBe(first!.held.token);
    // The first worker, back from a long call, is fenced out.
    await expect(first!.held.write({ checkpoint: 'late' })).rejects.toBeInstanceOf(LeaseLost);
    expect(await first!.held.tryWrite({ checkpoint: 'late' })).toBeNull();
    expect((await itemOf(id)).checkpoint).toBeNull();
  });

  it('does not claim a row waiting out a retry, nor one that is done', async () => {
    const waiting = await addItem({ runAfter: new Date(clock + 1000) });
    const done = await addItem({ state: 'done' });
    expect(await worker().claim(waiting)).toBeNull();
    expect(await worker().claim(done)).toBeNull();
    clock += 1001;
    expect(await worker().claim(waiting)).not.toBeNull();
  });
});

describe('the fence', () => {
  it('refuses a write under the right token once the row left the states the work may write', async () => {
    const id = await addItem();
    const { held } = (await worker().claim(id))!;
    await database.db.update(items).set({ state: 'cancelled' }).where(eq(items.id, id));
    await expect(held.write({ state: 'done' })).rejects.toMatchObject({ name: 'LeaseLost', kind: 'item', id });
    expect((await itemOf(id)).state).toBe('cancelled');
  });

  it('renews the lease with a checkpoint, so the call after it starts with a whole lease ahead', async () => {
    const id = await addItem();
    const work = worker();
    const { held } = (await work.claim(id))!;
    clock += LEASE_MS - 1000;
    const saved = await held.checkpoint({ checkpoint: 'sent' });
    expect(saved).toMatchObject({ checkpoint: 'sent' });
    expect(saved.leaseUntil?.getTime()).toBe(clock + LEASE_MS);
    // Past the first lease's end, the row is still this worker's.
    clock += 2000;
    expect(await worker().claim(id)).toBeNull();
  });
});

describe('running a step', () => {
  it('stops a step whose lease was lost before its next outside call, answers lost, and leaves the new holder its lease', async () => {
    const id = await addItem();
    const work = worker();
    const calls: string[] = [];
    let takenBy: string | undefined;
    const result = await work.claimAndRun(
      id,
      async (_row, held) => {
        await held.checkpoint({ checkpoint: 'one' });
        calls.push('one');
        // Meanwhile this worker stalled past its lease and another took the row.
        clock += LEASE_MS + 1;
        takenBy = (await worker().claim(id))!.held.token;
        await held.checkpoint({ checkpoint: 'two' });
        calls.push('two');
        return 'finished';
      },
      { busy: () => 'busy', lost: () => 'lost' },
    );
    expect(result).toBe('lost');
    expect(calls).toEqual(['one']);
    const row = await itemOf(id);
    expect(row).toMatchObject({ checkpoint: 'one', leaseToken: takenBy });
  });

  it('lets go of the row after a step, and answers busy for a row someone holds', async () => {
    const id = await addItem();
    const work = worker();
    expect(await work.claimAndRun(id, (_row, held) => held.write({ state: 'working' }).then(() => 'stepped'), { busy: () => 'busy', lost: () => 'lost' })).toBe('stepped');
    expect(await itemOf(id)).toMatchObject({ state: 'working', leaseToken: null, leaseUntil: null });

    const holder = await worker().claim(id);
    expect(await work.claimAndRun(id, () => Promise.resolve('stepped'), { busy: () => 'busy', lost: () => 'lost' })).toBe('busy');
    expect((await itemOf(id)).leaseToken).toBe(holder!.held.token);
  });

  it('lets go of the row when a step throws, and passes the error on', async () => {
    const id = await addItem();
    await expect(worker().claimAndRun(id, () => Promise.reject(new Error('remote down')), { busy: () => 'busy', lost: () => 'lost' })).rejects.toThrow('remote down');
    expect((await itemOf(id)).leaseToken).toBeNull();
  });
});

describe('the sweep', () => {
  it('hands out the rows due now: never taken, a wait that is over, a lease a dead worker left to run out', async () => {
    const fresh = await addItem();
    const waited = await addItem({ runAfter: new Date(clock - 1) });
    const stillWaiting = await addItem({ runAfter: new Date(clock + 60_000) });
    const dead = await addItem({ state: 'working', leaseToken: 'dead', leaseUntil: new Date(clock - 1) });
    const alive = await addItem({ state: 'working', leaseToken: 'alive', leaseUntil: new Date(clock + 1) });
    await addItem({ state: 'done' });
    const handed: number[] = [];
    const count = await worker().sweep(10, ({ id }) => Promise.resolve(handed.push(id)));
    expect(handed).toEqual([fresh, waited, dead]);
    expect(count).toBe(3);
    expect(handed).not.toContain(stillWaiting);
    expect(handed).not.toContain(alive);
  });

  it('takes at most its batch', async () => {
    for (let i = 0; i < 3; i++) await addItem();
    const handed: number[] = [];
    expect(await worker().sweep(2, ({ id }) => Promise.resolve(handed.push(id)))).toBe(2);
    expect(handed).toHaveLength(2);
  });
});

describe('keeping a lease alive on a timer', () => {
  it('renews while the work runs, and aborts the work once another worker has the row', async () => {
    const id = await addItem();
    // Real time here: the keeper's timer runs every quarter lease.
    const leaseMs = 200;
    const work = worker(leaseMs, () => new Date());
    const { held } = (await work.claim(id))!;
    const keeper = new LeaseKeeper<'lost'>(leaseMs, async () => ((await held.tryRenew({})) ? null : 'lost'));
    try {
      const first = (await itemOf(id)).leaseUntil!.getTime();
      await new Promise((resolve) => setTimeout(resolve, 3 * leaseMs));
      expect(await keeper.settled()).toBeNull();
      expect(keeper.signal.aborted).toBe(false);
      // Renewed past the claim's own end, without a word from the work.
      expect((await itemOf(id)).leaseUntil!.getTime()).toBeGreaterThan(first + leaseMs);

      await database.db.update(items).set({ leaseToken: 'someone-else' }).where(eq(items.id, id));
      await expect.poll(() => keeper.signal.aborted, { timeout: 2000, interval: 20 }).toBe(true);
      expect(await keeper.settled()).toBe('lost');
      expect((await itemOf(id)).leaseToken).toBe('someone-else');
    } finally {
      keeper.end();
    }
  });
});

describe('the back-off', () => {
  it('waits 30 s, then doubles each attempt up to an hour', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 20].map((attempts) => backoffSeconds(attempts))).toEqual([30, 30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it('spreads the wait by the jitter asked for, never beyond it', () => {
    const waits = Array.from({ length: 200 }, () => backoffSeconds(3, { jitter: 0.1 }));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(108);
    expect(Math.max(...waits)).toBeLessThanOrEqual(132);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });

  it('starts from the first wait given, capped where asked', () => {
    expect(backoffSeconds(3, { baseSeconds: 5, capSeconds: Infinity })).toBe(20);
    expect(backoffSeconds(30, { baseSeconds: 5, capSeconds: Infinity })).toBe(5 * 2 ** 29);
    expect(backoffSeconds(5, { capSeconds: 100 })).toBe(100);
  });

  it('dates the next try from the worker’s clock', () => {
    expect(worker().retryAt(2).getTime()).toBe(clock + 60_000);
  });
});
