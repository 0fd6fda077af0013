import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL in single-user mode, without the autovacuum daemon. Left alone, no table
 * is ever analysed, so the planner guesses one row everywhere (on the demo it nested a loop over
 * every account for each account and took 74 ms for a count of four), and dead rows are never
 * reclaimed. This does the daemon's job with its own default rules, one table at a time: analyse a
 * table once more than 50 rows plus a tenth of it changed since its last analysis; vacuum it once
 * more than 50 rows plus a fifth of it are dead, or 1,000 plus a fifth were inserted since its last
 * vacuum (so index-only scans find its pages all-visible).
 */
const NEEDS_WORK = `
  select format('%I.%I', s.schemaname, s.relname) as name,
         (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)) as vacuum
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
   order by s.relname`;

export interface MaintenanceDone {
  analyzed: string[];
  vacuumed: string[];
}

export async function maintainPglite(client: PGlite): Promise<MaintenanceDone> {
  const done: MaintenanceDone = { analyzed: [], vacuumed: [] };
  const { rows } = await client.query<{ name: string; vacuum: boolean }>(NEEDS_WORK);
  for (const table of rows) {
    // Each statement on its own: every request waits behind what the one connection runs, and a
    // table at a time keeps that wait to milliseconds.
    if (table.vacuum) {
      await client.exec(`vacuum (analyze) ${table.name}`);
      done.vacuumed.push(table.name);
    } else {
      await client.exec(`analyze ${table.name}`);
    }
    done.analyzed.push(table.name);
  }
  return done;
}
