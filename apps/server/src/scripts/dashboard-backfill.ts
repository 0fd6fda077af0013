import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.js';
import { ROLLUP_EVENTS, ROLLUP_SUBSCRIBER } from '../modules/dashboard/rollup-subscriber.js';

/**
 * Builds the dashboard's rollups from the rows as they stand, for a database filled without
 * events (the demo seed, `seed:scale`) — the one place that reads the other modules' tables for
 * the dashboard, once, outside any request. Every merchant and studio is placed where it is
 * now and its payments and refunds count on the days they happened, its commissions net of
 * clawbacks on the day they were earned, its videos and their plays' daily growth, its platform
 * connections as they stand; every event recorded so
 * far is marked delivered to the rollup subscriber, since the rows already hold its effect.
 * Run it on a database whose rollups are empty; it does nothing otherwise.
 */
export async function backfillDashboard(db: Db): Promise<{ placements: number; days: number }> {
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from dashboard_daily`);
    if (n > 0) return { placements: 0, days: 0 };
    // Where each merchant and studio stands: the same placement an event's scope would name.
    await tx.execute(sql`
      insert into dashboard_placements (account_id, kind, studio_id, agent_id, main_agent_id, operator_id, paid_at)
      select c.id, 'client', c.studio_id, ag.id,
             case when ag.id is null then null when ag.agent_type = 'sub' then ag.main_agent_id else ag.id end,
             c.operator_id, first.paid_at
        from accounts c
        left join accounts s on s.id = c.studio_id
        left join accounts ag on ag.id = coalesce(c.agent_id, s.agent_id)
        left join (select account_id, min(created_at) as paid_at from payments group by account_id) first on first.account_id = c.id
       where c.account_type = 0
      union all
      select s.id, 'studio', null, ag.id,
             case when ag.id is null then null when ag.agent_type = 'sub' then ag.main_agent_id else ag.id end,
             null, null
        from accounts s
        left join accounts ag on ag.id = s.agent_id
       where s.account_type = 1
      on conflict do nothing`);
    const placed = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from dashboard_placements`);
    await tx.execute(sql`
      with keys as (
        select p.account_id, p.kind, k.kind as scope_kind, k.id as scope_id
          from dashboard_placements p
          cross join lateral (values ('platform', 0), ('client', p.account_id), ('studio', p.studio_id), ('agent', p.agent_id),
                                     ('main_agent', p.main_agent_id), ('operator', p.operator_id)) k(kind, id)
         where p.kind = 'client' and k.id is not null
        union all
        select p.account_id, p.kind, k.kind, k.id
          from dashboard_placements p
          cross join lateral (values ('platform', 0), ('agent', p.agent_id), ('main_agent', p.main_agent_id)) k(kind, id)
         where p.kind = 'studio' and k.id is not null
      ),
      payer_keys as (
        select account_id, kind, scope_kind, scope_id from keys
        union all
        select pay.account_id, 'other', 'platform', 0 from (select distinct account_id from payments) pay
         where not exists (select 1 from dashboard_placements p where p.account_id = pay.account_id)
      ),
      facts as (
        select k.scope_kind, k.scope_id, (a.created_at at time zone 'UTC')::date as day,
               0 as payments, 0::bigint as gross, 0::bigint as refunds, 0 as first_payments, 0 as renewals,
               case when k.kind = 'client' then 1 else 0 end as new_clients,
               case when k.kind = 'studio' then 1 else 0 end as new_studios
          from keys k join accounts a on a.id = k.account_id
        union all
        select k.scope_kind, k.scope_id, (pay.created_at at time zone 'UTC')::date, 1, pay.amount_cents, 0,
               case when k.kind = 'client' and pay.created_at = pl.paid_at then 1 else 0 end,
               case when k.kind = 'client' and pay.created_at <> pl.paid_at then 1 else 0 end, 0, 0
          from payments pay
          join payer_keys k on k.account_id = pay.account_id
          left join dashboard_placements pl on pl.account_id = pay.account_id
        union all
        select k.scope_kind, k.scope_id, (coalesce(r.processed_at, r.created_at) at time zone 'UTC')::date, 0, 0, r.amount_cents, 0, 0, 0, 0
          from refunds r join payer_keys k on k.account_id = r.payer_id
         where r.status = 'completed'
      )
      insert into dashboard_daily (scope_kind, scope_id, day, payments, gross_cents, refunds_cents, first_payments, renewals,
                                   new_clients, clients_delta, new_studios, studios_delta)
      select scope_kind, scope_id, day, sum(payments), sum(gross), sum(refunds), sum(first_payments), sum(renewals),
             sum(new_clients), sum(new_clients), sum(new_studios), sum(new_studios)
        from facts group by scope_kind, scope_id, day`);
    // Commissions, net of what refunds took back, on the day each was earned.
    await tx.execute(sql`
      with shares as (
        select (c.created_at at time zone 'UTC')::date as day, c.beneficiary_id, c.role, c.amount_cents - c.reversed_cents as net
          from commissions c
      ),
      facts as (
        select 'platform' as scope_kind, 0 as scope_id, day,
               case when role in ('platform', 'unallocated') then 0 else net end as commission,
               case when role in ('platform', 'unallocated') then net else 0 end as profit
          from shares
        union all
        select 'earner', beneficiary_id, day, net, 0 from shares where beneficiary_id is not null and role not in ('platform', 'unallocated')
      )
      insert into dashboard_daily (scope_kind, scope_id, day, commission_cents, profit_cents)
      select scope_kind, scope_id, day, sum(commission), sum(profit) from facts group by scope_kind, scope_id, day
      on conflict (scope_kind, scope_id, day) do update
        set commission_cents = dashboard_daily.commission_cents + excluded.commission_cents,
            profit_cents = dashboard_daily.profit_cents + excluded.profit_cents`);
    // Videos: each published on its day, and each day's growth of its plays (the last reading of
    // a day less the last of the day before), in every scope its merchant stands in now.
    await tx.execute(sql`
      with merchant_keys as (
        select p.account_id, k.kind as scope_kind, k.id as scope_id
          from dashboard_placements p
          cross join lateral (values ('platform', 0), ('client', p.account_id), ('studio', p.studio_id), ('agent', p.agent_id),
                                     ('main_agent', p.main_agent_id), ('operator', p.operator_id)) k(kind, id)
         where p.kind = 'client' and k.id is not null
      ),
      daily_reading as (
        select s.job_id, s.merchant_id, (s.taken_at at time zone 'UTC')::date as day, max(s.plays) as plays
          from video_metric_snapshots s where s.plays is not null
         group by s.job_id, s.merchant_id, (s.taken_at at time zone 'UTC')::date
      ),
      growth as (
        select merchant_id, day, plays - coalesce(lag(plays) over (partition by job_id order by day), 0) as plays
          from daily_reading
      ),
      facts as (
        select merchant_id, day, 0 as videos, greatest(plays, 0) as plays from growth
        union all
        select j.merchant_id, (j.published_at at time zone 'UTC')::date, 1, 0
          from video_publish_jobs j where j.published_at is not null
      )
      insert into dashboard_daily (scope_kind, scope_id, day, videos_published, plays)
      select k.scope_kind, k.scope_id, f.day, sum(f.videos), sum(f.plays)
        from facts f join merchant_keys k on k.account_id = f.merchant_id
       group by k.scope_kind, k.scope_id, f.day
      on conflict (scope_kind, scope_id, day) do update
        set videos_published = dashboard_daily.videos_published + excluded.videos_published,
            plays = dashboard_daily.plays + excluded.plays`);
    // What each job's plays stood at, so a later reading adds only what came after.
    await tx.execute(sql`
      insert into dashboard_video_plays (job_id, plays)
      select job_id::text, max(plays) from video_metric_snapshots where plays is not null group by job_id
      on conflict do nothing`);
    // Connections as they stand, counted where their merchant stands.
    await tx.execute(sql`
      insert into dashboard_connections (connection_id, platform, state, scopes)
      select c.id::text, c.platform, c.state,
             array_remove(array['platform:0', 'client:' || c.merchant_id, 'studio:' || p.studio_id, 'agent:' || p.agent_id,
                                'main_agent:' || p.main_agent_id, 'operator:' || p.operator_id], null)
        from platform_connections c join dashboard_placements p on p.account_id = c.merchant_id
       where c.state in ('connected', 'needs_reconnect')
      on conflict do nothing`);
    await tx.execute(sql`
      insert into dashboard_connection_counts (scope_kind, scope_id, platform, connected, needs_reconnect)
      select split_part(key, ':', 1), split_part(key, ':', 2)::int, platform,
             count(*) filter (where state = 'connected'), count(*) filter (where state = 'needs_reconnect')
        from dashboard_connections cross join unnest(scopes) as key
       group by 1, 2, 3`);
    const days = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from dashboard_daily`);
    await tx.execute(sql`
      insert into event_deliveries (event_id, subscriber)
      select id, ${ROLLUP_SUBSCRIBER} from events where type in ${sql.raw(`(${ROLLUP_EVENTS.map((t) => `'${t}'`).join(', ')})`)}
      on conflict do nothing`);
    return { placements: placed[0]?.n ?? 0, days: days[0]?.n ?? 0 };
  });
}
