import { ACCOUNT_TYPE, INFO_STATUS, type OperatorSummary } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { conflict } from '../../errors.js';
import type { SessionService } from '../account/session-service.js';
import { toOperator } from './presenter.js';
import * as repo from './repository.js';
import type { NewAccountRow } from './repository.js';
import { newAccount, visible, type Body } from './rules.js';

/** Operators (a partner's employees, assigned to clients): recruiting, the list, editing one. */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly hash: (password: string) => Promise<string>,
  ) {}

  async add(caller: Caller, body: Body<'operator', 'add'>) {
    const row = await this.db.transaction((tx) =>
      newAccount(tx, this.hash, {
        email: body.email,
        password: body.password,
        username: body.nickname,
        name: body.nickname,
        wechat: body.wechat,
        accountType: ACCOUNT_TYPE.operator,
        agentId: caller.id,
        infoStatus: INFO_STATUS.complete,
      }),
    );
    return toOperator(row, 0);
  }

  async list(caller: Caller, body: Body<'operator', 'list'>) {
    const filter = { accountTypes: [ACCOUNT_TYPE.operator], scope: caller, keyword: body.keyword || undefined };
    const { rows, total } = await repo.operatorRows(this.db, filter, body.page, body.page_size);
    return { list: rows.map((row) => toOperator(row.account, row.merchants)), total, page: body.page, page_size: body.page_size };
  }

  /**
   * A partner edits an operator of its own tree: its nickname, email, WeChat, a new password,
   * and whether it may sign in. Disabling it or a new password ends its sessions at once.
   */
  async edit(caller: Caller, body: Body<'operator', 'edit'>): Promise<OperatorSummary> {
    const { id, nickname, email, wechat, password, status } = body;
    const target = await visible(this.db, caller, id, ACCOUNT_TYPE.operator, 'org.account_not_found');
    const patch: Partial<NewAccountRow> = {};
    // Both names, as at creation: lists show the name and fall back to the nickname.
    if (nickname !== undefined) Object.assign(patch, { username: nickname, name: nickname });
    if (wechat !== undefined) patch.wechat = wechat;
    if (status !== undefined) patch.status = status;
    if (password !== undefined) patch.passwordHash = await this.hash(password);
    if (email !== undefined && email !== target.email) {
      if (await repo.findAccount(this.db, { email })) throw conflict('auth.email_taken');
      patch.email = email;
    }
    await this.db.transaction(async (tx) => {
      // The check above answers nearly always; the constraint decides a race for one email.
      if (!(await repo.updateAccountUnlessEmailTaken(tx, target.id, patch))) throw conflict('auth.email_taken');
      if (status === 'disabled' || password !== undefined) await this.sessions.revokeAll(tx, target.id);
    });
    const row = await repo.findAccount(this.db, { id: target.id });
    return toOperator(row!, row!.clientCount);
  }
}
