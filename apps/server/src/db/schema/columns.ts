import { text, timestamp } from 'drizzle-orm/pg-core';

/** Created and updated stamps, shared by every table that keeps them. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Text fields of a profile are never null: '' means "not given", which keeps the API simple. */
export const blank = () => text().notNull().default('');
