import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { MemoryMailer } from '../adapters/mail/index.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { selectRows, type Database, type Db } from '../db/client.js';
import { DEMO_PASSWORD } from '../demo/seed.js';
import { hashPassword } from '../modules/account/crypto.js';
import * as accountsRepo from '../modules/account/repository.js';
import { loadReferenceAreas } from '../modules/area/reference-data.js';
import { HistoryWriter, type EventScope, type ScopeResolver } from '../modules/events/service.js';
import { seedScaleFinance } from './seed-scale-finance.js';
import { backfillDashboard } from './dashboard-backfill.js';
import { seedScaleVideo } from './seed-scale-video.js';

/** The vision's sizes; a fraction of them (a small run in a test) keeps their proportions. */
export function scaleSizes(fraction = 1): { agents: number; mainAgents: number; studios: number; clients: number; operators: number } {
  if (!(fraction > 0 && fraction <= 1)) throw new Error(`The scale is a fraction in (0, 1], not ${fraction}.`);
  const agents = Math.max(4, Math.round(1_000 * fraction));
  return {
    agents,
    // A quarter of the agents are sub-agents of the others.
    mainAgents: Math.round(agents * 0.75),
    studios: Math.max(1, Math.round(10_000 * fraction)),
    clients: Math.max(10, Math.round(100_000 * fraction)),
    operators: Math.max(1, Math.round(2_000 * fraction)),
  };
}

export type ScaleSizes = ReturnType<typeof scaleSizes>;

/**
 * Fills a database with the spec's vision: 1,000 agents (a quarter of them
 * sub-agents), 10,000 studios, 100,000 clients, 2,000 operators, with assignments and real
 * cities. Every account's password is the demo password; the benchmark signs in as
 * scale-super@, scale-agent-1@ (a main agent) and scale-studio-1@. Then a year of their money
 * (seed-scale-finance.ts): monthly payments with their ledger postings and commissions,
 * releases and a payout per earner; then their videos (seed-scale-video.ts): a million
 * statistics snapshots. Each part writes what happened as events too (arrivals, payments,
 * connections, publications, readings), as history; last, the dashboards' rollups are that
 * history replayed through their subscriber. Each part is skipped when already there.
 *
 * `fraction` seeds that share of every size (seed:scale's `--fraction 0.01`, and its test).
 */
const SCOPES_PER_STATEMENT = 10_000;

/** Reads the scopes of many accounts at once into the seed's cache of scopes. */
type ScopesReader = (ex: Db | Parameters<ScopeResolver>[0], ids: readonly number[]) => Promise<void>;

export async function seedScale(database: Database, config: Config, options: { fraction?: number; log?: (message: string) => void } = {}): Promise<void> {
  const log = options.log ?? ((message: string) => console.log(message));
  const sizes = scaleSizes(options.fraction);
  const started = Date.now();
  await database.migrate();
  await loadReferenceAreas(database.db);
  const db = database.db;
  // Nobody moves while the seed runs: each account's scope is read once for all its events.
  const scopes = new Map<number, Promise<EventScope>>();
  const scopeOf: ScopeResolver = (ex, id) => {
    let scope = scopes.get(id);
    if (!scope) {
      scope = accountsRepo.scopeOf(ex, id);
      scopes.set(id, scope);
    }
    return scope;
  };
  // Read ahead, a statement per 10,000 accounts: one round trip per account was most of the
  // people's time (113,001 of them), and more on a busy machine.
  const readScopes: ScopesReader = async (ex, ids) => {
    for (let at = 0; at < ids.length; at += SCOPES_PER_STATEMENT) {
      const found = await accountsRepo.scopesOf(ex, ids.slice(at, at + SCOPES_PER_STATEMENT));
      for (const [id, scope] of found) scopes.set(id, Promise.resolve(scope));
    }
  };
  const [{ n: existing } = { n: 0 }] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from accounts where email like 'scale-%'`);
  if (existing > 0) {
    log(`Accounts already seeded (${existing} scale accounts).`);
  } else {
    await seedAccounts(db, config.SCRYPT_LOG_N, started, scopeOf, readScopes, sizes, log);
  }
  await seedScaleFinance(db, log, scopeOf);
  await seedScaleVideo(db, config.PLATFORM_TOKEN_KEY, log, new Date(), scopeOf);
  // The rollups are the history above, replayed through their subscriber (the app's, unstarted);
  // the replay reads the history in pages, planned from statistics it has none of yet.
  await db.execute(sql`analyze events, event_deliveries`);
  const app = await buildApp({ config, database, mailer: new MemoryMailer() });
  try {
    const rollups = await backfillDashboard(app.services);
    log(
      `Dashboard rollups: ${rollups.events} events replayed in ${(rollups.ms / 1000).toFixed(1)} s; ${rollups.placements} placements, ${rollups.days} scope-days.`,
    );
  } finally {
    await app.close();
  }
  // The money seeded after the people rewrote every account row several times (spending,
  // plan ends): without a vacuum the accounts table holds five dead rows for each live one,
  // its visibility map is cleared, and index-only reads (a city's paid studios) turn into
  // heap reads until autovacuum catches up. A bulk load ends the way an operator ends one.
  const vacuumStarted = Date.now();
  await db.execute(sql`vacuum analyze`);
  log(`Vacuumed and analysed in ${((Date.now() - vacuumStarted) / 1000).toFixed(1)} s.`);
}

/**
 * The people: agents, studios, operators and merchants, wired together, in one transaction with
 * their arrivals (`account.created`, on the day each joined, as staff creating them records it).
 */
async function seedAccounts(
  db: Db,
  scryptLogN: number,
  started: number,
  scopeOf: ScopeResolver,
  readScopes: ScopesReader,
  sizes: ScaleSizes,
  log: (message: string) => void,
): Promise<void> {
  {
    const hash = await hashPassword(DEMO_PASSWORD, scryptLogN);

    await db.transaction(async (tx) => {
      // Real cities, with their state, to place everyone in.
      await tx.execute(sql`
        create temporary table scale_cities on commit drop as
        select row_number() over (order by random()) as n, c.id as city_id, c.name as city, s.id as state_id, s.name as state
          from areas c join areas s on s.id = c.parent_id
         where c.type = 'city' limit 2000`);
      const cityPick = (seed: string) => sql.raw(`(select sc from scale_cities sc where sc.n = 1 + (${seed}) % 2000)`);

      await tx.execute(sql`
        insert into accounts (email, password_hash, username, name, account_type, info_status, referral_code, company_short_name, created_at)
        values ('scale-super@example.com', ${hash}, 'scale-super', 'Scale Super', ${ACCOUNT_TYPE.super}, 1, 'SCALESUP', '', now())`);

      await tx.execute(sql`
        insert into accounts (email, password_hash, username, name, account_type, agent_type, agent_no, info_status, pay_status,
                              referral_code, company_short_name, city, state, city_id, state_id, created_at)
        select 'scale-agent-' || i || '@example.com', ${hash}, 'agent' || i, 'Agent ' || i, ${ACCOUNT_TYPE.partner}, 'main',
               'SA-' || lpad(i::text, 5, '0'), 1, 1, 'SAG' || lpad(i::text, 6, '0'), 'Agency ' || i,
               (${cityPick('i * 7')}).city, (${cityPick('i * 7')}).state, (${cityPick('i * 7')}).city_id, (${cityPick('i * 7')}).state_id,
               now() - (i % 365) * interval '1 day'
          from generate_series(1, ${sizes.agents}) as i`);
      // Agents past the first 750 become sub-agents of a main agent.
      await tx.execute(sql`
        update accounts a set agent_type = 'sub',
               main_agent_id = (select m.id from accounts m where m.email = 'scale-agent-' || (1 + (split_part(split_part(a.email, '-', 3), '@', 1)::int % ${sizes.mainAgents})) || '@example.com')
         where a.email like 'scale-agent-%' and split_part(split_part(a.email, '-', 3), '@', 1)::int > ${sizes.mainAgents}`);

      await tx.execute(sql`
        create temporary table scale_agents on commit drop as
        select row_number() over (order by id) as n, id from accounts where email like 'scale-agent-%'`);
      await tx.execute(sql`
        insert into accounts (email, password_hash, username, name, account_type, agent_id, info_status, pay_status, expire_at,
                              referral_code, company_short_name, city, state, city_id, state_id, order_count, consumption_cents, created_at)
        select 'scale-studio-' || i || '@example.com', ${hash}, 'studio' || i, 'Studio ' || i, ${ACCOUNT_TYPE.studio},
               (select id from scale_agents where n = 1 + (i - 1) % ${sizes.agents}),
               case when i % 10 = 0 then 0 else 1 end, case when i % 10 = 0 then 0 when i % 60 = 0 then 2 else 1 end,
               case when i % 10 = 0 then null else now() + (i % 60) * interval '1 day' end,
               'SST' || lpad(i::text, 7, '0'), 'AI Studio ' || i,
               (${cityPick('i * 13')}).city, (${cityPick('i * 13')}).state, (${cityPick('i * 13')}).city_id, (${cityPick('i * 13')}).state_id,
               1, 100000, now() - (i % 365) * interval '1 day'
          from generate_series(1, ${sizes.studios}) as i`);

      await tx.execute(sql`
        insert into accounts (email, password_hash, username, name, account_type, agent_id, info_status, referral_code, wechat, created_at)
        select 'scale-operator-' || i || '@example.com', ${hash}, 'operator' || i, 'Operator ' || i, ${ACCOUNT_TYPE.operator},
               (select id from scale_agents where n = 1 + (i - 1) % ${sizes.agents}), 1, 'SOP' || lpad(i::text, 7, '0'), 'op_wechat_' || i,
               now() - (i % 365) * interval '1 day'
          from generate_series(1, ${sizes.operators}) as i`);

      await tx.execute(sql`
        create temporary table scale_studios on commit drop as
        select row_number() over (order by id) as n, id, agent_id from accounts where email like 'scale-studio-%'`);
      await tx.execute(sql`
        create temporary table scale_operators on commit drop as
        select row_number() over (order by id) as n, id from accounts where email like 'scale-operator-%'`);
      // Each studio gets ten merchants; their agent is the studio's, and two in three have an operator.
      await tx.execute(sql`
        insert into accounts (email, password_hash, username, name, account_type, studio_id, agent_id, operator_id, info_status, pay_status,
                              expire_at, referral_code, company_short_name, phone, wechat, city, state, city_id, state_id,
                              order_count, consumption_cents, created_at)
        select 'scale-client-' || i || '@example.com', ${hash}, 'client' || i, 'Merchant ' || i, ${ACCOUNT_TYPE.client},
               st.id, st.agent_id,
               case when i % 3 = 0 then null else (select id from scale_operators where n = 1 + (i - 1) % ${sizes.operators}) end,
               case when i % 7 = 0 then 0 else 1 end,
               -- A plan that ended before today is already expired, as the expiry job leaves it.
               case when i % 11 = 0 then 0 when i % 13 = 0 or i % 90 <= 10 then 2 else 1 end,
               case when i % 11 = 0 then null else now() + ((i % 90) - 10) * interval '1 day' end,
               'SCL' || lpad(i::text, 7, '0'), 'Shop ' || i, (2000000000 + i)::text, 'shop_wechat_' || i,
               (${cityPick('i * 31')}).city, (${cityPick('i * 31')}).state, (${cityPick('i * 31')}).city_id, (${cityPick('i * 31')}).state_id,
               1 + i % 5, (1 + i % 5) * 100000, now() - (i % 730) * interval '1 day'
          from generate_series(1, ${sizes.clients}) as i
          join scale_studios st on st.n = 1 + (i - 1) % ${sizes.studios}`);

      const history = new HistoryWriter(tx, scopeOf);
      const arrived = await selectRows<{ id: number; account_type: number; created_at: Date | string }>(
        tx,
        sql`select id, account_type, created_at from accounts where email like 'scale-%' order by created_at, id`,
      );
      await readScopes(
        tx,
        arrived.map((row) => row.id),
      );
      for (const row of arrived) {
        await history.add('account.created', {
          actor_id: null,
          subject_id: row.id,
          account_id: row.id,
          payload: { account_type: row.account_type },
          at: new Date(row.created_at),
        });
      }
      await history.flush();
    });
    // Statistics and the search index's pending entries, before anyone measures anything.
    await db.execute(sql`vacuum analyze accounts`);
    const counts = await selectRows<{ account_type: number; n: number }>(
      db,
      sql`select account_type, count(*)::int as n from accounts where email like 'scale-%' group by 1 order by 1`,
    );
    log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(Object.fromEntries(counts.map((c) => [c.account_type, c.n])))}`);
  }
}
