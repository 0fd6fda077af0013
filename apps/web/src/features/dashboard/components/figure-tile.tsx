import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { Figure } from '@nearcast/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTile } from '../../../components/stat-tiles';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { changeOf, isGoodChange } from '../../../lib/change';
import './panels-styles';

export function formatFigure(value: number, money: boolean, locale: string): string {
  return money ? formatUsd(value, locale) : new Intl.NumberFormat(locale).format(value);
}

/**
 * The change against the previous period of the same length, coloured by whether it is good
 * news, with the previous value beside it so a percentage is never read without its base.
 */
export function ChangeHint({ figure, money, higherIsBetter = true, testId }: { figure: Figure; money: boolean; higherIsBetter?: boolean; testId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = currentLanguage();
  // The whole network has nothing before it to compare with.
  if (figure.previous === null) return null;
  const change = changeOf(figure.value, figure.previous);
  const good = isGoodChange(change, higherIsBetter);
  const tone = good === null ? 'flat' : good ? 'good' : 'bad';
  const percent = 'percent' in change ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(change.percent) : '';
  let mark: ReactNode;
  let words: string;
  if (change.direction === 'up') {
    mark = <ArrowUpOutlined aria-hidden="true" />;
    words = t('change.up', { percent });
  } else if (change.direction === 'down') {
    mark = <ArrowDownOutlined aria-hidden="true" />;
    words = t('change.down', { percent });
  } else if (change.direction === 'new') {
    words = t('change.new');
  } else {
    words = t('change.flat');
  }
  return (
    <span className="dash-change" data-testid={testId}>
      <span className={`dash-change__move dash-change__move--${tone}`} data-direction={change.direction}>
        {mark} {words}
      </span>
      <span className="dash-change__was">{t('change.was', { value: formatFigure(figure.previous, money, locale) })}</span>
    </span>
  );
}

/** One headline figure: its value over the range and how it moved. */
export function FigureTile({
  label,
  figure,
  money = false,
  higherIsBetter = true,
  icon,
  loading,
  testId,
  accent,
}: {
  label: string;
  figure: Figure | undefined;
  money?: boolean;
  higherIsBetter?: boolean;
  icon?: ReactNode;
  loading: boolean;
  testId: string;
  accent?: boolean;
}) {
  const locale = currentLanguage();
  return (
    <StatTile
      label={label}
      icon={icon}
      loading={loading}
      value={figure ? formatFigure(figure.value, money, locale) : '—'}
      hint={figure && <ChangeHint figure={figure} money={money} higherIsBetter={higherIsBetter} testId={`${testId}-change`} />}
      testId={testId}
      accent={accent}
    />
  );
}
