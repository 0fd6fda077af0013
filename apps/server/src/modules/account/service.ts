import { ACCOUNT_TYPE, roleOf, type api, type ApiLanguage, type CurrentUser, type ParsedRequestOf } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import { visibleAccounts } from '../../access/scope.js';
import type { Db, Executor } from '../../db/client.js';
import { invalid, notFound, rejected } from '../../errors.js';
import type { EventScope, EventService } from '../events/service.js';
import { hashPassword, newReferralCode, verifyPassword } from './crypto.js';
import { DeviceTokens } from './device-tokens.js';
import type { EmailCodeService } from './email-code-service.js';
import { toCurrentUser } from './presenter.js';
import { accountSecret } from './sign-in-throttle-repository.js';
import { admitSignIn, signInLocked, signInSucceeded } from './sign-in-throttle.js';
import * as planRepo from './plan-repository.js';
import * as repo from './repository.js';
import type { AccountRow, NewAccountRow } from './repository.js';
import type { ClientMeta, SessionService } from './session-service.js';

type Body<K extends keyof typeof api.account> = ParsedRequestOf<(typeof api.account)[K]>;

export interface Signed {
  token: string;
  user: CurrentUser;
}

/** A sign-in or sign-up that opened a session, with the device tokens the browser keeps. */
export interface SignedIn extends Signed {
  deviceTokens: string[];
}

/** Who is signing in: the session's metadata and the device tokens the browser presented. */
export type SignInMeta = ClientMeta & { deviceTokens: readonly string[] };

/** Sign-in, sign-up, reset and the user's own profile and security (spec §7 "Account"). */
export class AccountService {
  /** Hashing something for an unknown email keeps its answer as slow as a wrong password's. */
  private decoyHash: Promise<string> | null = null;
  private readonly devices: DeviceTokens;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly codes: EmailCodeService,
    private readonly scryptLogN: number,
    private readonly events: EventService,
  ) {
    this.devices = new DeviceTokens(() => accountSecret(db, 'device-tokens'));
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.scryptLogN);
  }

  async login(body: Body<'login'>, meta: SignInMeta & { lang: ApiLanguage }): Promise<SignedIn> {
    const account = await repo.findAccountByEmail(this.db, body.email);
    const deviceId = account ? await this.devices.recognise(meta.deviceTokens, account.id) : null;
    // Counted before the password is checked, so parallel guesses cannot slip past the lock.
    // Known and unknown emails are counted alike, so the lock does not tell which exist.
    const admission = await admitSignIn(this.db, body.email, deviceId);
    this.decoyHash ??= this.hash('decoy-password-1');
    const matches = await verifyPassword(body.password, account?.passwordHash ?? (await this.decoyHash));
    if (!account || !matches) {
      // Through a lock, a device token lets the right password in and nothing more: a wrong
      // one gets the lock's answer, exactly what any other browser gets during the lock.
      if (admission.throughLock) throw signInLocked(admission.throughLock.seconds);
      // A wrong email and a wrong password get the same answer, so sign-in never tells which emails exist.
      throw invalid({}, 'auth.bad_credentials');
    }
    await signInSucceeded(this.db, admission);
    if (account.status !== 'normal') throw rejected('error.account_disabled');

    // Two-factor: the right password alone mails a code; the code completes the sign-in.
    let codeId: number | undefined;
    if (account.twoFactorEnabled) {
      if (!body.code) {
        await this.codes.sendForLogin(account.email, meta.ip, meta.lang);
        throw invalid({ code: 'auth.two_factor_required' });
      }
      codeId = await this.codes.check(account.email, 'login', body.code);
    }

    const signed = await this.db.transaction(async (tx) => {
      if (codeId !== undefined) await this.codes.consume(tx, codeId);
      const token = await this.sessions.open(tx, account.id, body.remember, meta);
      const updated = await repo.updateAccount(tx, account.id, { lastLoginAt: new Date() });
      return { token, user: toCurrentUser(updated ?? account, token) };
    });
    return { ...signed, deviceTokens: await this.devices.renew(meta.deviceTokens, account.id) };
  }

  /**
   * A sign-up answers an address that already has an account exactly like a wrong code for a
   * new one (its code rows hold no usable code, email-code-service.ts), so it does not tell
   * which addresses have accounts.
   */
  async sign(body: Body<'sign'>, meta: SignInMeta): Promise<SignedIn> {
    const placement = await this.placementFor(body.join_type, body.ref);
    const codeId = await this.codes.check(body.email, 'register', body.code);
    const passwordHash = await this.hash(body.password);

    const signed = await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      const account = await repo.insertAccount(tx, {
        email: body.email,
        passwordHash,
        username: body.username,
        name: body.username,
        referralCode: newReferralCode(),
        lastLoginAt: new Date(),
        ...placement,
      });
      // Taken since its code was sent (staff made the account): still the wrong-code answer.
      if (!account) throw invalid({ code: 'auth.code_invalid' });
      await this.events.record(tx, 'account.registered', {
        actor_id: account.id,
        subject_id: account.id,
        account_id: account.id,
        payload: { account_type: account.accountType, join_type: body.join_type, referred_by_id: account.referredById },
      });
      const token = await this.sessions.open(tx, account.id, body.remember, meta);
      return { token, user: toCurrentUser(account, token) };
    });
    return { ...signed, deviceTokens: await this.devices.renew(meta.deviceTokens, signed.user.id) };
  }

  /**
   * The role and placement of a new account. The join path decides the role (decision 002):
   * the studio path makes a studio, everything else a client. A promotion link places a new
   * merchant under the referring studio (and that studio's agent), and a new studio under the
   * referring agent.
   */
  private async placementFor(joinType: Body<'sign'>['join_type'], ref: string | undefined): Promise<Partial<NewAccountRow>> {
    const accountType = joinType === 'studio' ? ACCOUNT_TYPE.studio : ACCOUNT_TYPE.client;
    if (!ref) return { accountType };
    const referrer = await repo.findAccountByReferralCode(this.db, ref.toUpperCase());
    if (!referrer || referrer.status !== 'normal') throw invalid({ ref: 'auth.referral_invalid' });
    if (accountType === ACCOUNT_TYPE.client && referrer.accountType === ACCOUNT_TYPE.studio) {
      return { accountType, studioId: referrer.id, agentId: referrer.agentId, referredById: referrer.id };
    }
    if (accountType === ACCOUNT_TYPE.studio && referrer.accountType === ACCOUNT_TYPE.partner) {
      return { accountType, agentId: referrer.id, referredById: referrer.id };
    }
    // A link that cannot place this kind of account still records who brought it.
    return { accountType, referredById: referrer.id };
  }

  detail(caller: Caller): CurrentUser {
    return toCurrentUser(caller.account, caller.token);
  }

  logout(caller: Caller): Promise<void> {
    return this.sessions.close(caller);
  }

  async changePassword(caller: Caller, body: Body<'psd'>): Promise<void> {
    const currentHash = await repo.findPasswordHash(this.db, caller.id);
    if (!currentHash || !(await verifyPassword(body.current_password, currentHash))) {
      throw invalid({ current_password: 'profile.current_password_wrong' });
    }
    if (body.new_password === body.current_password) throw invalid({ new_password: 'profile.password_same' });
    const passwordHash = await this.hash(body.new_password);
    await this.db.transaction(async (tx) => {
      await repo.updateAccount(tx, caller.id, { passwordHash });
      await this.sessions.revokeAll(tx, caller.id, caller.sessionId);
    });
  }

  async forget(body: Body<'forget'>): Promise<void> {
    const codeId = await this.codes.check(body.email, 'forget', body.code);
    const account = await repo.findAccountByEmail(this.db, body.email);
    if (!account) throw invalid({ code: 'auth.code_invalid' });
    const passwordHash = await this.hash(body.password);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      await repo.updateAccount(tx, account.id, { passwordHash });
      await this.sessions.revokeAll(tx, account.id);
    });
  }

  async update(caller: Caller, body: Body<'update'>): Promise<CurrentUser> {
    const { notifications, two_factor_enabled, ...fields } = body;
    const patch: Partial<NewAccountRow> = { ...fields };
    if (two_factor_enabled !== undefined) patch.twoFactorEnabled = two_factor_enabled;
    if (notifications) patch.notifications = { ...caller.account.notifications, ...notifications };
    const updated: AccountRow | undefined = await repo.updateAccount(this.db, caller.id, patch);
    if (!updated) throw notFound();
    return toCurrentUser(updated, caller.token);
  }

  /** Applies a paid order to its buyer; the caller passes its fulfilment transaction. */
  async applyPurchase(ex: Executor, accountId: number, purchase: planRepo.Purchase): Promise<AccountRow> {
    const row = await planRepo.applyPurchase(ex, accountId, purchase);
    if (!row) throw notFound('org.account_not_found');
    return row;
  }

  /** Who is above an account right now, for the scope of an event about it. */
  eventScope(ex: Executor, accountId: number): Promise<EventScope> {
    return repo.scopeOf(ex, accountId);
  }

  /** Takes back the plan days a fully refunded payment bought (the refund's transaction). */
  async takeBackPlan(ex: Executor, accountId: number, days: number): Promise<void> {
    await planRepo.takeBackPlan(ex, accountId, days);
  }

  expireOverdue(): Promise<number> {
    return planRepo.expireOverdue(this.db);
  }

  // ---- for other modules: narrow questions about accounts, which only this module reads ----

  /** Accounts placed in an area, so the area module can refuse to delete one in use. */
  countPlacedIn(ex: Executor, areaId: number): Promise<number> {
    return repo.countPlacedIn(ex, areaId);
  }

  /** Studio places a city's paid studios hold (the payment module adds its pending holds). */
  countPaidStudiosIn(ex: Executor, cityId: number, exceptAccountId?: number): Promise<number> {
    return repo.countPaidStudiosIn(ex, cityId, exceptAccountId);
  }

  /** Paid studios per city where the caller's visible studios hold places (the dashboard's places). */
  studioPlacesByCity(caller: Pick<Caller, 'id' | 'role' | 'agentType'>, limit: number) {
    return repo.studioPlacesByCity(this.db, visibleAccounts(caller), limit);
  }

  /** The emails of a page of accounts, in one query. */
  emailsOf(ids: number[]): Promise<Map<number, string>> {
    return repo.emailsOf(this.db, [...new Set(ids)]);
  }

  /** Who a page of accounts are (email, name, type, company), in one query. */
  cardsOf(ids: number[], ex: Executor = this.db): Promise<Map<number, repo.AccountCard>> {
    return repo.cardsOf(ex, [...new Set(ids)]);
  }

  /** Who a notification goes to: contact details, role and notification settings. */
  notificationTargets(ids: number[], ex: Executor = this.db): Promise<repo.NotificationTarget[]> {
    return repo.notificationTargets(ex, [...new Set(ids)]);
  }

  /** Merchants whose plan ran at some time since `since` and that existed before `before` (monthly reports). */
  merchantsWithPlanSince(since: Date, before: Date): Promise<{ id: number; stateId: number | null }[]> {
    return planRepo.merchantsWithPlanSince(this.db, since, before);
  }

  /** Paid plans expiring in [from, to), for the plan reminders. */
  paidPlansExpiringBetween(from: Date, to: Date): Promise<{ id: number; expireAt: Date }[]> {
    return planRepo.paidPlansExpiringBetween(this.db, from, to);
  }

  /** How many enabled accounts of these types there are (an announcement's audience). */
  countOfTypes(types: number[], marketingOnly: boolean): Promise<number> {
    return repo.countOfTypes(this.db, types, marketingOnly);
  }

  /** How many merchants a studio serves. */
  clientsOfStudio(studioId: number): Promise<number> {
    return repo.countClientsOfStudio(this.db, studioId);
  }

  async findById(id: number, ex: Executor = this.db): Promise<AccountRow | undefined> {
    return repo.findAccountById(ex, id);
  }

  /** The account a promotion link's code belongs to (codes are kept upper-case). */
  findByReferralCode(code: string): Promise<AccountRow | undefined> {
    return repo.findAccountByReferralCode(this.db, code.trim().toUpperCase());
  }

  /**
   * A caller for background work done in an account's name (a plan approving its drafts as the
   * studio that set it up); null when the account is gone or disabled, so nothing is done in the
   * name of someone who may no longer act.
   */
  async actingAs(id: number): Promise<Caller | null> {
    const row = await repo.findAccountById(this.db, id);
    if (!row || row.status !== 'normal') return null;
    return { id: row.id, role: roleOf(row.accountType), agentType: row.agentType, account: row, sessionId: 0, token: '' };
  }

  /** Stores the settle information and marks the account's information complete. */
  async completeInfo(caller: Caller, fields: Partial<NewAccountRow>): Promise<CurrentUser> {
    const row = await repo.updateAccount(this.db, caller.id, { ...fields, infoStatus: 1 });
    if (!row) throw notFound();
    return toCurrentUser(row, caller.token);
  }

  async revokeDevice(caller: Caller, sessionId: number): Promise<void> {
    if (!(await this.sessions.revoke(caller.id, sessionId))) throw notFound('profile.session_not_found');
  }
}
