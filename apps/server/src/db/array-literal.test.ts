import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArrayLiteral, textArrayLiteral } from './array-literal.js';

/** The literals read back by PostgreSQL's own parser (PGlite's), value for value. */
let pg: PGlite;
const dialect = new PgDialect();
beforeAll(async () => {
  pg = new PGlite();
  await pg.waitReady;
});
afterAll(async () => {
  await pg.close();
});

async function unnested(fragment: ReturnType<typeof intArrayLiteral>): Promise<unknown[]> {
  const query = dialect.sqlToQuery(sql`select value::text as value from unnest(${fragment}) as t(value)`);
  expect(query.params).toEqual([]);
  const result = await pg.query<{ value: string }>(query.sql);
  return result.rows.map((row) => row.value);
}

describe('array literals', () => {
  it('carry text as it was: quotes, backslashes, commas, braces, spaces, NULL-like words and CJK', async () => {
    const values = ["Carmen's", 'say "hi"', 'a\\b', 'one, two', '{braces}', '  padded ', 'NULL', '', '洛杉矶', "'; drop table x; --"];
    expect(await unnested(textArrayLiteral(values))).toEqual(values);
  });

  it('carry days as dates and numbers as integers, whatever they were handed', async () => {
    expect(await unnested(textArrayLiteral(['2026-12-02', '2025-01-31'], 'date'))).toEqual(['2026-12-02', '2025-01-31']);
    expect(await unnested(intArrayLiteral([1, -2, 3.7, '42', Number.NaN, 9_007_199_254_740_991]))).toEqual(['1', '-2', '3', '42', '0', '9007199254740991']);
    expect(await unnested(intArrayLiteral([7, 8], 'int'))).toEqual(['7', '8']);
    expect(await unnested(intArrayLiteral([]))).toEqual([]);
  });
});
