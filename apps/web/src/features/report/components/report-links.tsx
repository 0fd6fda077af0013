import { BulbOutlined, LinkOutlined } from '@ant-design/icons';
import type { MonthlyReport } from '@nearcast/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { formatCount } from '../lib/report-view';
import { TopVideos } from './top-videos';

type Links = Pick<MonthlyReport, 'visits' | 'redemptions' | 'cost_per_visit_cents' | 'cost_per_redemption_cents' | 'plan' | 'top_by_visits'>;

/**
 * What the money bought: the month's short-link visits and redemptions, the plan's month price
 * over each, and the videos that brought the most visits. A report built before the report
 * counted links (its figures null) shows nothing here rather than zeros it never measured.
 */
export function MoneyBought({ report }: { report: Links }) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  if (report.visits === null || report.redemptions === null) return null;
  const na = t('figures.not_available');
  const hasPlan = report.plan !== null;
  const rows = [
    { key: 'visits', label: t('bought.visits'), value: formatCount(report.visits, language), hint: null },
    { key: 'redemptions', label: t('bought.redemptions'), value: formatCount(report.redemptions, language), hint: null },
    {
      key: 'cost-visit',
      label: t('bought.cost_per_visit'),
      value: report.cost_per_visit_cents === null ? null : formatUsd(report.cost_per_visit_cents, language),
      // Why there is none: no plan to divide, or nothing to divide it by.
      hint: report.cost_per_visit_cents !== null ? null : hasPlan ? t('bought.no_visits') : t('bought.no_plan'),
    },
    {
      key: 'cost-redemption',
      label: t('bought.cost_per_redemption'),
      value: report.cost_per_redemption_cents === null ? null : formatUsd(report.cost_per_redemption_cents, language),
      hint: report.cost_per_redemption_cents !== null ? null : hasPlan ? t('bought.no_redemptions') : t('bought.no_plan'),
    },
  ];

  return (
    <Card className="report-card" data-testid="report-bought">
      <h3 className="report-card__title">
        <LinkOutlined aria-hidden="true" /> {t('bought.title')}
      </h3>
      <dl className="report-bought">
        {rows.map((row) => (
          <div key={row.key} className="report-bought__item" data-testid={`report-bought-${row.key}`}>
            <dt className="report-bought__label">{row.label}</dt>
            <dd className={`report-bought__value${row.value === null ? ' report-na' : ''}`}>{row.value ?? na}</dd>
            {row.hint && <dd className="report-bought__hint">{row.hint}</dd>}
          </div>
        ))}
      </dl>
      <p className="report-muted">{t('bought.explain')}</p>
      {report.top_by_visits !== null && (
        <>
          <h4 className="report-bought__subtitle">{t('bought.top_title')}</h4>
          <TopVideos videos={report.top_by_visits} emptyText={t('bought.top_empty')} testId="report-visit-top" />
        </>
      )}
    </Card>
  );
}

/** What the plan learned from the month's videos, in the reader's language (null: a report built before it said). */
export function PlanLessons({ lessons }: { lessons: MonthlyReport['lessons'] }) {
  const { t } = useTranslation('report');
  if (lessons === null) return null;
  return (
    <Card className="report-card" data-testid="report-lessons">
      <h3 className="report-card__title">
        <BulbOutlined aria-hidden="true" /> {t('lessons.title')}
      </h3>
      {lessons.length === 0 ? (
        <p className="report-muted" data-testid="report-lessons-empty">
          {t('lessons.empty')}
        </p>
      ) : (
        <>
          <p className="report-card__lead">{t('lessons.lead')}</p>
          <ul className="report-lessons">
            {lessons.map((lesson) => (
              <li key={lesson.dimension} className="report-lessons__item" data-testid="report-lesson">
                {lesson.text}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
