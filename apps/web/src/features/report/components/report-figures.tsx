import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTile } from '../../../components/stat-tiles';
import { currentLanguage } from '../../../lib/i18n';
import { isGoodChange, type Change } from '../../../lib/change';
import { formatMetric, formatPercent, monthChangeOf } from '../lib/report-view';

/**
 * A move against the month before, coloured by whether it is good news, with last month's value
 * beside it so a percentage is never read without its base. Without last month's figure it
 * says so instead of inventing a change.
 */
export function ChangeHint({
  change,
  previousText,
  higherIsBetter = true,
  testId,
}: {
  /** null: last month's figure is not known. */
  change: Change | null;
  previousText: string | null;
  higherIsBetter?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  if (change === null || previousText === null) {
    return (
      <span className="report-change" data-testid={testId} data-direction="none">
        <span className="report-change__was">{t('change.none')}</span>
      </span>
    );
  }
  const good = isGoodChange(change, higherIsBetter);
  const tone = good === null ? 'flat' : good ? 'good' : 'bad';
  let mark: ReactNode = null;
  let words: string;
  if (change.direction === 'up') {
    mark = <ArrowUpOutlined aria-hidden="true" />;
    words = t('change.up', { percent: formatPercent(change.percent, language) });
  } else if (change.direction === 'down') {
    mark = <ArrowDownOutlined aria-hidden="true" />;
    words = t('change.down', { percent: formatPercent(change.percent, language) });
  } else if (change.direction === 'new') {
    words = t('change.new');
  } else {
    words = t('change.flat');
  }
  return (
    <span className="report-change" data-testid={testId} data-direction={change.direction}>
      <span className={`report-change__move report-change__move--${tone}`}>
        {mark} {words}
      </span>
      <span className="report-change__was">{t('change.was', { value: previousText })}</span>
    </span>
  );
}

/**
 * One headline figure of the month: its count (or "not available" when no platform reported
 * it, never 0) and its move against the month before.
 */
export function FigureCard({
  label,
  value,
  previous,
  icon,
  testId,
  accent = false,
}: {
  label: string;
  value: number | null;
  previous: number | null;
  icon: ReactNode;
  testId: string;
  accent?: boolean;
}) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  const na = t('figures.not_available');
  return (
    <StatTile
      label={label}
      icon={icon}
      loading={false}
      accent={accent}
      testId={testId}
      value={<span className={value === null ? 'report-na' : undefined}>{formatMetric(value, language, na)}</span>}
      hint={
        value === null ? (
          <span className="report-change__was">{t('figures.not_available_hint')}</span>
        ) : (
          <ChangeHint change={monthChangeOf(value, previous)} previousText={previous === null ? null : formatMetric(previous, language, na)} testId={`${testId}-change`} />
        )
      }
    />
  );
}
