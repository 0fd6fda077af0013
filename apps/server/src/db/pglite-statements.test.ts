import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPglite, type PreparedPglite } from './pglite-statements.js';

let pg: PGlite;
let client: PreparedPglite;

beforeAll(async () => {
  pg = await PGlite.create('memory://');
  client = preparedPglite(pg, 5);
  await pg.exec(`
    create table item (id serial primary key, name text not null unique, tags text[], data jsonb, price numeric(10,2), at timestamptz);
    insert into item (name, tags, data, price, at) values
      ('a', '{x,y}', '{"k":1}', 1.50, '2026-01-02T03:04:05Z'),
      ('b', null, null, null, null);
  `);
});
afterAll(() => pg.close());

const preparedCount = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

describe('PGlite with every statement prepared once', () => {
  it('answers what PGlite’s own query() answers, for every kind of value and both row modes', async () => {
    const text = 'select id, name, tags, data, price, at from item where name = any($1) or at > $2 or data @> $3 order by id';
    const params = [['a', 'b'], new Date('2020-01-01T00:00:00Z'), { k: 1 }];
    for (const rowMode of ['object', 'array'] as const) {
      const theirs = await pg.query(text, params, { rowMode });
      const ours = await client.query(text, params, { rowMode });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    // Far more than one write of the database's output buffer: the replies arrive in pieces.
    const many = "select g, repeat('é', g % 300) as text, g % 7 = 0 as flag from generate_series(1, $1::int) g";
    expect((await client.query(many, [5000])).rows).toEqual((await pg.query(many, [5000])).rows);
    const inserted = await client.query('insert into item (name, price) values ($1, $2), ($3, null)', ['c', 2.25, 'd']);
    expect(inserted.affectedRows).toBe(2);
  });

  it('parses a statement once and runs it again by name', async () => {
    const before = await preparedCount();
    const text = 'select name from item where id = $1';
    for (let id = 1; id <= 4; id++) await client.query(text, [id]);
    expect(await preparedCount()).toBe(before + 1);
    expect((await client.query<{ name: string }>(text, [2])).rows).toEqual([{ name: 'b' }]);
  });

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    for (let i = 0; i < 12; i++) await client.query(`select ${i}::int as n where $1::int > 0`, [1]);
    await client.query('select 1');
    expect(client.prepared).toBe(5);
    // The statement evicted last is closed with the next call's messages.
    expect(await preparedCount()).toBeLessThanOrEqual(6);
    expect((await client.query<{ n: number }>('select 3::int as n where $1::int > 0', [1])).rows).toEqual([{ n: 3 }]);
  });

  it('answers PostgreSQL’s error and leaves the session usable; a statement that fails to parse is not kept', async () => {
    await expect(client.query('insert into item (name) values ($1)', ['a'])).rejects.toMatchObject({
      code: '23505',
      severity: 'ERROR',
      table: 'item',
      constraint: 'item_name_key',
      detail: 'Key (name)=(a) already exists.',
      params: ['a'],
    });
    await expect(client.query('select nope from item')).rejects.toMatchObject({ code: '42703', query: 'select nope from item' });
    const kept = client.prepared;
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect(client.prepared).toBe(kept);
    expect((await client.query<{ n: number }>('select count(*)::int as n from item')).rows[0]!.n).toBe(4);
  });

  it('prepares a statement again when its table changed shape', async () => {
    const text = 'select * from item where id = $1';
    expect(Object.keys((await client.query(text, [1])).rows[0]!)).not.toContain('extra');
    await pg.exec(`alter table item add column extra text default 'e'`);
    expect((await client.query<{ extra: string }>(text, [1])).rows[0]!.extra).toBe('e');
  });

  it('runs inside a transaction, which rolls back as a whole and holds other statements until it ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['in-tx']);
        outside = client.query<{ n: number }>('select count(*)::int as n from item where name = $1', ['in-tx']).then((result) => {
          order.push(`outside saw ${result.rows[0]!.n}`);
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('transaction ends');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 0']);
  });

  it('hands a NOTIFY to the listeners once, whether it arrives with a statement or with a commit', async () => {
    const heard: string[] = [];
    const stop = await client.listen('nc_test', (payload) => heard.push(payload));
    await client.query('select pg_notify($1, $2)', ['nc_test', 'alone']);
    await client.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['nc_test', 'in a transaction']);
    });
    await client.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['nc_test', 'rolled back']);
      throw new Error('undo');
    }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['alone', 'in a transaction']);
    await stop();
    await client.query('select pg_notify($1, $2)', ['nc_test', 'after stop']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toHaveLength(2);
  });

  it('refuses a statement on a transaction that has ended', async () => {
    let ended: PreparedPglite | undefined;
    await client.transaction(async (tx) => {
      ended = tx;
    });
    await expect(ended!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('leaves an aborted transaction to its caller', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['a']).catch(() => {});
        await tx.query('select 1');
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });
});
