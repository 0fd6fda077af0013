import { isStaff, type AuditAction, type Role, type AuditEntry, type AuditListRequest, type AuditVerifyResponse } from '@nearcast/contract';
import type { Db, Executor } from '../../db/client.js';
import type { AuditRow } from './repository.js';
import type { Actor } from '../../access/caller.js';
import { entryHash, firstBreak, GENESIS, type ChainedContent } from './chain.js';
import * as repo from './repository.js';

/** What one staff action changed: the target, as a reader finds it, and its values before and after. */
export interface AuditInput {
  action: AuditAction;
  target: { id: number | string; label?: string | null };
  before?: object | null;
  after?: object | null;
  /** When it happened: now, or for history written by the demo seed, the time it describes. */
  at?: Date;
}

/** Who made a staff action and from where, as its entry records it. */
export interface AuditBy {
  actor: { id: number; role: Role; email: string };
  ip: string | null;
  userAgent: string | null;
}

/** Values as JSON keeps them (dates as ISO text, no undefined): what is hashed is what is stored. */
const asJson = (value: object | null | undefined): Record<string, unknown> | null =>
  value == null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

const CHECK_PAGE = 1_000;

/**
 * Appends one staff action to the chain inside `tx`. Calls by anyone else (a partner managing
 * its own studios, a merchant) and work outside a call (jobs) are not staff actions and leave no
 * entry. `request` is the API call's; the demo seed passes the staff member its history
 * describes.
 */
export async function recordAudit(tx: Executor, input: AuditInput, request: AuditBy | null): Promise<void> {
  if (!request || !isStaff(request.actor.role)) return;
  const head = await repo.lockHead(tx);
  const content: ChainedContent = {
    seq: head.seq + 1,
    at: (input.at ?? new Date()).toISOString(),
    actorId: request.actor.id,
    actorRole: request.actor.role,
    actorEmail: request.actor.email,
    ip: request.ip,
    userAgent: request.userAgent,
    action: input.action,
    targetType: input.action.split('.')[0]!,
    targetId: String(input.target.id),
    targetLabel: input.target.label ?? null,
    before: asJson(input.before),
    after: asJson(input.after),
  };
  await repo.insertEntry(tx, { ...content, prevHash: head.hash, hash: entryHash(head.hash, content) });
}

/**
 * The staff audit log (decision 059). Modules call `record` inside the transaction of the change
 * itself, as its last write: the entry takes the chain's lock until the transaction ends, and a
 * transaction that held it while waiting for another's rows could deadlock with that one.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  /**
   * Records a staff action of an API call: `actor` is its caller, or null for a job acting on its
   * own. Only a caller that came through the API (with an origin) is audited; recordAudit says
   * whose actions count.
   */
  record(tx: Executor, actor: Actor | null, input: AuditInput): Promise<void> {
    const by = actor?.origin ? { actor: { id: actor.id, role: actor.role, email: actor.account.email }, ...actor.origin } : null;
    return recordAudit(tx, input, by);
  }

  async list(body: AuditListRequest): Promise<{ list: AuditEntry[]; total: number; page: number; page_size: number }> {
    const { rows, total } = await repo.listEntries(
      this.db,
      { action: body.action, actorId: body.actor_id, targetType: body.target_type, targetId: body.target_id, dateFrom: body.date_from, dateTo: body.date_to },
      { limit: body.page_size, offset: (body.page - 1) * body.page_size },
    );
    return { list: rows.map(present), total, page: body.page, page_size: body.page_size };
  }

  /** Reads the whole log in order and answers whether the chain holds, and where it first does not. */
  async verify(): Promise<AuditVerifyResponse> {
    let state = { seq: 0, hash: GENESIS };
    for (;;) {
      const rows = await repo.entriesAfter(this.db, state.seq, CHECK_PAGE);
      const { broken, last } = firstBreak(rows.map(chained), state);
      if (broken) return { ok: false, checked: last.seq, broken_at: broken.seq, reason: broken.reason, head: null };
      state = last;
      if (rows.length < CHECK_PAGE) break;
    }
    return { ok: true, checked: state.seq, broken_at: null, reason: null, head: state.seq ? state.hash : null };
  }
}

function chained(row: AuditRow): ChainedContent & { prevHash: string; hash: string } {
  return { ...row, at: row.at.toISOString() };
}

function present(row: AuditRow): AuditEntry {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_role: row.actorRole as AuditEntry['actor_role'],
    actor_email: row.actorEmail,
    ip: row.ip,
    user_agent: row.userAgent,
    action: row.action as AuditEntry['action'],
    target_type: row.targetType,
    target_id: row.targetId,
    target_label: row.targetLabel,
    before: row.before,
    after: row.after,
    hash: row.hash,
  };
}
