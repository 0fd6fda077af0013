import type { DashboardRange } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, DATE_FORMAT } from '../../../lib/format-date';
import { useDashboardTotal } from '../api/dashboard-total';

// A plain YYYY-MM-DD reads as that calendar day wherever the reader is (no time zone shift).
const day = (date: string) => formatDate(date, DATE_FORMAT);

/** Which days the figures cover and which they are compared with, from the server's answer. */
export function PeriodNote({ range }: { range: DashboardRange }) {
  const { t } = useTranslation('dashboard');
  const period = useDashboardTotal(range).data?.period;
  if (!period) return null;
  const span = period.from === period.to ? day(period.from) : t('period.span', { from: day(period.from), to: day(period.to) });
  return (
    <span data-testid="dashboard-period">
      {period.previous_from && period.previous_to
        ? t('period.compared', {
            span,
            previous: period.previous_from === period.previous_to ? day(period.previous_from) : t('period.span', { from: day(period.previous_from), to: day(period.previous_to) }),
          })
        : t('period.since', { span })}
    </span>
  );
}
