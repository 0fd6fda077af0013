import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from '../test/harness.js';
import { describeNamedStatementsOnce } from './described-once.js';

/** What Describe messages a pool sends, counted at node-postgres's connection. */
function countDescribes() {
  const spy = vi.spyOn((pg as unknown as { Connection: { prototype: { describe(...args: unknown[]): void } } }).Connection.prototype, 'describe');
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
}

const STATEMENT = {
  name: 'described_once_probe',
  text: `select $1::int + 1 as next, $2::timestamptz as at, $3::jsonb as doc, null::text as nothing, 'x' as id, 'y' as id`,
};

// Only PostgreSQL runs named statements through node-postgres; the embedded database has its own
// statement cache (db/pglite-statements.test.ts).
describe.runIf(testDatabaseUrl)('named statements described once per connection', () => {
  let plain: pg.Pool;
  let described: pg.Pool;
  beforeAll(() => {
    // One connection each, so every run after the first finds its statement prepared.
    plain = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
    described = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
    describeNamedStatementsOnce(described);
  });
  afterAll(async () => {
    await plain.end();
    await described.end();
  });

  const values = (n: number) => [n, new Date(Date.UTC(2026, 10, 29, 12, 0, n)), { shop: 'Carmen’s Tacos', n }];

  it('answers what node-postgres answers, in both row modes, with one Describe for the first run only', async () => {
    const describes = countDescribes();
    try {
      for (const rowMode of [undefined, 'array'] as const) {
        for (let n = 1; n <= 3; n++) {
          const config = { ...STATEMENT, name: `${STATEMENT.name}_${rowMode ?? 'object'}`, ...(rowMode ? { rowMode } : {}) };
          const before = describes.count();
          const expected = await plain.query(config, values(n));
          const plainDescribes = describes.count() - before;
          const got = await described.query(config, values(n));
          expect(plainDescribes).toBe(1);
          expect(describes.count() - before - plainDescribes).toBe(n === 1 ? 1 : 0);
          expect(got.rows).toEqual(expected.rows);
          expect(got.fields.map((field) => [field.name, field.dataTypeID])).toEqual(expected.fields.map((field) => [field.name, field.dataTypeID]));
          expect(got.rowCount).toBe(1);
        }
      }
      const [row] = (await described.query({ ...STATEMENT, name: `${STATEMENT.name}_object` }, values(7))).rows as Record<string, unknown>[];
      // Parsed as node-postgres parses them: a number, a Date, an object, a null.
      expect(row).toEqual({ next: 8, at: new Date(Date.UTC(2026, 10, 29, 12, 0, 7)), doc: { shop: 'Carmen’s Tacos', n: 7 }, nothing: null, id: 'y' });
    } finally {
      describes.restore();
    }
  });

  it('answers a failed run as node-postgres does, and describes the statement again after it', async () => {
    const failing = { name: 'described_once_divide', text: 'select 10 / $1::int as share' };
    expect((await described.query(failing, [2])).rows).toEqual([{ share: 5 }]);
    expect((await described.query(failing, [5])).rows).toEqual([{ share: 2 }]);
    await expect(described.query(failing, [0])).rejects.toThrow(/division by zero/);
    await expect(plain.query(failing, [0])).rejects.toThrow(/division by zero/);
    const describes = countDescribes();
    try {
      expect((await described.query(failing, [10])).rows).toEqual([{ share: 1 }]);
      expect(describes.count()).toBe(1);
      expect((await described.query(failing, [1])).rows).toEqual([{ share: 10 }]);
      expect(describes.count()).toBe(1);
    } finally {
      describes.restore();
    }
    // A value node-postgres cannot bind, on a run without a Describe, fails that run alone.
    const json = { name: 'described_once_json', text: 'select $1::jsonb as doc' };
    expect((await described.query(json, [{ a: 1 }])).rows).toEqual([{ doc: { a: 1 } }]);
    expect((await described.query(json, [{ a: 2 }])).rows).toEqual([{ doc: { a: 2 } }]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(described.query(json, [circular])).rejects.toThrow(/circular/i);
    expect((await described.query(failing, [2])).rows).toEqual([{ share: 5 }]);
  });

  it('leaves text queries, callbacks and transactions’ clients to node-postgres as they were', async () => {
    expect((await described.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await described.query('select $1::int as v', [4])).rows).toEqual([{ v: 4 }]);
    const viaCallback = await new Promise((resolve, reject) =>
      described.query({ name: 'described_once_cb', text: 'select 2 as two' }, (error: Error | undefined, result: pg.QueryResult) => (error ? reject(error) : resolve(result.rows))),
    );
    expect(viaCallback).toEqual([{ two: 2 }]);
    const client = await described.connect();
    try {
      await client.query('begin');
      expect((await client.query({ name: 'described_once_tx', text: 'select 3 as three' })).rows).toEqual([{ three: 3 }]);
      await client.query('commit');
    } finally {
      client.release();
    }
  });
});
