import type { BusinessCategory, HookStyle, MusicChoice, ScriptBody, ScriptLanguage, ScriptTone, VoiceEngineName } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';
import { timestamps } from './columns.js';

/**
 * The production line (docs/decisions/047). The brief, the plan, the scripts written and the
 * renders asked for, per merchant. Materials and posts are the footage and video modules':
 * a render names them by id and reaches them through those modules.
 */

/**
 * What the plan's learner chose for a slot and why, in the three languages (docs/decisions/085):
 * `hour` is the posting hour asked for (`HH:MM`, merchant's time).
 */
export interface StoredRenderLearning {
  hookStyle: string;
  look: string;
  lengthBand: string;
  hour: string;
  reason: { en: string; es: string; zh: string };
}

/** A brief text per video language, and which of them were machine-translated (docs/decisions/077). */
export interface StoredLocalizedText {
  en: string;
  es: string;
  zh: string;
}
export interface StoredBriefTranslated {
  hours: string[];
  offer: string[];
  call_to_action: string[];
}
const EMPTY_LOCALIZED: StoredLocalizedText = { en: '', es: '', zh: '' };

/** A merchant's creative brief; absent until someone saves it (the settle form fills the defaults). */
export const creativeBriefs = pgTable('creative_briefs', {
  merchantId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  shopName: text().notNull(),
  category: text().$type<BusinessCategory>().notNull(),
  address: text().notNull().default(''),
  phone: text().notNull().default(''),
  /** One text per video language (docs/decisions/077): `{ en, es, zh }`, each possibly empty. */
  hours: jsonb().$type<StoredLocalizedText>().notNull().default(EMPTY_LOCALIZED),
  offer: jsonb().$type<StoredLocalizedText>().notNull().default(EMPTY_LOCALIZED),
  callToAction: jsonb().$type<StoredLocalizedText>().notNull().default(EMPTY_LOCALIZED),
  /** Which languages of those texts a language model filled in. */
  translated: jsonb().$type<StoredBriefTranslated>().notNull().default({ hours: [], offer: [], call_to_action: [] }),
  link: text().notNull().default(''),
  /** A coupon the videos may name ("say TACO5 at the counter"), '' for none (docs/decisions/083). */
  couponCode: text().notNull().default(''),
  tone: text().$type<ScriptTone>().notNull(),
  brandPrimary: text().notNull(),
  brandAccent: text().notNull(),
  logoFootageId: integer(),
  music: text().$type<MusicChoice>().notNull(),
  musicFootageId: integer(),
  voice: text().$type<VoiceEngineName>().notNull(),
  languages: text().array().$type<ScriptLanguage[]>().notNull(),
  updatedById: integer().references(() => accounts.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * Every script written for a merchant, kept so the next ones differ from the last 30 days'
 * (`fingerprint`: the normalised words of hook and beats).
 */
export const creativeScripts = pgTable(
  'creative_scripts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    language: text().$type<ScriptLanguage>().notNull(),
    engine: text({ enum: ['template', 'llm', 'hand'] }).notNull(),
    /** A stored message (why the model was not used), or null. */
    fallbackReason: text(),
    template: text().notNull(),
    hookStyle: text().$type<HookStyle>().notNull(),
    body: jsonb().$type<ScriptBody>().notNull(),
    fingerprint: text().notNull(),
    estimatedSeconds: doublePrecision().notNull(),
    createdById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The script desk (docs/decisions/074): a script written or edited by hand stays on the
    // studio's desk, across reloads, until a render is made from it or it is discarded.
    /** When its body was last edited on the desk; null when never edited. */
    updatedAt: timestamp({ withTimezone: true }),
    onDesk: boolean().notNull().default(false),
  },
  (t) => [index('creative_scripts_merchant_idx').on(t.merchantId, t.createdAt.desc().nullsFirst())],
);

/**
 * One video to make and what became of it (docs/decisions/050). The render job holds a lease
 * (`lease_token` until `lease_until`) while it works and records a checkpoint after each step
 * that has an effect outside this row: `upload_id` once the finished file is stored, then
 * `output_footage_id` once it is in the merchant's library. A run that finds a checkpoint
 * continues after it, so a crash anywhere ends in exactly one material.
 */
export const creativeRenders = pgTable(
  'creative_renders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * The merchant's studio when the render was asked for (0: none), kept on the row so the fair
     * claim (docs/decisions/073) and the studio's queue cap read one index, not the accounts.
     */
    studioId: integer().notNull().default(0),
    language: text().$type<ScriptLanguage>().notNull(),
    scriptId: integer().references(() => creativeScripts.id, { onDelete: 'set null' }),
    script: jsonb().$type<ScriptBody>().notNull(),
    footageIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Whether the footage was chosen by hand; otherwise the job picks from the library. */
    footagePicked: boolean().notNull().default(false),
    voice: text().$type<VoiceEngineName>().notNull(),
    music: text().$type<MusicChoice>().notNull(),
    musicFootageId: integer(),
    state: text({ enum: ['queued', 'rendering', 'done', 'failed', 'cancelled'] }).notNull().default('queued'),
    progress: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    /** A stored message: why it failed, or why the last attempt did (while retrying). */
    error: text(),
    /**
     * The engine's own output behind `error` (the end of ffmpeg's stderr, the work folder as a
     * placeholder): for staff only, as a user reads plain words and no server's paths.
     */
    errorDetail: text(),
    /** Stored messages: fallbacks taken (no voice, material left out, a template script). */
    notes: text().array().notNull().default(sql`'{}'::text[]`),
    /** The quality gate's checks of the finished video, each message a stored message (docs/decisions/080). */
    quality: jsonb().$type<Array<{ check: string; ok: boolean; message: string }>>().notNull().default(sql`'[]'::jsonb`),
    origin: text({ enum: ['manual', 'plan'] }).notNull().default('manual'),
    planDate: date({ mode: 'string' }),
    planSlot: integer(),
    /** Which making of its slot this is: 0 the day's own, 1 and 2 the replacements of rejected drafts (docs/decisions/075). */
    planRound: integer().notNull().default(0),
    /** Variation for a plan's videos: music start, clip order (a seed string). */
    seed: text().notNull().default(''),
    /** The look the video was made in (renderer/looks.ts), chosen when its inputs are gathered. */
    look: text(),
    /** The material its first shot shows: a merchant's day opens each video on another. */
    openingFootageId: integer(),
    /** A plan's video: the learner's choices for its slot and the reason (docs/decisions/085); null otherwise. */
    learning: jsonb().$type<StoredRenderLearning>(),
    draft: text({ enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectReason: text().notNull().default(''),
    /** The studio chose to send its reject reason to the merchant; otherwise it is the studio's own note. */
    rejectReasonShared: boolean().notNull().default(false),
    /** The merchant's answer on the post made from this draft, kept from the video module's events. */
    merchantAnswer: text({ enum: ['approved', 'changes_requested'] }),
    merchantAnswerNote: text().notNull().default(''),
    merchantAnswerAt: timestamp({ withTimezone: true }),
    postId: integer(),
    decidedById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    /** The posting hour an approved draft was given (when the approval left the time to us): one draft per slot. */
    slotAt: timestamp({ withTimezone: true }),
    leaseToken: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** Earliest time the next attempt may start (backoff after a failed attempt). */
    notBefore: timestamp({ withTimezone: true }),
    uploadId: integer(),
    /** The finished file's key (the upload's, then the material's). */
    videoKey: text(),
    outputFootageId: integer(),
    coverKey: text(),
    durationSeconds: doublePrecision(),
    renderMs: integer(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('creative_renders_merchant_idx').on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The sweep: unfinished renders whose worker may have died.
    index('creative_renders_open_idx')
      .on(t.leaseUntil)
      .where(sql`${t.state} in ('queued', 'rendering')`),
    // The fair claim walks the studios, then a studio's merchants, with work to do; the cap
    // counts a studio's queue (docs/decisions/073).
    index('creative_renders_fair_idx')
      .on(t.studioId, t.merchantId, t.id)
      .where(sql`${t.state} in ('queued', 'rendering')`),
    // A plan's day makes each of its videos once, however often it runs.
    uniqueIndex('creative_renders_plan_slot_uq').on(t.merchantId, t.planDate, t.planSlot, t.planRound),
    // The merchant's answer on a post finds the draft it was made from.
    index('creative_renders_post_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    // Two drafts approved at once never take the same posting hour.
    uniqueIndex('creative_renders_slot_uq')
      .on(t.merchantId, t.slotAt)
      .where(sql`${t.slotAt} is not null`),
    check('creative_renders_progress_chk', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * When a studio's, and a merchant's, render was last taken by a renderer: the fair claim takes
 * the studio (then the merchant) served longest ago first (docs/decisions/073). `owner` is
 * `s<studio id>` or `m<merchant id>`; a row per owner that ever had a render.
 */
export const creativeRenderTurns = pgTable('creative_render_turns', {
  owner: text().primaryKey(),
  lastTakenAt: timestamp({ withTimezone: true }).notNull(),
});

/** A merchant's daily plan; absent means the defaults, switched off. */
export const creativePlans = pgTable('creative_plans', {
  merchantId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  mixEn: integer().notNull().default(2),
  mixEs: integer().notNull().default(2),
  mixZh: integer().notNull().default(1),
  studioReview: boolean().notNull().default(true),
  merchantApproval: boolean().notNull().default(false),
  runHour: integer().notNull().default(7),
  timeZone: text().notNull(),
  /** Who switched the studio's review off: drafts are approved in their name. */
  updatedById: integer().references(() => accounts.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** The days a plan has run: one row per merchant and day, whichever instance ran it. */
export const creativePlanDays = pgTable(
  'creative_plan_days',
  {
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    /** Set once every render of the day is queued; a run that finds it unset finishes the day. */
    completedAt: timestamp({ withTimezone: true }),
    /**
     * While a run writes the day's scripts and renders, it holds the day until then: a second
     * run at the same time makes nothing; a run that died is taken over once it has passed.
     */
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);
