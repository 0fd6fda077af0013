import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maintainPglite } from './pglite-maintenance.js';

/** Statistics reach pg_stat_user_tables when a backend flushes them, at most once a second. */
async function flushStats(client: PGlite): Promise<void> {
  await client.query('select pg_stat_force_next_flush()');
  await client.exec('begin; commit;');
}

describe('PGlite maintenance (the autovacuum PGlite lacks)', () => {
  let client: PGlite;
  beforeEach(async () => {
    client = await PGlite.create('memory://');
    await client.exec(`
      create table busy (id serial primary key, v int);
      create table quiet (id serial primary key, v int);
      insert into quiet (v) values (1), (2), (3);
    `);
  });
  afterEach(() => client.close());

  it('analyses a table past autovacuum’s threshold and vacuums one with many dead rows, and leaves the rest', async () => {
    await client.exec('insert into busy (v) select g from generate_series(1, 2000) g; delete from busy where id <= 600;');
    await flushStats(client);
    const planned = async () => (await client.query<{ 'QUERY PLAN': string }>('explain select * from busy where v > 1990')).rows[0]!['QUERY PLAN'];
    // Never analysed, the planner works from a guess of the table's size, not its 1,400 rows.
    expect(await planned()).not.toMatch(/rows=1400\b/);

    const done = await maintainPglite(client);

    expect(done.analyzed).toEqual(['public.busy']);
    expect(done.vacuumed).toEqual(['public.busy']);
    const [stats] = (await client.query<{ n_dead_tup: number; reltuples: number; analyzed: boolean }>(`
      select s.n_dead_tup, c.reltuples, s.last_analyze is not null as analyzed
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'busy'`)).rows;
    expect(stats).toEqual({ n_dead_tup: 0, reltuples: 1400, analyzed: true });
    expect(await planned()).toMatch(/Seq Scan on busy .*rows=\d+ /);
  });

  it('has nothing to do once the tables are maintained, until enough changes again', async () => {
    await client.exec('insert into busy (v) select g from generate_series(1, 200) g;');
    await flushStats(client);
    expect((await maintainPglite(client)).analyzed).toEqual(['public.busy']);
    await flushStats(client);
    expect(await maintainPglite(client)).toEqual({ analyzed: [], vacuumed: [] });

    // 200 rows: analysed again after more than 50 + 20 changes, not after 60.
    await client.exec('update busy set v = v + 1 where id <= 60;');
    await flushStats(client);
    expect((await maintainPglite(client)).analyzed).toEqual([]);
    await client.exec('update busy set v = v + 1 where id <= 20;');
    await flushStats(client);
    expect((await maintainPglite(client)).analyzed).toEqual(['public.busy']);
  });
});
