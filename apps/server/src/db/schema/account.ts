import { EMAIL_CODE_SCENES } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { areas } from './area.js';
import { blank, timestamps } from './columns.js';

type SearchColumns = Record<'email' | 'name' | 'username' | 'companyShortName' | 'phone', AnyPgColumn>;

/**
 * The text an account is searched by. The trigram index below and the list queries both build
 * it here, so the query's expression is the index's and the index is used.
 */
export const accountSearchText = (t: SearchColumns) =>
  sql`(${t.email} || ' ' || ${t.name} || ' ' || ${t.username} || ' ' || ${t.companyShortName} || ' ' || ${t.phone})`;


/**
 * Every person on the platform, whatever the role (spec §3 "Account"). Who belongs to whom is
 * kept on the row itself: a client's agent, studio and operator; a studio's agent; a sub-agent's
 * main agent; an operator's agent. The scope rules (access/scope.ts) read these columns.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    username: blank(),
    name: blank(),
    phone: blank(),
    wechat: blank(),
    bio: blank(),
    companyShortName: blank(),
    companyFullName: blank(),
    taxNumber: blank(),
    country: blank(),
    state: blank(),
    city: blank(),
    county: blank(),
    address: blank(),
    zipCode: blank(),
    /** The account's place in the area tree; the text fields above keep what the user typed. */
    countryId: integer().references(() => areas.id, { onDelete: 'restrict' }),
    stateId: integer().references(() => areas.id, { onDelete: 'restrict' }),
    cityId: integer().references(() => areas.id, { onDelete: 'restrict' }),
    countyId: integer().references(() => areas.id, { onDelete: 'restrict' }),
    /** 0 client, 1 studio, 2 partner, 3 operator, 10 admin, 11 super (spec §3). */
    accountType: smallint().notNull().default(0),
    /** Partners only: 'main' by default, 'sub' under `mainAgentId`. */
    agentType: text({ enum: ['main', 'sub'] }),
    mainAgentId: integer().references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    agentNo: text().unique(),
    agentId: integer().references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    studioId: integer().references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    operatorId: integer().references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    /** 0 unpaid, 1 paid, 2 expired. */
    payStatus: smallint().notNull().default(0),
    expireAt: timestamp({ withTimezone: true }),
    /** 0 incomplete, 1 complete. */
    infoStatus: smallint().notNull().default(0),
    status: text({ enum: ['normal', 'disabled'] }).notNull().default('normal'),
    orderCount: integer().notNull().default(0),
    consumptionCents: bigint({ mode: 'number' }).notNull().default(0),
    firstDiscountUsed: boolean().notNull().default(false),
    /**
     * The clients assigned to this account as their agent, studio or operator, and what they
     * have spent: kept by a trigger (migration 0008) so rankings and list columns read a number
     * instead of counting 100,000 clients per request.
     */
    clientCount: integer().notNull().default(0),
    clientSalesCents: bigint({ mode: 'number' }).notNull().default(0),
    saleName: blank(),
    saleEmail: blank(),
    saleUid: blank(),
    referralCode: text().notNull().unique(),
    referredById: integer().references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    twoFactorEnabled: boolean().notNull().default(false),
    notifications: jsonb()
      .$type<{ email: boolean; sms: boolean; system: boolean; marketing: boolean; publish_digest?: boolean }>()
      .notNull()
      .default({ email: true, sms: false, system: true, marketing: false }),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Newest-first lists, overall and per role, with the id as tie-breaker (org/repository.ts),
    // read backwards: ORDER BY created_at DESC, id DESC.
    index('accounts_created_idx').on(t.createdAt, t.id),
    index('accounts_type_created_idx').on(t.accountType, t.createdAt, t.id),
    // Keyword search over the text a person is found by, matched with ILIKE '%…%'.
    index('accounts_search_idx').using('gin', sql`${accountSearchText(t)} gin_trgm_ops`),
    // Carries the studio and the spending too, so an agent's tree totals count its clients that no
    // studio of the tree already counts from the index alone (org/repository.ts agentStats).
    index('accounts_agent_idx').on(t.agentId, t.accountType, t.studioId, t.consumptionCents),
    index('accounts_studio_idx').on(t.studioId, t.accountType),
    index('accounts_operator_idx').on(t.operatorId),
    index('accounts_main_agent_idx').on(t.mainAgentId),
    index('accounts_state_idx').on(t.stateId),
    index('accounts_city_idx').on(t.cityId),
    // The places each city's paid studios hold, counted from the index alone (1: studio; 1: paid).
    index('accounts_paid_studio_city_idx')
      .on(t.cityId, t.city)
      .where(sql`${t.accountType} = 1 and ${t.payStatus} = 1`),
    index('accounts_county_idx').on(t.countyId),
    // Expiring-renewal lists sort by expire_at then id: with the id in the index a page is read
    // straight off it, instead of joining and sorting every account that expires on the same day.
    index('accounts_expire_idx').on(t.accountType, t.payStatus, t.expireAt, t.id),
    index('accounts_pay_created_idx').on(t.accountType, t.payStatus, t.createdAt, t.id),
    // Rankings (top studios by clients or by sales), read from the trigger-kept counters.
    index('accounts_top_clients_idx').on(t.accountType, t.clientCount.desc().nullsFirst(), t.id),
    index('accounts_top_sales_idx').on(t.accountType, t.clientSalesCents.desc().nullsFirst(), t.id),
    check('accounts_pay_status_chk', sql`${t.payStatus} in (0, 1, 2)`),
    check('accounts_info_status_chk', sql`${t.infoStatus} in (0, 1)`),
    check('accounts_consumption_chk', sql`${t.consumptionCents} >= 0`),
  ],
);

/**
 * Pre-aggregated account counts (design.md "Scale path": dashboards read pre-aggregated rows).
 * A trigger on `accounts` keeps it exact in the same transaction as every insert, update and
 * delete (migration 0005), so platform-wide totals never scan 100,000 rows.
 */
export const accountRollups = pgTable(
  'account_rollups',
  {
    accountType: smallint().notNull(),
    payStatus: smallint().notNull(),
    /** '' for everyone but partners. */
    agentType: text().notNull(),
    /** First day (UTC) of the month the accounts registered in. */
    month: date({ mode: 'string' }).notNull(),
    accounts: integer().notNull(),
    consumptionCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountType, t.payStatus, t.agentType, t.month] })],
);

/** Sign-in sessions: only the SHA-256 of the bearer token is stored (design.md). */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    userAgent: blank(),
    ip: blank(),
    remember: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** One-time email codes for register and reset; the code itself is never stored. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    scene: text({ enum: EMAIL_CODE_SCENES }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    ip: blank(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(t.email, t.scene, t.createdAt.desc().nullsFirst())],
);

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
