import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { timestamps } from './columns.js';
import { uploads } from './upload.js';

/**
 * A merchant's materials (docs/decisions/027). Each row owns its claimed upload (the original
 * bytes under `key`) and the files processing made from it (`thumb_key`, `preview_key`); the
 * module deletes all of them when the row goes. `stored_bytes` is what counts against the
 * merchant's quota: the original plus what processing added.
 */
export const footage = pgTable(
  'footage',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The claimed upload holding the original; unique, so one upload is added once. */
    uploadId: integer()
      .notNull()
      .unique()
      .references(() => uploads.id),
    /** The tus upload it came from, when it did: a retried add finds the material it made. */
    tusId: text().unique(),
    type: text({ enum: ['video', 'image', 'audio'] }).notNull(),
    status: text({ enum: ['processing', 'active', 'inactive', 'failed'] }).notNull().default('processing'),
    name: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    note: text().notNull().default(''),
    key: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storedBytes: bigint({ mode: 'number' }).notNull(),
    durationSeconds: doublePrecision(),
    width: integer(),
    height: integer(),
    codec: text(),
    thumbKey: text(),
    previewKey: text(),
    /** A message key (footage.failed_*) and its parameters; rendered in the reader's language. */
    failureKey: text(),
    failureParams: jsonb().$type<Record<string, string | number>>(),
    processingAttempts: integer().notNull().default(0),
    processingStartedAt: timestamp({ withTimezone: true }),
    processedAt: timestamp({ withTimezone: true }),
    usage: text({ enum: ['pending', 'completed', 'failed'] }).notNull().default('pending'),
    usageReason: text().notNull().default(''),
    usageVideoIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    usageAt: timestamp({ withTimezone: true }),
    usageById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    /** The render (production line) that made this video; null for what was uploaded. */
    renderId: integer().unique(),
    /**
     * Active before every upload was decoded whole (docs/decisions/080): not offered to a render
     * until the decode check has run on it (footage.decode-check), which clears this or fails it.
     */
    decodeCheckDue: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('footage_merchant_idx').on(t.merchantId, t.createdAt),
    index('footage_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'processing'`),
    check('footage_failure_chk', sql`(${t.status} = 'failed') = (${t.failureKey} is not null)`),
  ],
);

/**
 * Resumable uploads staged in the bucket when S3 is configured (docs/decisions/046): every
 * instance reads an upload's state here, so a PATCH may land on any of them. The bytes are an
 * S3 multipart upload (`multipart_id`) of fixed 5 MiB parts, whose ETags are listed in order,
 * plus at most one small staged object (`tail_key`) holding the bytes after the last part.
 * `received_bytes` is the tus offset: the parts plus the tail. A PATCH holds the lease
 * (`lease_token` until `lease_until`) while it writes, so two instances never write one upload.
 */
export const footageTusUploads = pgTable(
  'footage_tus_uploads',
  {
    /** The tus id, `<owner id>-<uuid>`. */
    id: text().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    size: bigint({ mode: 'number' }).notNull(),
    receivedBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** The tus Upload-Metadata (file name, declared type). */
    metadata: jsonb().$type<Record<string, string | null>>().notNull(),
    /** The type read from the first bytes; null until they have arrived. */
    mime: text(),
    ext: text(),
    multipartId: text().notNull(),
    partEtags: text().array().notNull().default(sql`'{}'::text[]`),
    tailKey: text(),
    leaseToken: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('footage_tus_uploads_expires_idx').on(t.expiresAt)],
);
