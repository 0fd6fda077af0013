import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

describe('schema indexes', () => {
  it('finds the tables', () => {
    expect(tables.length).toBeGreaterThan(20);
  });

  // Queries write `order by created_at desc`, which PostgreSQL reads as DESC NULLS FIRST. drizzle's
  // `.desc()` alone builds DESC NULLS LAST, an index such an order cannot walk: the planner then
  // sorts the whole table (seconds at a million rows instead of milliseconds). docs/decisions/040.
  it('builds every descending index column NULLS FIRST, the order a plain `desc` asks for', () => {
    const wrong: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const index of config.indexes) {
        for (const column of index.config.columns) {
          const order = 'indexConfig' in column ? (column.indexConfig as { order?: string; nulls?: string }) : null;
          if (order?.order === 'desc' && order.nulls !== 'first') wrong.push(`${config.name}.${index.config.name ?? '?'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
