import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { uploads } from './upload.js';

/**
 * The payout details of a studio or an agent: one row per account, replaced by a resubmission
 * (which sends it back to review). The tax number and the bank account are stored only as
 * AES-256-GCM ciphertext (`secret`, decision on verification); the last four digits are kept
 * in the clear because that is all anyone is ever shown.
 */
export const payoutVerifications = pgTable(
  'payout_verifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    legalName: text().notNull(),
    taxKind: text({ enum: ['business', 'personal'] }).notNull(),
    taxLast4: text().notNull(),
    holderName: text().notNull(),
    routingLast4: text().notNull(),
    accountLast4: text().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the JSON {tax_number, routing_number, account_number}. */
    secret: text().notNull(),
    documentUploadId: integer().references(() => uploads.id, { onDelete: 'set null' }),
    documentKey: text().notNull(),
    documentMime: text().notNull(),
    rejectReason: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_verifications_account_uq').on(t.accountId),
    // The staff queue: by status, oldest submission first.
    index('payout_verifications_status_idx').on(t.status, t.submittedAt),
    check('payout_verifications_reason_chk', sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`),
  ],
);
export type PayoutVerificationRow = typeof payoutVerifications.$inferSelect;

/** A merchant's request that staff correct the business details of its settle form. */
export const businessCorrections = pgTable(
  'business_corrections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    status: text({ enum: ['open', 'resolved'] }).notNull().default('open'),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('business_corrections_account_idx').on(t.accountId, t.createdAt),
    index('business_corrections_status_idx').on(t.status, t.createdAt),
  ],
);
export type BusinessCorrectionRow = typeof businessCorrections.$inferSelect;
