import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CommentOutlined,
  DownloadOutlined,
  FolderOpenOutlined,
  HeartOutlined,
  PlaySquareOutlined,
  ShareAltOutlined,
  ThunderboltOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { CODES, type MonthlyReport, type MonthlyReportSummary } from '@nearcast/contract';
import { Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/date-style';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { useMonthlyReport } from '../api/get-monthly-report';
import { costView, formatCount, formatReportMonth } from '../lib/report-view';
import { PlatformTable } from './platform-table';
import { ChangeHint, FigureCard } from './report-figures';
import { MoneyBought, PlanLessons } from './report-links';
import { TopVideos } from './top-videos';

interface ReportDetailProps {
  id: number;
  /** The list's row of this report, when it is on the page: its heading shows while the rest loads. */
  summary?: MonthlyReportSummary;
  /** The reader works for merchants (not a merchant itself): the merchant's name heads the report. */
  showMerchant: boolean;
  /** On a phone the report replaces the list: a way back to it. */
  onBack?: () => void;
}

/**
 * One month's report: its heading and PDF, the headline figures against the month before, the
 * cost per thousand plays against the plan's price, each platform, the top videos and what the
 * studio did. Loading, a report the reader may not read, and a failure each have their place.
 */
export function ReportDetail({ id, summary, showMerchant, onBack }: ReportDetailProps) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  const report = useMonthlyReport(id, language);

  let body: ReactNode;
  if (report.isPending) {
    body = <DetailSkeleton summary={summary} showMerchant={showMerchant} />;
  } else if (report.isError) {
    const failure =
      report.error instanceof ApiError && report.error.code === CODES.notFound ? (
        <ListEmpty
          title={t('detail.not_found_title')}
          body={t('detail.not_found_body')}
          testId="report-not-found"
          action={onBack && <Button onClick={onBack}>{t('detail.back')}</Button>}
        />
      ) : (
        <LoadFailed error={report.error} body={t('detail.load_failed_body')} onRetry={() => void report.refetch()} testId="report-failed" retryTestId="report-retry" />
      );
    body = (
      <>
        {/* The section is named by its heading in every state. */}
        <h2 id="report-title" className="nc-visually-hidden">
          {summary ? formatReportMonth(summary.month) : t('detail.heading')}
        </h2>
        {failure}
      </>
    );
  } else {
    body = <ReportBody report={report.data} showMerchant={showMerchant} />;
  }

  return (
    <section
      className="report-detail"
      data-testid="report-detail"
      data-report-id={id}
      data-state={report.isPending ? 'loading' : report.isError ? 'error' : 'ready'}
      aria-labelledby="report-title"
      aria-busy={report.isPending || undefined}
    >
      {onBack && (
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="report-back" data-testid="report-back">
          {t('detail.back')}
        </Button>
      )}
      {body}
    </section>
  );
}

function DetailSkeleton({ summary, showMerchant }: { summary?: MonthlyReportSummary; showMerchant: boolean }) {
  const { t } = useTranslation('report');
  return (
    <div className="report-body" data-testid="report-loading">
      <header className="report-head">
        <div className="report-head__text">
          {summary && showMerchant && <p className="report-head__merchant">{summary.merchant_name}</p>}
          {summary ? (
            <h2 id="report-title" className="report-head__title">
              {formatReportMonth(summary.month)}
            </h2>
          ) : (
            <h2 id="report-title" className="nc-visually-hidden">
              {t('detail.loading')}
            </h2>
          )}
          {!summary && <Skeleton.Input active className="report-skeleton__title" />}
        </div>
        <Skeleton.Button active size="large" className="report-skeleton__button" />
      </header>
      <div className="report-figures">
        {Array.from({ length: 5 }, (_, index) => (
          <Card key={index} size="small" className="nc-tile">
            <Skeleton active title={false} paragraph={{ rows: 2, width: ['60%', '40%'] }} />
          </Card>
        ))}
      </div>
      <Card className="report-card">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    </div>
  );
}

function ReportBody({ report, showMerchant }: { report: MonthlyReport; showMerchant: boolean }) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  const month = formatReportMonth(report.month);
  const cost = costView(report);
  const previousCost = report.previous_cost_per_thousand_cents;
  const workTitle = t(showMerchant ? 'work.title_others' : 'work.title');

  return (
    <div className="report-body">
      <header className="report-head">
        <div className="report-head__text">
          {showMerchant && (
            <p className="report-head__merchant" data-testid="report-merchant">
              {report.merchant_name}
            </p>
          )}
          <h2 id="report-title" className="report-head__title" data-testid="report-month">
            {month}
          </h2>
          <p className="report-head__meta">
            <span>{t('detail.period', { from: formatDay(report.period.from, 'UTC'), to: formatDay(report.period.to, 'UTC') })}</span>
            <span>{t('detail.generated', { date: formatDate(report.create_time) })}</span>
          </p>
        </div>
        <div className="report-head__actions">
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined />}
            href={report.pdf.url}
            download={report.pdf.file_name}
            className="report-download"
            data-testid="report-download"
          >
            {t('detail.download')}
          </Button>
          <span className="report-head__pdf">{t('detail.pdf_language', { language: t(`common:language.${report.pdf.language}`) })}</span>
        </div>
      </header>

      <h3 className="nc-visually-hidden">{t('figures.title')}</h3>
      <div className="report-figures" data-testid="report-figures">
        <FigureCard label={t('figures.videos')} value={report.videos.value} previous={report.videos.previous} icon={<VideoCameraOutlined />} testId="report-figure-videos" />
        <FigureCard
          label={t('figures.plays')}
          value={report.plays_figure.value}
          previous={report.plays_figure.previous}
          icon={<PlaySquareOutlined />}
          testId="report-figure-plays"
          accent
        />
        <FigureCard label={t('figures.likes')} value={report.likes.value} previous={report.likes.previous} icon={<HeartOutlined />} testId="report-figure-likes" />
        <FigureCard label={t('figures.comments')} value={report.comments.value} previous={report.comments.previous} icon={<CommentOutlined />} testId="report-figure-comments" />
        <FigureCard label={t('figures.shares')} value={report.shares.value} previous={report.shares.previous} icon={<ShareAltOutlined />} testId="report-figure-shares" />
      </div>

      <div className="report-pair">
        <Card className="report-card report-cost" data-testid="report-cost">
          <h3 className="report-card__title">
            <ThunderboltOutlined aria-hidden="true" /> {t('cost.title')}
          </h3>
          {cost.kind === 'value' ? (
            <>
              <p className="report-cost__value" data-testid="report-cost-value">
                {formatUsd(cost.cents, language)}
              </p>
              <ChangeHint
                change={cost.change}
                previousText={previousCost === null ? null : formatUsd(previousCost, language)}
                higherIsBetter={false}
                testId="report-cost-change"
              />
            </>
          ) : (
            <p className="report-cost__none report-na" data-testid="report-cost-value">
              {t('figures.not_available')}
            </p>
          )}
          <p className="report-cost__plan" data-testid="report-plan">
            {report.plan
              ? t('cost.plan', { plan: report.plan.name, price: formatUsd(report.plan.price_cents, language) })
              : t('cost.no_plan')}
          </p>
          <p className="report-muted">
            {cost.kind === 'value'
              ? t('cost.explain', { plays: formatCount(report.plays_figure.value, language) })
              : cost.kind === 'no_plan'
                ? t('cost.no_plan_hint')
                : t(`cost.${cost.kind}`)}
          </p>
        </Card>

        <Card className="report-card" data-testid="report-work">
          <h3 className="report-card__title">{workTitle}</h3>
          <ul className="report-work">
            <WorkItem icon={<FolderOpenOutlined />} value={report.work.materials_used} label={t('work.materials_used')} testId="report-work-materials" />
            <WorkItem icon={<VideoCameraOutlined />} value={report.work.videos_made} label={t('work.videos_made')} testId="report-work-videos" />
            <WorkItem icon={<CheckCircleOutlined />} value={report.work.approvals} label={t('work.approvals')} testId="report-work-approvals" />
          </ul>
        </Card>
      </div>

      <MoneyBought report={report} />

      <Card className="report-card">
        <h3 className="report-card__title">{t('platforms.title')}</h3>
        <PlatformTable platforms={report.platforms} />
      </Card>

      <Card className="report-card">
        <h3 className="report-card__title">{t('top.title')}</h3>
        <p className="report-card__lead">{t('top.lead')}</p>
        <TopVideos videos={report.top} />
      </Card>

      <PlanLessons lessons={report.lessons} />
    </div>
  );
}

function WorkItem({ icon, value, label, testId }: { icon: ReactNode; value: number; label: string; testId: string }) {
  const language = currentLanguage();
  return (
    <li className="report-work__item" data-testid={testId}>
      <span className="report-work__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="report-work__value">{formatCount(value, language)}</span>
      <span className="report-work__label">{label}</span>
    </li>
  );
}
