import {
  INFO_STATUS,
  VERIFICATION_DOCUMENT_PURPOSE,
  roleOf,
  type api,
  type BusinessDetails,
  type Correction,
  type CorrectionReviewRow,
  type ParsedRequestOf,
  type PayoutVerification,
  type VerificationReviewRow,
  type VerificationStatus,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, conflict, invalid, notFound, rejected } from '../../errors.js';
import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { UploadService } from '../upload/service.js';
import * as repo from './repository.js';
import type { BusinessCorrectionRow, PayoutVerificationRow } from './repository.js';
import { lastFour, openSecret, sealSecret } from './secret.js';
import { cardName } from '../account/presenter.js';

type Body<K extends keyof typeof api.verification> = ParsedRequestOf<(typeof api.verification)[K]>;

/** What a payout rail needs to send money; never sent to a browser. */
export interface PayoutDestination {
  legalName: string;
  taxKind: 'business' | 'personal';
  taxNumber: string;
  holderName: string;
  routingNumber: string;
  accountNumber: string;
}

/** A party's payout verification as settlements see it: `none` until it submits. */
export type PayoutStatus = 'none' | VerificationStatus;

interface SealedDetails {
  tax_number: string;
  routing_number: string;
  account_number: string;
}

/** A merchant may keep this many correction requests open: enough to split topics, not to flood staff. */
export const MAX_OPEN_CORRECTIONS = 5;
/** The merchant's page shows its latest requests; older ones are long resolved. */
const CORRECTIONS_SHOWN = 20;

/**
 * Verification (decision 025): who gets paid. A studio or an agent submits its legal name, tax
 * number and bank account (sealed with AES-256-GCM) with a document; staff approve or reject it
 * with a reason; settlements are paid only to approved parties. A merchant reads its settle-form
 * details here and asks staff to correct them. Each caller sees its own details only; staff
 * see the queues, and nobody sees a full number again after submitting it.
 */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly uploads: UploadService,
    private readonly events: EventService,
    private readonly key: Buffer,
    private readonly audit: AuditService,
  ) {}

  // ---- studios and agents ---------------------------------------------------------------------

  async mine(caller: Caller): Promise<{ verification: PayoutVerification | null }> {
    const row = await repo.findByAccount(this.db, caller.id);
    return { verification: row ? await this.present(row) : null };
  }

  async submit(caller: Caller, body: Body<'submit'>): Promise<PayoutVerification> {
    let replacedKey: string | null = null;
    const row = await this.db.transaction(async (tx) => {
      // The row lock orders two submissions of one account; the second replaces the first.
      const previous = await repo.findByAccount(tx, caller.id, true);
      let document = previous ? { id: previous.documentUploadId, key: previous.documentKey, mime: previous.documentMime } : null;
      if (body.document_upload_id !== undefined && body.document_upload_id !== previous?.documentUploadId) {
        const claimed = await this.claimDocument(tx, body.document_upload_id, caller.id);
        if (previous && previous.documentKey !== claimed.key) replacedKey = previous.documentKey;
        document = { id: claimed.id, key: claimed.key, mime: claimed.mime };
      }
      if (!document) throw invalid({ document_upload_id: 'verification.document_required' });
      const taxNumber = body.tax_number.replace(/\D/g, '');
      const sealed: SealedDetails = { tax_number: taxNumber, routing_number: body.routing_number, account_number: body.account_number };
      const saved = await repo.upsertSubmission(tx, {
        accountId: caller.id,
        legalName: body.legal_name,
        taxKind: body.tax_kind,
        taxLast4: lastFour(taxNumber),
        holderName: body.holder_name,
        routingLast4: lastFour(body.routing_number),
        accountLast4: lastFour(body.account_number),
        secret: sealSecret(this.key, JSON.stringify(sealed), caller.id),
        documentUploadId: document.id,
        documentKey: document.key,
        documentMime: document.mime,
      });
      await this.events.record(tx, 'verification.submitted', {
        actor_id: caller.id,
        subject_id: saved.id,
        account_id: caller.id,
        payload: { resubmitted: previous !== undefined },
      });
      return saved;
    });
    // The replaced document is ours to remove (decision 011); only after the new one is safely in.
    if (replacedKey) await this.uploads.storage.delete(replacedKey).catch(() => undefined);
    return this.present(row);
  }

  private async claimDocument(tx: Executor, uploadId: number, ownerId: number) {
    const claimed = await this.uploads.claim(tx, uploadId, ownerId).catch((error: unknown) => {
      // Another's upload, an expired one or one already used: the field names the problem.
      if (error instanceof AppError && error.key === 'upload.not_found') throw invalid({ document_upload_id: 'upload.not_found' });
      throw error;
    });
    // Staff must be able to look at it in the browser: a photo or a scan (the claim rolls back with this).
    if (claimed.type !== VERIFICATION_DOCUMENT_PURPOSE) throw invalid({ document_upload_id: 'verification.document_not_image' });
    return claimed;
  }

  // ---- staff ------------------------------------------------------------------------------------

  async list(body: Body<'list'>) {
    const { rows, total } = await repo.listVerifications(this.db, { status: body.status, keyword: body.keyword || undefined }, body.page, body.page_size);
    return { list: await this.presentForStaff(rows), total, page: body.page, page_size: body.page_size };
  }

  async get(id: number): Promise<VerificationReviewRow> {
    const row = await repo.findById(this.db, id);
    if (!row) throw notFound('verification.not_found');
    return (await this.presentForStaff([row]))[0]!;
  }

  approve(caller: Caller, id: number): Promise<VerificationReviewRow> {
    return this.decide(caller, id, 'approved', null);
  }

  reject(caller: Caller, id: number, reason: string): Promise<VerificationReviewRow> {
    return this.decide(caller, id, 'rejected', reason);
  }

  private async decide(caller: Caller, id: number, status: 'approved' | 'rejected', reason: string | null): Promise<VerificationReviewRow> {
    const row = await this.db.transaction(async (tx) => {
      const current = await repo.findById(tx, id, true);
      if (!current) throw notFound('verification.not_found');
      const decided = await repo.decide(tx, id, { status, rejectReason: reason, reviewedBy: caller.id });
      if (!decided) throw conflict('verification.already_decided');
      await this.events.record(tx, 'verification.decided', {
        actor_id: caller.id,
        subject_id: id,
        account_id: decided.accountId,
        payload: { status, reason },
      });
      await this.audit.record(tx, caller, {
        action: status === 'approved' ? 'verification.approve' : 'verification.reject',
        target: { id, label: current.legalName },
        before: { status: current.status, reject_reason: current.rejectReason },
        after: { status, reject_reason: reason },
      });
      return decided;
    });
    return (await this.presentForStaff([row]))[0]!;
  }

  // ---- for settlements and payout rails --------------------------------------------------------

  /** Whether money may be paid to this account: its current payout details are approved. */
  async isPayoutVerified(accountId: number, ex: Executor = this.db): Promise<boolean> {
    const row = await repo.findByAccount(ex, accountId);
    return row?.status === 'approved';
  }

  /** The verification state of a page of parties, in one query; a party that never submitted is `none`. */
  async payoutStatusOf(accountIds: number[], ex: Executor = this.db): Promise<Map<number, PayoutStatus>> {
    const rows = await repo.statusesOf(ex, [...new Set(accountIds)]);
    const found = new Map<number, PayoutStatus>(rows.map((row) => [row.accountId, row.status]));
    return new Map(accountIds.map((id) => [id, found.get(id) ?? 'none']));
  }

  /** The full, approved payout details for a rail that sends the money; null unless approved. */
  async payoutDestination(accountId: number, ex: Executor = this.db): Promise<PayoutDestination | null> {
    const row = await repo.findByAccount(ex, accountId);
    if (row?.status !== 'approved') return null;
    const sealed = JSON.parse(openSecret(this.key, row.secret, accountId)) as SealedDetails;
    return {
      legalName: row.legalName,
      taxKind: row.taxKind,
      taxNumber: sealed.tax_number,
      holderName: row.holderName,
      routingNumber: sealed.routing_number,
      accountNumber: sealed.account_number,
    };
  }

  // ---- merchants -------------------------------------------------------------------------------

  async business(caller: Caller): Promise<{ details: BusinessDetails | null; corrections: Correction[] }> {
    const a = caller.account;
    const details =
      a.infoStatus === INFO_STATUS.complete
        ? {
            name: a.name,
            phone: a.phone,
            company_short_name: a.companyShortName,
            company_full_name: a.companyFullName,
            tax_number: a.taxNumber,
            country: a.country,
            state: a.state,
            city: a.city,
            county: a.county,
            address: a.address,
            zip_code: a.zipCode,
            wechat: a.wechat,
          }
        : null;
    const corrections = await repo.correctionsOf(this.db, caller.id, CORRECTIONS_SHOWN);
    return { details, corrections: corrections.map(presentCorrection) };
  }

  async requestCorrection(caller: Caller, body: Body<'correction'>): Promise<Correction> {
    if (caller.account.infoStatus !== INFO_STATUS.complete) throw rejected('verification.business_incomplete');
    const row = await this.db.transaction(async (tx) => {
      if ((await repo.countOpenCorrections(tx, caller.id)) >= MAX_OPEN_CORRECTIONS) {
        throw rejected('verification.correction_open_limit', { max: MAX_OPEN_CORRECTIONS });
      }
      const saved = await repo.insertCorrection(tx, caller.id, body.message);
      await this.events.record(tx, 'verification.correction_requested', {
        actor_id: caller.id,
        subject_id: saved.id,
        account_id: caller.id,
        payload: {},
      });
      return saved;
    });
    return presentCorrection(row);
  }

  async corrections(body: Body<'corrections'>) {
    const { rows, total } = await repo.listCorrections(this.db, body.status, body.page, body.page_size);
    return { list: await this.presentCorrectionsForStaff(rows), total, page: body.page, page_size: body.page_size };
  }

  async resolveCorrection(caller: Caller, body: Body<'resolve'>): Promise<CorrectionReviewRow> {
    const row = await this.db.transaction(async (tx) => {
      const resolved = await repo.resolveCorrection(tx, body.id, body.note, caller.id);
      if (!resolved) {
        if (await repo.findCorrection(tx, body.id)) throw conflict('verification.correction_resolved');
        throw notFound('verification.correction_not_found');
      }
      await this.events.record(tx, 'verification.correction_resolved', {
        actor_id: caller.id,
        subject_id: resolved.id,
        account_id: resolved.accountId,
        payload: { note: resolved.note },
      });
      await this.audit.record(tx, caller, { action: 'verification.resolve', target: { id: resolved.id }, before: { status: 'open' }, after: { status: 'resolved', note: resolved.note } });
      return resolved;
    });
    return (await this.presentCorrectionsForStaff([row]))[0]!;
  }

  // ---- presentation ----------------------------------------------------------------------------

  private async present(row: PayoutVerificationRow): Promise<PayoutVerification> {
    const link = await this.uploads.signedUrl(row.documentKey).catch(() => null);
    return {
      id: row.id,
      status: row.status,
      legal_name: row.legalName,
      tax_kind: row.taxKind,
      tax_last4: row.taxLast4,
      holder_name: row.holderName,
      routing_last4: row.routingLast4,
      account_last4: row.accountLast4,
      document: link ? { mime: row.documentMime, url: link.url, url_expires_at: link.expiresAt.toISOString() } : null,
      reject_reason: row.rejectReason,
      submit_time: row.submittedAt.toISOString(),
      review_time: row.reviewedAt?.toISOString() ?? null,
    };
  }

  private async presentForStaff(rows: PayoutVerificationRow[]): Promise<VerificationReviewRow[]> {
    const cards = await this.accounts.cardsOf(rows.map((row) => row.accountId));
    return Promise.all(
      rows.map(async (row) => {
        const card = cards.get(row.accountId);
        return {
          ...(await this.present(row)),
          account_id: row.accountId,
          account_email: card?.email ?? '',
          account_name: card ? cardName(card) : '',
          role: roleOf(card?.accountType),
          company_short_name: card?.companyShortName ?? '',
        };
      }),
    );
  }

  private async presentCorrectionsForStaff(rows: BusinessCorrectionRow[]): Promise<CorrectionReviewRow[]> {
    const cards = await this.accounts.cardsOf(rows.map((row) => row.accountId));
    return rows.map((row) => {
      const card = cards.get(row.accountId);
      return {
        ...presentCorrection(row),
        account_id: row.accountId,
        account_email: card?.email ?? '',
        account_name: card ? cardName(card) : '',
        company_short_name: card?.companyShortName ?? '',
      };
    });
  }
}

function presentCorrection(row: BusinessCorrectionRow): Correction {
  return {
    id: row.id,
    message: row.message,
    status: row.status,
    note: row.note,
    create_time: row.createdAt.toISOString(),
    resolve_time: row.resolvedAt?.toISOString() ?? null,
  };
}
