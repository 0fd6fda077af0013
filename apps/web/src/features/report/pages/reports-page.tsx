import type { MonthlyReportSummary } from '@nearcast/contract';
import { Card, Skeleton } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListFilters } from '../../../components/list-filters';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { MerchantPicker } from '../../../components/merchant-picker';
import { PageHeader } from '../../../components/page-header';
import { formatDay } from '../../../lib/date-style';
import { useSession } from '../../../lib/session';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useMonthlyReports } from '../api/list-monthly-reports';
import { ReportDetail } from '../components/report-detail';
import { ReportList, ReportListSkeleton } from '../components/report-list';
import { emptyKind, nextReportDate, reportIdOf } from '../lib/report-view';
// The page's sheets in cascade order: a later one may override an earlier one.
import './reports-list.css';
import './reports-report.css';
import './reports-cards.css';
import './reports-top.css';
import './reports-links.css';

/** A year of months per page. */
const PAGE_SIZE = 12;

/** What a row click leaves in the history entry: "back" on a phone is then the browser's back. */
interface FromList {
  fromList: true;
}

const isFromList = (state: unknown): state is FromList => !!state && typeof state === 'object' && (state as Partial<FromList>).fromList === true;

/**
 * /reports (every signed-in role): the merchants' monthly reports, built on the 1st for the
 * month before. A merchant reads its own; its operator, studio, agents and staff read those of
 * the merchants they may (narrowed to one with the merchant picker). The report shown is in the
 * address (`?id=`, where a notification's link points), so a link, a reload and the back button
 * all land on it. Side by side on a wide screen (the newest month open unless another is chosen);
 * on a phone the list, and a chosen report in its place with a way back.
 */
export function ReportsPage() {
  const { t } = useTranslation('report');
  const { role } = useSession();
  const forMerchants = role !== 'client';
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const chosenId = reportIdOf(params.get('id'));
  const [merchant, setMerchant] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const request = useMemo(() => ({ page, page_size: PAGE_SIZE, ...(merchant !== null ? { merchant_id: merchant } : {}) }), [page, merchant]);
  const list = useMonthlyReports(request);
  const reports = list.data?.list ?? [];
  const selectedId = chosenId ?? (isPhone ? null : (reports[0]?.id ?? null));
  const summary = reports.find((report) => report.id === selectedId);

  // On a phone a chosen report replaces the list: it starts at its top, not where the row was.
  useEffect(() => {
    if (isPhone && chosenId !== null) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [isPhone, chosenId]);

  const select = (report: MonthlyReportSummary) => {
    if (report.id === chosenId) return;
    const next = new URLSearchParams(params);
    next.set('id', String(report.id));
    setParams(next, { state: { fromList: true } satisfies FromList });
  };
  const clearChoice = () => {
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next, { replace: true });
  };
  const back = () => (isFromList(location.state) ? void navigate(-1) : clearChoice());
  const chooseMerchant = (id: number | null) => {
    setMerchant(id);
    setPage(1);
    // The open report follows the list: the newest of the merchant chosen.
    if (chosenId !== null) clearChoice();
  };

  const filters = forMerchants && (
    <ListFilters active={merchant !== null ? 1 : 0} onReset={merchant !== null ? () => chooseMerchant(null) : undefined} testId="report-filters">
      <MerchantPicker
        value={merchant}
        onChange={(id) => chooseMerchant(id)}
        placeholder={t('filters.merchant')}
        testId="report-filter-merchant"
        className="nc-filters__select"
        style={{ '--nc-fit': '240px' } as CSSProperties}
      />
    </ListFilters>
  );

  const empty = !list.isPending && !list.isError && list.data?.total === 0 && page === 1;
  const kind = emptyKind(role, merchant !== null);

  let listColumn;
  if (list.isPending) {
    listColumn = <ReportListSkeleton />;
  } else if (list.isError && !list.data) {
    listColumn = (
      <LoadFailed error={list.error} body={t('list.load_failed_body')} onRetry={() => void list.refetch()} testId="report-list-failed" retryTestId="report-list-retry" />
    );
  } else if (empty) {
    listColumn = (
      <Card className="report-empty">
        <ListEmpty
          title={t(kind === 'filtered' ? 'empty.title_filtered' : 'empty.title')}
          body={t(`empty.${kind}`, { date: formatDay(nextReportDate(new Date())) })}
          testId="report-empty"
        />
      </Card>
    );
  } else {
    listColumn = (
      <ReportList
        reports={reports}
        selectedId={selectedId}
        onSelect={select}
        showMerchant={forMerchants}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        stale={list.isPlaceholderData}
      />
    );
  }

  let detailColumn = null;
  if (selectedId !== null) {
    detailColumn = <ReportDetail key={selectedId} id={selectedId} summary={summary} showMerchant={forMerchants} onBack={isPhone ? back : undefined} />;
  } else if (list.isPending && !isPhone) {
    detailColumn = (
      <Card className="report-card" aria-hidden="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  // A phone shows one of the two; nothing to show beside an empty list on a wide screen either.
  const showList = isPhone ? selectedId === null : true;
  const showDetail = detailColumn !== null && (isPhone || !empty || chosenId !== null);

  return (
    <div className="report-page">
      <PageHeader subtitle={t(forMerchants ? 'subtitle.others' : 'subtitle.client')} />
      {showList && filters}
      <div className={showList && showDetail ? 'report-layout report-layout--split' : 'report-layout'}>
        {showList && <div className="report-layout__list">{listColumn}</div>}
        {showDetail && <div className="report-layout__detail">{detailColumn}</div>}
      </div>
    </div>
  );
}
