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

  // The activity feed reads a scope's newest events by id (events/repository.ts `feed`). An index
  // on the scope and `created_at` left the planner walking every event's id backwards instead:
  // a main agent's feed took a second at seed:scale's two million events, most of them
  // statistics readings no feed shows.
  it('indexes every scope column of the events in the feed’s order, newest id first', () => {
    const config = getTableConfig(schema.events);
    const scopes = ['accountId', 'studioId', 'agentId', 'mainAgentId', 'operatorId'];
    const orders = scopes.map((scope) => {
      const index = config.indexes.find((candidate) => (candidate.config.columns[0] as { name?: string }).name === scope);
      const second = index?.config.columns[1] as { name?: string; indexConfig?: { order?: string } } | undefined;
      return `${scope}: ${second?.name ?? 'none'} ${second?.indexConfig?.order ?? ''}`.trim();
    });
    expect(orders).toEqual(scopes.map((scope) => `${scope}: id desc`));
  });
});
