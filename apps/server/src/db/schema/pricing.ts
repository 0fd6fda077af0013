import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PackageTranslations } from '@nearcast/contract';
import { blank } from './columns.js';

/** Pricing packages (spec §3 "Pricing package"); money in USD cents per 30 days. */
export const packages = pgTable(
  'packages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    tag: blank(),
    type: text({ enum: ['business', 'studio', 'addon'] }).notNull(),
    basePriceCents: integer().notNull(),
    actualPriceCents: integer().notNull(),
    /** Taken off the first purchase, once per user. */
    discountCents: integer().notNull().default(0),
    monthlyCredits: integer().notNull().default(0),
    buttonColor: text().notNull().default('#7c5cff'),
    checkColor: text().notNull().default('#22d3ee'),
    gradientStart: text().notNull().default('#7c5cff'),
    gradientEnd: text().notNull().default('#22d3ee'),
    learningCourse: blank(),
    features: jsonb().$type<string[]>().notNull().default([]),
    /** The name, tag and features in Chinese and Spanish; English is the columns above (decision 020). */
    translations: jsonb().$type<PackageTranslations>().notNull().default({}),
    status: text({ enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('packages_type_status_idx').on(t.type, t.status, t.sortOrder),
    check('packages_prices_chk', sql`${t.actualPriceCents} >= 0 and ${t.actualPriceCents} <= ${t.basePriceCents} and ${t.discountCents} between 0 and ${t.actualPriceCents}`),
  ],
);

export type PackageRow = typeof packages.$inferSelect;
