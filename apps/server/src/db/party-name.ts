import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './schema/account.js';

/**
 * The contract's party-name rule (`partyName`: company short name, else the person's name, else
 * the username, else the email; blank counts as missing) in SQL, for repositories that show a
 * party's name beside their own rows. One copy of the rule for every query; the org suite's
 * party-name test holds it to the contract's answer.
 */
export const partyNameSql = (table: { companyShortName: AnyPgColumn; name: AnyPgColumn; username: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string | null>`coalesce(nullif(trim(${table.companyShortName}), ''), nullif(trim(${table.name}), ''), nullif(trim(${table.username}), ''), ${table.email})`;

/**
 * The name of the account whose id `id` gives (a column of the caller's own table), read from
 * the people directory without the caller naming `accounts`: a module keeps to its own tables.
 */
export const partyNameOf = (id: AnyPgColumn | SQL) =>
  sql<string | null>`(select ${partyNameSql(accounts)} from ${accounts} where ${accounts.id} = ${id})`;
