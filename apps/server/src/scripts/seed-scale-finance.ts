import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { selectRows } from '../db/client.js';
import * as accountsRepo from '../modules/account/repository.js';
import type { EventPayload } from '../modules/events/catalogue.js';
import { HistoryWriter, type ScopeResolver } from '../modules/events/service.js';

/** Payments read back a page at a time to be written as their events. */
const HISTORY_PAGE = 5_000;

/**
 * A year of money for the scale database, in bulk SQL: every paying merchant's monthly plan and
 * every paying studio's monthly membership over the last twelve months (from its registration
 * on), each with what checkout's fulfilment and the finance module would have written — the
 * order, the payment, one ledger transaction whose entries sum to zero, and its commission
 * shares under the current rule version. Earnings past the holding period are released
 * (pending → available, one posting per earner and month), and every earner was paid out once
 * what it had available three months ago (a settlement, its apply and paid postings, the fee
 * to the platform). Balance rows are then set from their entries. Through the services this
 * would take hours; here it is a few statements.
 *
 * The rules it follows are the ledger's own: integer cents, shares rounded down with the
 * remainder to the platform, cause keys unique per posting, balances equal to their entries.
 * Each payment is recorded as the event fulfilment records (`payment.completed`, with its
 * shares), on its day and in time order, as history: the dashboards are built from it.
 * `scopeOf` places the events (the account module's; a shared one reads each account once).
 */
export async function seedScaleFinance(db: Db, log: (message: string) => void, scopeOf: ScopeResolver = accountsRepo.scopeOf): Promise<void> {
  const [done] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from payments where provider_ref like 'scale-%'`);
  if ((done?.n ?? 0) > 0) {
    log(`Finance already seeded (${done!.n} scale payments); nothing to do.`);
    return;
  }
  const started = Date.now();
  const lap = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  await db.transaction(async (tx) => {
    const run = async (what: string, statement: ReturnType<typeof sql>) => {
      await tx.execute(statement);
      lap(what);
    };
    // The rule and settings every posting uses, as the finance module reads them.
    await run('rule', sql`
      create temporary table fs_rule on commit drop as
      select r.version, r.rates, s.holding_days, s.settlement_fee_bps
        from (select * from commission_rules order by version desc limit 1) r cross join finance_settings s where s.id = 1`);

    // Who pays, each month of the last year after registering: a payment a day in the month
    // that depends on the payer, in office hours. The network is the payer's as it stands.
    await run('payments to make', sql`
      create temporary table fs_pay on commit drop as
      with payers as (
        select a.id as payer_id, 'merchant' as kind, 'business' as package_type, 'Local Growth' as package_name,
               a.created_at as since, a.studio_id, a.agent_id
          from accounts a
         where a.email like 'scale-client-%' and a.pay_status <> 0 and a.studio_id is not null and a.agent_id is not null
        union all
        select a.id, 'membership', 'studio', 'AI Studio Membership', a.created_at, null, a.agent_id
          from accounts a
         where a.email like 'scale-studio-%' and a.pay_status <> 0 and a.agent_id is not null
      ), dated as (
        select p.*, date_trunc('day', now()) - ((m * 30) + (p.payer_id % 28) + 1) * interval '1 day'
                    + (9 * 60 + p.payer_id % 480) * interval '1 minute' as at
          from payers p cross join generate_series(0, 11) as m
      )
      select d.payer_id, d.kind, d.package_type, d.package_name, d.at, d.studio_id, d.agent_id,
             (g.agent_type = 'sub') as is_sub,
             case when g.agent_type = 'sub' then g.main_agent_id else g.id end as main_id,
             99900::int as amount_cents,
             nextval(pg_get_serial_sequence('orders', 'id')) as order_id,
             nextval(pg_get_serial_sequence('payments', 'id')) as payment_id,
             nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as tx_id
        from dated d join accounts g on g.id = d.agent_id
       where d.at >= d.since and (g.agent_type <> 'sub' or g.main_agent_id is not null)`);

    await run('orders', sql`
      insert into orders (id, account_id, package_name, package_type, periods, amount_cents, discount_cents, status, provider, created_at, paid_at)
      overriding system value
      select order_id, payer_id, package_name, package_type, 1, amount_cents, 0, 'paid', 'sandbox', at, at from fs_pay`);
    await run('payments', sql`
      insert into payments (id, order_id, account_id, amount_cents, provider, provider_ref, created_at)
      overriding system value
      select payment_id, order_id, payer_id, amount_cents, 'sandbox', 'scale-' || order_id, at from fs_pay`);

    // Each payment's shares under the rule (commission.ts splitPayment): each earner's rounded
    // down, the platform the rest.
    await run('shares', sql`
      create temporary table fs_share on commit drop as
      with rates as (select rates from fs_rule),
      earners as (
        select p.*, 'studio' as role, p.studio_id as beneficiary_id, (r.rates->'merchant'->>'studio')::int as bps
          from fs_pay p, rates r where p.kind = 'merchant'
        union all
        select p.*, case when p.is_sub then 'sub_agent' else 'agent' end, p.agent_id,
               case when p.is_sub then (r.rates->p.kind->>'sub_agent')::int else (r.rates->p.kind->>'agent')::int end
          from fs_pay p, rates r
        union all
        select p.*, 'main_agent', p.main_id, (r.rates->p.kind->>'main_agent')::int
          from fs_pay p, rates r where p.is_sub
      )
      select payment_id, tx_id, payer_id, kind, at, amount_cents as base_cents, role, beneficiary_id, bps,
             (amount_cents::bigint * bps / 10000)::int as share_cents
        from earners where bps > 0`);
    await run('platform shares', sql`
      insert into fs_share
      select p.payment_id, p.tx_id, p.payer_id, p.kind, p.at, p.amount_cents, 'platform', null,
             10000 - coalesce(sum(s.bps), 0), p.amount_cents - coalesce(sum(s.share_cents), 0)
        from fs_pay p left join fs_share s on s.payment_id = p.payment_id
       group by p.payment_id, p.tx_id, p.payer_id, p.kind, p.at, p.amount_cents`);

    // The ledger accounts the postings need, each with its balance row.
    await run('ledger accounts', sql`
      insert into ledger_accounts (key, owner_id, purpose)
      select distinct key, owner_id, purpose from (
        select 'payments:' || payer_id as key, payer_id as owner_id, 'payments' as purpose from fs_pay
        union all select 'pending:' || beneficiary_id, beneficiary_id, 'pending' from fs_share where beneficiary_id is not null
        union all select 'available:' || beneficiary_id, beneficiary_id, 'available' from fs_share where beneficiary_id is not null
        union all select 'in_transit:' || beneficiary_id, beneficiary_id, 'in_transit' from fs_share where beneficiary_id is not null
        union all select 'paid_out:' || beneficiary_id, beneficiary_id, 'paid_out' from fs_share where beneficiary_id is not null
        union all select 'revenue:platform', null, 'revenue'
        union all select 'fees:platform', null, 'fees'
      ) k
      on conflict (key) do nothing`);
    await run('balance rows', sql`
      insert into ledger_balances (ledger_account_id, owner_id, purpose)
      select id, owner_id, purpose from ledger_accounts on conflict do nothing`);

    await run('payment postings', sql`
      insert into ledger_transactions (id, kind, cause_key, payment_id, rule_version, party_id, amount_cents, remark, created_at)
      overriding system value
      select p.tx_id, 'payment', 'payment:' || p.payment_id, p.payment_id, r.version, p.payer_id, p.amount_cents, p.package_name, p.at
        from fs_pay p cross join fs_rule r`);
    await run('payment entries', sql`
      insert into ledger_entries (transaction_id, ledger_account_id, amount_cents, created_at)
      select p.tx_id, la.id, -p.amount_cents, p.at from fs_pay p join ledger_accounts la on la.key = 'payments:' || p.payer_id
      union all
      select s.tx_id, la.id, s.share_cents, s.at
        from fs_share s join ledger_accounts la on la.key = case when s.beneficiary_id is null then 'revenue:platform' else 'pending:' || s.beneficiary_id end
       where s.share_cents > 0`);

    // The commission rows; earners' shares past the holding period are available.
    await run('commissions', sql`
      insert into commissions (payment_id, payer_id, beneficiary_id, role, kind, rule_version, rate_bps, base_cents, amount_cents,
                               reversed_cents, status, available_at, released_at, transaction_id, created_at)
      select s.payment_id, s.payer_id, s.beneficiary_id, s.role, s.kind, r.version, s.bps, s.base_cents, s.share_cents, 0,
             case when s.beneficiary_id is null or s.at + r.holding_days * interval '1 day' <= now() then 'available' else 'pending' end,
             case when s.beneficiary_id is null then s.at else s.at + r.holding_days * interval '1 day' end,
             case when s.beneficiary_id is null then s.at when s.at + r.holding_days * interval '1 day' <= now() then s.at + r.holding_days * interval '1 day' end,
             s.tx_id, s.at
        from fs_share s cross join fs_rule r`);

    // Releases: pending → available, one posting per earner and month of release.
    await run('releases to post', sql`
      create temporary table fs_release on commit drop as
      select beneficiary_id, to_char(available_at, 'YYYY-MM') as month, sum(amount_cents)::bigint as cents, max(available_at) as at,
             nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as tx_id
        from commissions c
       where c.beneficiary_id is not null and c.status = 'available' and c.payment_id in (select payment_id from fs_pay)
       group by beneficiary_id, to_char(available_at, 'YYYY-MM')`);
    await run('release postings', sql`
      insert into ledger_transactions (id, kind, cause_key, party_id, amount_cents, created_at)
      overriding system value
      select tx_id, 'release', 'release:scale:' || beneficiary_id || ':' || month, beneficiary_id, cents, at from fs_release`);
    await run('release entries', sql`
      insert into ledger_entries (transaction_id, ledger_account_id, amount_cents, created_at)
      select r.tx_id, la.id, -r.cents, r.at from fs_release r join ledger_accounts la on la.key = 'pending:' || r.beneficiary_id
      union all
      select r.tx_id, la.id, r.cents, r.at from fs_release r join ledger_accounts la on la.key = 'available:' || r.beneficiary_id`);

    // One payout per earner: what it had available three months ago, applied for and paid.
    await run('settlements to make', sql`
      create temporary table fs_settle on commit drop as
      select x.*, least(x.gross, (x.gross * f.settlement_fee_bps + 5000) / 10000)::bigint as fee, f.settlement_fee_bps as fee_bps,
             nextval(pg_get_serial_sequence('settlements', 'id')) as settlement_id,
             nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as apply_tx,
             nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as paid_tx
        from (select beneficiary_id, sum(cents)::bigint as gross, min(at) as since
                from fs_release where at <= now() - interval '90 days' group by beneficiary_id) x
        cross join fs_rule f
       where x.gross >= 10000`);
    await run('settlements', sql`
      insert into settlements (id, account_id, status, period_start, period_end, gross_cents, fee_bps, fee_cents, net_cents,
                               payout_rail, payout_reference, created_at, decided_at)
      overriding system value
      select s.settlement_id, s.beneficiary_id, 'paid', least(a.created_at, s.since), now() - interval '90 days', s.gross, s.fee_bps, s.fee, s.gross - s.fee,
             'manual_bank_transfer', 'SCALE-' || s.settlement_id, now() - interval '90 days', now() - interval '87 days'
        from fs_settle s join accounts a on a.id = s.beneficiary_id`);
    await run('settlement postings', sql`
      insert into ledger_transactions (id, kind, cause_key, settlement_id, party_id, amount_cents, remark, created_at)
      overriding system value
      select apply_tx, 'settlement_apply', 'settlement:' || settlement_id || ':apply', settlement_id, beneficiary_id, gross, '', now() - interval '90 days' from fs_settle
      union all
      select paid_tx, 'settlement_paid', 'settlement:' || settlement_id || ':paid', settlement_id, beneficiary_id, gross, 'SCALE-' || settlement_id, now() - interval '87 days' from fs_settle`);
    await run('settlement entries', sql`
      insert into ledger_entries (transaction_id, ledger_account_id, amount_cents, created_at)
      select s.apply_tx, la.id, -s.gross, now() - interval '90 days' from fs_settle s join ledger_accounts la on la.key = 'available:' || s.beneficiary_id
      union all
      select s.apply_tx, la.id, s.gross, now() - interval '90 days' from fs_settle s join ledger_accounts la on la.key = 'in_transit:' || s.beneficiary_id
      union all
      select s.paid_tx, la.id, -s.gross, now() - interval '87 days' from fs_settle s join ledger_accounts la on la.key = 'in_transit:' || s.beneficiary_id
      union all
      select s.paid_tx, la.id, s.gross - s.fee, now() - interval '87 days' from fs_settle s join ledger_accounts la on la.key = 'paid_out:' || s.beneficiary_id
      union all
      select s.paid_tx, la.id, s.fee, now() - interval '87 days' from fs_settle s join ledger_accounts la on la.key = 'fees:platform' where s.fee > 0`);

    // Balance rows from their entries, as every posting keeps them.
    await run('balances', sql`
      update ledger_balances b set balance_cents = t.total, updated_at = now()
        from (select ledger_account_id, sum(amount_cents)::bigint as total from ledger_entries group by ledger_account_id) t
       where t.ledger_account_id = b.ledger_account_id and b.balance_cents <> t.total`);
    // The balances were written directly: the purpose totals start again from them.
    await run('purpose totals', sql`delete from ledger_purpose_deltas`);
    await run('purpose totals fold', sql`
      insert into ledger_purpose_totals (purpose, balance_cents)
      select purpose, sum(balance_cents) from ledger_balances group by purpose
      on conflict (purpose) do update set balance_cents = excluded.balance_cents, updated_at = now()`);
    // Orders and consumption on the accounts, as fulfilment counts them.
    await run('account totals', sql`
      update accounts a set order_count = t.n, consumption_cents = t.cents
        from (select payer_id, count(*)::int as n, sum(amount_cents)::bigint as cents from fs_pay group by payer_id) t
       where t.payer_id = a.id`);

    // What fulfilment records of each payment, in the order they happened: a payer's first
    // payment is not a renewal, and the rollups tell a first payment from a renewal by that order.
    await run('payment history to write', sql`
      create temporary table fs_history on commit drop as
      select (row_number() over (order by p.at, p.payment_id))::int as n, p.payment_id, p.order_id, p.payer_id, p.package_type,
             p.amount_cents, p.at, row_number() over (partition by p.payer_id order by p.at, p.payment_id) > 1 as renewal
        from fs_pay p`);
    await run('payment history order', sql`create index on fs_history (n)`);
    const history = new HistoryWriter(tx, scopeOf);
    for (let after = 0; ; ) {
      const page = await selectRows<HistoryRow>(tx, sql`
        select h.n, h.payment_id::int as payment_id, h.order_id::int as order_id, h.payer_id, h.package_type, h.amount_cents, h.at, h.renewal,
               coalesce((select json_agg(json_build_object('id', c.id::int, 'beneficiary_id', c.beneficiary_id, 'role', c.role, 'amount_cents', c.amount_cents) order by c.id)
                           from commissions c where c.payment_id = h.payment_id), '[]'::json) as shares
          from fs_history h where h.n > ${after} order by h.n limit ${HISTORY_PAGE}`);
      for (const row of page) {
        await history.add('payment.completed', {
          actor_id: row.payer_id,
          subject_id: row.order_id,
          account_id: row.payer_id,
          payload: {
            order_id: row.order_id,
            payment_id: row.payment_id,
            package_type: row.package_type,
            amount_cents: row.amount_cents,
            periods: 1,
            provider: 'sandbox',
            renewal: row.renewal,
            shares: row.shares,
          },
          at: new Date(row.at),
        });
      }
      if (page.length < HISTORY_PAGE) break;
      after = page.at(-1)!.n;
    }
    lap(`payment history (${await history.flush()} events)`);
  });

  for (const table of ['orders', 'payments', 'ledger_transactions', 'ledger_entries', 'ledger_balances', 'commissions', 'settlements']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const [counts] = await selectRows<Record<string, number>>(
    db,
    sql`select (select count(*) from payments)::int as payments, (select count(*) from ledger_transactions)::int as transactions,
               (select count(*) from ledger_entries)::int as entries, (select count(*) from commissions)::int as commissions,
               (select count(*) from settlements)::int as settlements,
               (select count(*) from (select transaction_id from ledger_entries group by 1 having sum(amount_cents) <> 0) u)::int as unbalanced`,
  );
  log(`Finance seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
}

interface HistoryRow {
  n: number;
  payment_id: number;
  order_id: number;
  payer_id: number;
  package_type: EventPayload<'payment.completed'>['package_type'];
  amount_cents: number;
  at: Date | string;
  renewal: boolean;
  shares: EventPayload<'payment.completed'>['shares'];
}
