import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * Uploaded files. Each starts as a temporary upload that expires unless a feature claims it
 * (clearing `expiresAt`); a job removes expired ones with their stored objects. The bytes
 * live in file storage under `key`; the row is written before them, so a crash mid-upload
 * still leaves a row for that job to clean up.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text().notNull().unique(),
    /** The purpose the bytes belong to. */
    type: text({ enum: ['image', 'video', 'audio'] }).notNull(),
    mime: text().notNull(),
    /** Bytes; 0 until the upload is complete. */
    size: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * Hex SHA-256 of the bytes; '' until the upload is complete; 'unhashed' for bytes placed in
     * the bucket without passing through the server (a resumable upload staged on S3, decision 046).
     */
    sha256: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp({ withTimezone: true }),
    /** When an unclaimed upload is removed; null once claimed. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
    index('uploads_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.claimedAt} is null`),
    check('uploads_claim_chk', sql`(${t.claimedAt} is null) = (${t.expiresAt} is not null)`),
  ],
);
