import { RightOutlined } from '@ant-design/icons';
import type { MonthlyReportSummary } from '@nearcast/contract';
import { Card, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { formatCount, formatReportMonth } from '../lib/report-view';

interface ReportListProps {
  reports: MonthlyReportSummary[];
  selectedId: number | null;
  onSelect: (report: MonthlyReportSummary) => void;
  /** The reader works for several merchants: each row says whose month it is. */
  showMerchant: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A new page is on its way: the old one stays, dimmed. */
  stale: boolean;
}

/** The months, newest first: each row its month, whose it is, what went out and what it cost. */
export function ReportList({ reports, selectedId, onSelect, showMerchant, total, page, pageSize, onPageChange, stale }: ReportListProps) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  return (
    <nav className={stale ? 'report-list report-list--stale' : 'report-list'} aria-label={t('list.label')} data-testid="report-list">
      <ul className="report-rows">
        {reports.map((report) => {
          const selected = report.id === selectedId;
          return (
            <li key={report.id}>
              <button
                type="button"
                className={selected ? 'report-row report-row--selected' : 'report-row'}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(report)}
                data-testid="report-row"
                data-report-id={report.id}
                data-month={report.month}
              >
                <span className="report-row__main">
                  <span className="report-row__month">{formatReportMonth(report.month)}</span>
                  {showMerchant && (
                    <span className="report-row__merchant" title={report.merchant_name}>
                      {report.merchant_name}
                    </span>
                  )}
                  <span className="report-row__facts">
                    <span>{t('list.videos', { count: report.videos_published, value: formatCount(report.videos_published, language) })}</span>
                    <span>{t('list.plays', { count: report.plays, value: formatCount(report.plays, language) })}</span>
                    {report.cost_per_thousand_cents !== null && (
                      <span>{t('list.cost', { value: formatUsd(report.cost_per_thousand_cents, language) })}</span>
                    )}
                  </span>
                </span>
                <RightOutlined className="report-row__arrow" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      {total > pageSize && (
        <Pagination
          simple
          size="small"
          className="report-list__pages"
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={onPageChange}
          showSizeChanger={false}
          data-testid="report-pages"
        />
      )}
    </nav>
  );
}

/** The list's place while the first page loads. */
export function ReportListSkeleton() {
  return (
    <div className="report-list" data-testid="report-list-loading" aria-hidden="true">
      <ul className="report-rows">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index}>
            <Card size="small" className="report-row report-row--skeleton">
              <Skeleton active title={{ width: '55%' }} paragraph={{ rows: 1, width: '80%' }} />
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
