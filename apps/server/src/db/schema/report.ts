import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account.js';

/**
 * A merchant's monthly report, one per merchant and month (`YYYY-MM`): its figures as they stood
 * when it was built, frozen (`facts`, read through the report module's schema), so a report read
 * later says what it said when it was mailed. `language` is the merchant's when it was built, the
 * language of the mail and of the first PDF. The PDFs are kept in file storage per language
 * (`pdf_keys`), made the first time someone asks for that language.
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    language: text({ enum: ['en-US', 'zh-CN', 'es-ES'] }).notNull(),
    facts: jsonb().$type<Record<string, unknown>>().notNull(),
    pdfKeys: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('monthly_reports_merchant_month_uq').on(t.merchantId, t.month), index('monthly_reports_month_idx').on(t.month.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type MonthlyReportRow = typeof monthlyReports.$inferSelect;
