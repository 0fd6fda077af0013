import type { Role } from '@nearcast/contract';
import type { Executor } from '../db/client.js';
import { recordAudit, type AuditInput } from '../modules/audit/service.js';
import * as pricingRepo from '../modules/pricing/repository.js';

const DAY_MS = 86_400_000;

/** Where the demo's staff work from: documentation addresses and the browsers they use. */
const DESKS = {
  super: { ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
  admin: { ip: '198.51.100.7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' },
} as const;

/**
 * The staff history of the demo network in the audit log, so the super admin's page opens on
 * what its staff did in the last weeks: the admin's account, a sub-agent, the merchant plan's
 * price, and the studio and merchant placed where the seed placed them. Each entry's values are
 * the demo's as they are now, written through the audit module with the chain as it is kept.
 */
export async function seedAuditHistory(ex: Executor, ids: (key: string) => number | null, emails: (key: string) => string): Promise<void> {
  const now = Date.now();
  const by = (key: 'super' | 'admin') => ({
    actor: { id: ids(key)!, role: key as Role, email: emails(key) },
    ...DESKS[key],
  });
  const { rows } = await pricingRepo.listPackages(ex, { type: 'business', status: 'enabled' }, 1, 1);
  const plan = rows[0];
  const history: [number, 'super' | 'admin', AuditInput][] = [
    [26, 'super', { action: 'account.create', target: { id: ids('admin')!, label: emails('admin') }, after: { email: emails('admin'), role: 'admin', username: 'admin', name: 'Ada Admin' } }],
    [22, 'super', { action: 'agent.add', target: { id: ids('subagent')!, label: emails('subagent') }, after: { email: emails('subagent'), agent_type: 'sub', main_agent_id: ids('agent') } }],
    ...(plan
      ? ([
          [
            19,
            'super',
            {
              action: 'price.update',
              target: { id: plan.id, label: plan.name },
              before: { actual_price_cents: plan.actualPriceCents + 10_000, tag: '' },
              after: { actual_price_cents: plan.actualPriceCents, tag: plan.tag },
            },
          ],
        ] as [number, 'super' | 'admin', AuditInput][])
      : []),
    [14, 'admin', { action: 'studio.assign', target: { id: ids('studio')!, label: emails('studio') }, before: { agent_id: null }, after: { agent_id: ids('agent') } }],
    [13, 'admin', { action: 'client.set_studio', target: { id: ids('client')!, label: emails('client') }, before: { studio_id: null }, after: { studio_id: ids('studio') } }],
    [11, 'admin', { action: 'client.assign_operator', target: { id: ids('client')!, label: emails('client') }, before: { operator_id: null }, after: { operator_id: ids('operator') } }],
  ];
  for (const [daysAgo, who, input] of history) {
    // Mid-morning on a weekday-like hour, so the times read as someone's working day.
    const at = new Date(now - daysAgo * DAY_MS);
    at.setUTCHours(17, 12 + daysAgo, 0, 0);
    await recordAudit(ex, { ...input, at }, by(who));
  }
}
