import type { PartyBalances, PlatformSummary } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../../components/stat-tiles';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';

/** A studio's or an agent's money: pending in the holding period, available, being paid, paid out. */
export function BalanceTiles({ balances, loading }: { balances: PartyBalances | undefined; loading: boolean }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const value = (cents: number | undefined) => (cents === undefined ? '—' : formatUsd(cents, language));
  return (
    <StatTiles
      loading={loading}
      testId="balance-tiles"
      tiles={[
        { key: 'pending', label: t('balance.pending'), value: value(balances?.pending_cents) },
        { key: 'available', label: t('balance.available'), value: value(balances?.available_cents), accent: true },
        { key: 'in-transit', label: t('balance.in_transit'), value: value(balances?.in_transit_cents) },
        { key: 'paid-out', label: t('balance.paid_out'), value: value(balances?.paid_out_cents) },
      ]}
    />
  );
}

/** Staff: the platform's revenue, fees and unallocated account, and what came in and is owed. */
export function PlatformTiles({ summary, loading }: { summary: PlatformSummary | undefined; loading: boolean }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const value = (cents: number | undefined) => (cents === undefined ? '—' : formatUsd(cents, language));
  return (
    <StatTiles
      loading={loading}
      testId="platform-tiles"
      tiles={[
        { key: 'received', label: t('platform.received'), value: value(summary?.received_cents) },
        { key: 'revenue', label: t('platform.revenue'), value: value(summary?.revenue_cents), accent: true },
        { key: 'fees', label: t('platform.fees'), value: value(summary?.fees_cents) },
        { key: 'unallocated', label: t('platform.unallocated'), value: value(summary?.unallocated_cents) },
        { key: 'refunded', label: t('platform.refunded'), value: value(summary?.refunded_cents) },
        { key: 'owed', label: t('platform.owed'), value: value(summary ? summary.owed.pending_cents + summary.owed.available_cents + summary.owed.in_transit_cents : undefined) },
      ]}
    />
  );
}
