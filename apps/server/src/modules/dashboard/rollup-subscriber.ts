import type { Tx } from '../../db/client.js';
import type { EventPayload } from '../events/catalogue.js';
import { typesOf, type AnyDomainEvent, type DomainEvent, type EventScope, type ScopeResolver, type Subscriber } from '../events/service.js';
import { dayOf } from './period.js';
import * as repo from './repository.js';
import type { DayDelta, DayRow, PlacementRow, ScopeKey } from './repository.js';

const ACCOUNT_TYPE_CLIENT = 0;
const ACCOUNT_TYPE_STUDIO = 1;

type Placement = Pick<PlacementRow, 'studioId' | 'agentId' | 'mainAgentId' | 'operatorId'>;

/** The scopes above a merchant placed so (not the platform, not the merchant itself). */
function clientScopes(p: Placement): ScopeKey[] {
  const keys: ScopeKey[] = [];
  if (p.studioId !== null) keys.push({ kind: 'studio', id: p.studioId });
  if (p.agentId !== null) keys.push({ kind: 'agent', id: p.agentId });
  if (p.mainAgentId !== null) keys.push({ kind: 'main_agent', id: p.mainAgentId });
  if (p.operatorId !== null) keys.push({ kind: 'operator', id: p.operatorId });
  return keys;
}

/** The scopes above a studio: its agent and that agent's tree. */
function studioScopes(p: Placement): ScopeKey[] {
  const keys: ScopeKey[] = [];
  if (p.agentId !== null) keys.push({ kind: 'agent', id: p.agentId });
  if (p.mainAgentId !== null) keys.push({ kind: 'main_agent', id: p.mainAgentId });
  return keys;
}

const PLATFORM: ScopeKey = { kind: 'platform', id: 0 };
const keyOf = (k: ScopeKey) => `${k.kind}:${k.id}`;
const minus = (a: ScopeKey[], b: ScopeKey[]) => a.filter((k) => !b.some((o) => keyOf(o) === keyOf(k)));

/** Who the event's account is, read from its scope: a studio's scope names itself, and so on. */
function kindOf(accountId: number, scope: EventScope): 'client' | 'studio' | 'other' {
  if (scope.studioId === accountId) return 'studio';
  if (scope.agentId === accountId || scope.operatorId === accountId) return 'other';
  return 'client';
}

/**
 * Where a money or video event counts: the platform and every scope the event's account was
 * in when it happened (the event carries it), so history stays where it was made when an
 * account moves later (docs/decisions/036). A studio's own purchase counts for the platform
 * and its agents, not as revenue of the studio's merchants.
 */
function eventScopes(event: DomainEvent): ScopeKey[] {
  const accountId = event.accountId;
  if (accountId === null) return [PLATFORM];
  const kind = kindOf(accountId, event.scope);
  if (kind === 'studio') return [PLATFORM, ...studioScopes(event.scope)];
  if (kind === 'other') return [PLATFORM];
  return [PLATFORM, { kind: 'client', id: accountId }, ...clientScopes(event.scope)];
}

export const ROLLUP_SUBSCRIBER = 'dashboard.rollups';

type Share = EventPayload<'payment.completed'>['shares'][number];

/**
 * Commissions as the rollups count them: a studio's or an agent's go to its `earner` scope; the
 * platform's scope holds all commissions and, apart, the platform's own share (its profit). A
 * refund's reversals count the same way, negative.
 */
function shareRows(shares: readonly Pick<Share, 'beneficiary_id' | 'role'>[], amounts: readonly number[], day: string): DayRow[] {
  const rows: DayRow[] = [];
  for (const [index, share] of shares.entries()) {
    const delta = amounts[index] ?? 0;
    if (delta === 0) continue;
    if (share.role === 'platform' || share.role === 'unallocated') {
      rows.push({ scope: PLATFORM, day, delta: { profitCents: delta } });
    } else {
      rows.push({ scope: PLATFORM, day, delta: { commissionCents: delta } });
      if (share.beneficiary_id !== null) rows.push({ scope: { kind: 'earner', id: share.beneficiary_id }, day, delta: { commissionCents: delta } });
    }
  }
  return rows;
}

/** One delta to a day of each scope, as rows for `addToDays`. */
const rowsOf = (scopes: readonly ScopeKey[], day: string, delta: DayDelta): DayRow[] => scopes.map((scope) => ({ scope, day, delta }));

/** A reading of a job's plays, to count where its event says on its day. */
interface Reading {
  jobId: string;
  plays: number;
  scopes: ScopeKey[];
  day: string;
}

/**
 * What the handlers of one delivery transaction add to the rollups' days, and the readings of
 * plays they were handed, gathered and written once when the transaction's handlers are done
 * (`settle`): a replay hands the rollups hundreds of events per transaction, and one statement
 * for all of them costs what one costs for each. No handler reads a day's row, and only `settle`
 * reads a job's plays, so gathering them changes no figure; the placements and connections a
 * handler reads are written at once.
 */
interface Gathered {
  days: DayRow[];
  readings: Reading[];
  /**
   * Placements as this transaction sees them (locked when read; null: none yet), and the
   * accounts whose placement changed, written at `settle` — or before anything reads the table.
   */
  placements: Map<number, PlacementRow | null>;
  placed: Set<number>;
}
const gathering = new WeakMap<Tx, Gathered>();

function gathered(tx: Tx): Gathered {
  let into = gathering.get(tx);
  if (!into) {
    into = { days: [], readings: [], placements: new Map(), placed: new Set() };
    gathering.set(tx, into);
  }
  return into;
}

const addDays = (tx: Tx, rows: readonly DayRow[]) => void gathered(tx).days.push(...rows);

/** An account's placement, from what this transaction read or changed, else from the table (locked). */
async function placementOf(tx: Tx, accountId: number): Promise<PlacementRow | undefined> {
  const known = gathered(tx).placements;
  if (known.has(accountId)) return known.get(accountId) ?? undefined;
  const row = await repo.findPlacement(tx, accountId);
  known.set(accountId, row ?? null);
  return row;
}

function place(tx: Tx, row: PlacementRow): void {
  const into = gathered(tx);
  into.placements.set(row.accountId, row);
  into.placed.add(row.accountId);
}

/** Writes the placements this transaction changed. */
async function writePlacements(tx: Tx, into: Gathered): Promise<void> {
  const rows = [...into.placed].map((id) => into.placements.get(id)).filter((row): row is PlacementRow => row !== null && row !== undefined);
  into.placed.clear();
  await repo.upsertPlacements(tx, rows);
}

/** The accounts whose placement an event's handler reads. */
function placedBy(event: AnyDomainEvent): number | null {
  switch (event.type) {
    case 'account.registered':
    case 'account.created':
    case 'client.assigned':
    case 'studio.assigned':
    case 'payment.completed':
      return event.accountId;
    default:
      return null;
  }
}

/**
 * Reads and locks the placements a batch's handlers will read, in one statement: a replay hands
 * over hundreds of arrivals and payments per transaction, each of which reads one.
 */
async function prepare(tx: Tx, events: readonly AnyDomainEvent[]): Promise<void> {
  const known = gathered(tx).placements;
  const ids = [...new Set(events.map(placedBy).filter((id): id is number => id !== null && !known.has(id)))];
  const found = new Map((await repo.lockPlacements(tx, ids)).map((row) => [row.accountId, row]));
  for (const id of ids) known.set(id, found.get(id) ?? null);
}

/**
 * Writes what the transaction's handlers gathered. Each reading adds the growth since the
 * largest value counted for its job (in the order the events were handed over), so a reading
 * handed over twice or out of order adds nothing; the jobs' rows are locked first, so two
 * transactions with readings of one job wait for each other.
 */
async function settle(tx: Tx): Promise<void> {
  const into = gathering.get(tx);
  if (!into) return;
  gathering.delete(tx);
  await writePlacements(tx, into);
  const days = [...into.days];
  if (into.readings.length > 0) {
    const stored = await repo.lockJobPlays(tx, [...new Set(into.readings.map((reading) => reading.jobId))]);
    const largest = new Map(stored);
    for (const reading of into.readings) {
      const before = largest.get(reading.jobId) ?? 0;
      if (reading.plays <= before) continue;
      days.push(...rowsOf(reading.scopes, reading.day, { plays: reading.plays - before }));
      largest.set(reading.jobId, reading.plays);
    }
    await repo.saveJobPlays(
      tx,
      [...largest].filter(([jobId, plays]) => stored.get(jobId) !== plays),
      new Set(stored.keys()),
    );
  }
  await repo.addToDays(tx, days);
}

/**
 * Keeps the dashboard's daily rollups from events, each on the day it happened. It runs in the
 * transaction that records the delivery (events/service.ts), so an event delivered twice counts
 * once, and it reads only what the events carry and its own rows. `scopeOf` (the account
 * service's) tells where a studio's merchants stand after the studio moves: whether a merchant
 * follows its studio to the new agent depends on whether it has an agent of its own.
 */
export function createDashboardRollupSubscriber(scopeOf: ScopeResolver): Subscriber {
  const arrival = async (event: DomainEvent<'account.registered' | 'account.created'>, tx: Tx) => {
    const accountId = event.accountId;
    if (accountId === null) return;
    const day = dayOf(event.createdAt);
    const type = event.payload.account_type;
    if (type === ACCOUNT_TYPE_CLIENT) await arrive(tx, accountId, 'client', event.scope, day);
    else if (type === ACCOUNT_TYPE_STUDIO) await arrive(tx, accountId, 'studio', event.scope, day);
  };
  const connectionState = async (event: DomainEvent<'connection.connected' | 'connection.needs_reconnect'>, tx: Tx) => {
    const state = event.type === 'connection.connected' ? 'connected' : 'needs_reconnect';
    await countConnection(tx, String(event.payload.connection_id), event.payload.platform, state, eventScopes(event));
  };

  return {
    name: ROLLUP_SUBSCRIBER,
    settle,
    prepare,
    handlers: {
      'account.registered': arrival,
      'account.created': arrival,
      'client.assigned': async (event, tx) => {
        if (event.accountId === null) return;
        await move(tx, event.accountId, 'client', event.scope, dayOf(event.createdAt));
      },
      'studio.assigned': async (event, tx) => {
        const studioId = event.accountId;
        if (studioId === null) return;
        const day = dayOf(event.createdAt);
        await move(tx, studioId, 'studio', event.scope, day);
        // The table answers which merchants the studio has: what this transaction placed goes there first.
        await writePlacements(tx, gathered(tx));
        for (const clientId of await repo.clientsOfStudio(tx, studioId)) await move(tx, clientId, 'client', await scopeOf(tx, clientId), day);
      },
      'payment.completed': async (event, tx) => {
        const accountId = event.accountId;
        if (accountId === null) return;
        const day = dayOf(event.createdAt);
        const client = kindOf(accountId, event.scope) === 'client';
        let first = false;
        if (client) {
          const placement = await placementOf(tx, accountId);
          first = !placement?.paidAt;
          if (placement && first) place(tx, { ...placement, paidAt: event.createdAt });
          if (!placement) place(tx, { accountId, kind: 'client', ...pick(event.scope), paidAt: event.createdAt });
        }
        const shares = event.payload.shares;
        addDays(tx, [
          ...rowsOf(eventScopes(event), day, {
            payments: 1,
            grossCents: event.payload.amount_cents,
            ...(client ? (first ? { firstPayments: 1 } : { renewals: 1 }) : {}),
          }),
          ...shareRows(shares, shares.map((share) => share.amount_cents), day),
        ]);
      },
      'payment.refunded': async (event, tx) => {
        const day = dayOf(event.createdAt);
        const reversals = event.payload.reversals;
        addDays(tx, [
          ...rowsOf(eventScopes(event), day, { refundsCents: event.payload.amount_cents }),
          ...shareRows(reversals, reversals.map((reversal) => -reversal.reversed_cents), day),
        ]);
      },
      'connection.connected': connectionState,
      'connection.needs_reconnect': connectionState,
      'connection.disconnected': async (event, tx) => uncountConnection(tx, String(event.payload.connection_id)),
      'video.published': async (event, tx) => addDays(tx, rowsOf(eventScopes(event), dayOf(event.createdAt), { videosPublished: 1 })),
      'video.plays': async (event, tx) => {
        // Each reading that grew says the video's plays now; what the rollups add is the
        // growth since the largest value counted for it (`settle`).
        const plays = event.payload.plays;
        if (plays <= 0) return;
        gathered(tx).readings.push({ jobId: String(event.payload.job_id), plays, scopes: eventScopes(event), day: dayOf(event.createdAt) });
      },
    },
  };
}

/** The event types the rollups count. */
export const ROLLUP_EVENTS = typesOf(createDashboardRollupSubscriber(async () => ({ studioId: null, agentId: null, mainAgentId: null, operatorId: null })));

const pick = (scope: EventScope): Placement => ({ studioId: scope.studioId, agentId: scope.agentId, mainAgentId: scope.mainAgentId, operatorId: scope.operatorId });
const scopesFor = (kind: 'client' | 'studio', p: Placement) => (kind === 'client' ? clientScopes(p) : studioScopes(p));

/** A new merchant or studio: counted in the platform, itself (a merchant) and every scope above it. */
async function arrive(tx: Tx, accountId: number, kind: 'client' | 'studio', scope: EventScope, day: string): Promise<void> {
  if (await placementOf(tx, accountId)) return;
  const placement = pick(scope);
  place(tx, { accountId, kind, ...placement, paidAt: null });
  const delta = kind === 'client' ? { newClients: 1, clientsDelta: 1 } : { newStudios: 1, studiosDelta: 1 };
  const own: ScopeKey[] = kind === 'client' ? [{ kind: 'client', id: accountId }] : [];
  addDays(tx, rowsOf([PLATFORM, ...own, ...scopesFor(kind, placement)], day, delta));
}

/**
 * A merchant or a studio moved: its stock leaves the scopes it left and joins those it joined
 * (an arrival there), on the day it moved; what it did before stays where it was.
 */
async function move(tx: Tx, accountId: number, kind: 'client' | 'studio', scope: EventScope, day: string): Promise<void> {
  const before = await placementOf(tx, accountId);
  if (!before) return arrive(tx, accountId, kind, scope, day);
  const after = pick(scope);
  const left = minus(scopesFor(kind, before), scopesFor(kind, after));
  const joined = minus(scopesFor(kind, after), scopesFor(kind, before));
  place(tx, { ...before, ...after });
  if (kind === 'client') {
    addDays(tx, [...rowsOf(left, day, { clientsDelta: -1 }), ...rowsOf(joined, day, { clientsDelta: 1, newClients: 1 })]);
    return;
  }
  addDays(tx, [...rowsOf(left, day, { studiosDelta: -1 }), ...rowsOf(joined, day, { studiosDelta: 1, newStudios: 1 })]);
}

/**
 * A connection's state as the platform's counts see it: a change moves one count from the old
 * state to the new in the scopes it was counted in; a first sighting counts it where its
 * merchant stands.
 */
async function countConnection(tx: Tx, connectionId: string, platform: string, state: 'connected' | 'needs_reconnect', scopes: ScopeKey[]): Promise<void> {
  const field = (s: 'connected' | 'needs_reconnect') => (s === 'connected' ? 'connected' : 'needsReconnect');
  const before = await repo.findConnection(tx, connectionId);
  if (before?.state === state) return;
  if (before) {
    await repo.addConnections(tx, before.scopes, before.platform, { [field(before.state)]: -1, [field(state)]: 1 });
    await repo.upsertConnection(tx, { ...before, state });
    return;
  }
  const keys = scopes.map(keyOf);
  await repo.upsertConnection(tx, { connectionId, platform, state, scopes: keys });
  await repo.addConnections(tx, keys, platform, { [field(state)]: 1 });
}

/** A connection taken away: it leaves the counts it was in, and a later connection counts afresh. */
async function uncountConnection(tx: Tx, connectionId: string): Promise<void> {
  const before = await repo.findConnection(tx, connectionId);
  if (!before) return;
  await repo.addConnections(tx, before.scopes, before.platform, before.state === 'connected' ? { connected: -1 } : { needsReconnect: -1 });
  await repo.deleteConnection(tx, connectionId);
}
