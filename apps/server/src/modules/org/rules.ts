import {
  ACCOUNT_TYPE,
  headsTrees,
  isStaff,
  type AccountSummary,
  type api,
  type AuditAction,
  type Endpoint,
  type ParsedRequestOf,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { newReferralCode } from '../account/crypto.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { toSummary } from './presenter.js';
import * as repo from './repository.js';
import * as totals from './totals-repository.js';
import type { AccountRow, NewAccountRow } from './repository.js';

/**
 * The rules the org services share: which accounts a caller may see, how an account is made,
 * and how one moves under another. Every read is narrowed to the caller's scope
 * (access/scope.ts) in SQL; every assignment checks both ends against it.
 */

type Api = typeof api;
export type Body<A extends keyof Api, K extends keyof Api[A]> = Api[A][K] extends Endpoint ? ParsedRequestOf<Api[A][K]> : never;

/** The audit log's name for each move of an account under someone else. */
const REASSIGN_ACTIONS = {
  'studio.assigned': { agent: 'studio.assign', studio: 'studio.assign', operator: 'studio.assign' },
  'client.assigned': { agent: 'client.assign_agent', studio: 'client.set_studio', operator: 'client.assign_operator' },
} as const satisfies Record<string, Record<'agent' | 'studio' | 'operator', AuditAction>>;

// ---- reading within the caller's scope -----------------------------------------------------

/** An account of the given type the caller may see; otherwise "not found", never a hint. */
export async function visible(ex: Executor, caller: Caller, id: number, type: number, missing: Parameters<typeof notFound>[0]): Promise<AccountRow> {
  const row = await repo.findAccount(ex, { id, accountTypes: [type], scope: caller });
  if (!row) throw notFound(missing);
  return row;
}

/**
 * Staff see everyone, so a total filtered by nothing but role and payment state is already in
 * the rollups; anything narrower is counted in SQL.
 */
export async function knownTotalOf(ex: Executor, caller: Caller, filter: repo.AccountFilter): Promise<number | undefined> {
  if (!isStaff(caller.role)) return undefined;
  const simple = Object.entries(filter).every(([key, value]) => value === undefined || key === 'accountTypes' || key === 'payState');
  if (!simple) return undefined;
  const payStatus = filter.payState ? totals.PAY_STATUS_BY_STATE[filter.payState] : undefined;
  return (await totals.rollupCounts(ex, filter.accountTypes ?? null, payStatus)).total;
}

/** Totals by state: from the rollups for staff, counted within the scope for everyone else. */
export function stateCounts(ex: Executor, caller: Caller, type: number): Promise<totals.StateCounts> {
  return isStaff(caller.role) ? totals.rollupCounts(ex, [type]) : totals.countByState(ex, { accountTypes: [type], scope: caller });
}

/** The counts of one account type as the studio and client pages show them. */
export async function countOf(ex: Executor, caller: Caller, type: number) {
  const counts = await stateCounts(ex, caller, type);
  return { total: counts.total, paid: counts.paid, unpaid: counts.unpaid, expired: counts.expired, new_this_month: counts.newThisMonth };
}

export async function summaryOf(ex: Executor, id: number): Promise<AccountSummary> {
  const row = await repo.findSummary(ex, { id }, {});
  if (!row) throw notFound('org.account_not_found');
  return toSummary(row);
}

/** The filters every account list takes, as the repository names them. */
export function listFilter(body: {
  keyword?: string | undefined;
  pay_state?: AccountSummary['pay_state'] | undefined;
  info_status?: 0 | 1 | undefined;
  registered_from?: string | undefined;
  registered_to?: string | undefined;
}): repo.AccountFilter {
  return {
    keyword: body.keyword || undefined,
    payState: body.pay_state,
    infoStatus: body.info_status,
    registeredFrom: body.registered_from,
    registeredTo: body.registered_to,
  };
}

// ---- making accounts -----------------------------------------------------------------------

export async function newAccount(
  ex: Executor,
  hash: (password: string) => Promise<string>,
  values: Omit<NewAccountRow, 'referralCode' | 'passwordHash'> & { password: string },
) {
  const { password, ...rest } = values;
  const row = await repo.insertAccount(ex, { ...rest, passwordHash: await hash(password), referralCode: newReferralCode() });
  if (!row) throw conflict('auth.email_taken');
  if (row.accountType === ACCOUNT_TYPE.partner) {
    await repo.updateAccount(ex, row.id, { agentNo: `AG-${String(row.id).padStart(5, '0')}` });
  }
  return row;
}

/** A main agent to hang a sub-agent under: a partner of type main, and not the agent itself. */
export async function mainAgent(ex: Executor, id: number | null, self?: number): Promise<AccountRow> {
  if (id === null) throw invalid({ main_agent_id: 'org.main_agent_required' });
  const main = await repo.findAccount(ex, { id, accountTypes: [ACCOUNT_TYPE.partner] });
  if (!main || main.agentType !== 'main' || main.id === self) throw invalid({ main_agent_id: 'org.main_agent_invalid' });
  return main;
}

// ---- moving accounts -----------------------------------------------------------------------

/** A move is written, recorded as an event and audited in one transaction. */
type Moving = { db: Db; events: EventService; audit: AuditService };

/** An agent the caller may hand things to: any for staff, its own tree for a partner. */
function assignableAgent(ex: Executor, caller: Caller, agentId: number): Promise<AccountRow> {
  return visible(ex, caller, agentId, ACCOUNT_TYPE.partner, 'org.agent_not_found');
}

/** Taking something away from every agent is for staff and main agents, not sub-agents. */
export function assertMayRemove(caller: Caller): void {
  if (!headsTrees(caller.role, caller.agentType)) throw forbidden();
}

/**
 * Moves an account under another agent, studio or operator (or none) and records the event
 * in the same transaction; the event's scope is the one the account has afterwards.
 */
export async function reassign(
  deps: Moving,
  caller: Caller,
  account: AccountRow,
  type: 'client.assigned' | 'studio.assigned',
  role: 'agent' | 'studio' | 'operator',
  patch: { agentId: number | null } | { studioId: number | null } | { operatorId: number | null },
): Promise<void> {
  const from = role === 'agent' ? account.agentId : role === 'studio' ? account.studioId : account.operatorId;
  const to = Object.values(patch)[0] as number | null;
  await deps.db.transaction(async (tx) => {
    await repo.updateAccount(tx, account.id, patch);
    await deps.events.record(tx, type, {
      actor_id: caller.id,
      subject_id: account.id,
      account_id: account.id,
      payload: { role, from_id: from, to_id: to },
    });
    const field = `${role}_id`;
    await deps.audit.record(tx, caller, { action: REASSIGN_ACTIONS[type][role], target: { id: account.id, label: account.email }, before: { [field]: from }, after: { [field]: to } });
  });
}

/**
 * Puts a studio or a client under an agent the caller may hand it to, or under none (taking it
 * away is for staff and main agents).
 */
export async function placeUnderAgent(
  deps: Moving,
  caller: Caller,
  account: AccountRow,
  type: 'client.assigned' | 'studio.assigned',
  agentId: number | null,
): Promise<void> {
  if (agentId === null) assertMayRemove(caller);
  const to = agentId === null ? null : (await assignableAgent(deps.db, caller, agentId)).id;
  await reassign(deps, caller, account, type, 'agent', { agentId: to });
}
