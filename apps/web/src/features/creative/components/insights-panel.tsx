import { INSIGHT_DIMENSIONS, INSIGHT_RANGES, type InsightDimension, type InsightRange, type Insights, type InsightVideo } from '@nearcast/contract';
import { Alert, Card, Segmented, Select, Skeleton, Table, Tag, type GetRef } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardScrollArea } from '../../../components/data-table/data-table';
import { InlineLoadFailed } from '../../../components/list-state';
import { StatTiles } from '../../../components/stat-tiles';
import { currentLanguage } from '../../../lib/i18n';
import { useInsights } from '../api/get-insights';
import { choiceLabel, formatCount, formatRate } from '../lib/insight-labels';
import './insights.css';

type Choice = Insights['choices'][number];

/**
 * What worked (docs/decisions/084), in /video's numbers: for one merchant or every merchant the
 * studio serves, each choice's videos, median plays by 24 hours, the typical plays with an 80%
 * range that says how sure it is, engagement, link visits and redemptions; and the best and worst
 * videos. A merchant with too few results is shown its category's figures, and the panel says so.
 */
export function InsightsPanel({ merchantId }: { merchantId: number | null }) {
  const { t } = useTranslation('creative');
  const language = currentLanguage();
  const [range, setRange] = useState<InsightRange>('90d');
  const [dimension, setDimension] = useState<InsightDimension>('hook_style');
  const insights = useInsights(merchantId, range);
  const data = insights.data;
  const rows = data?.choices.filter((row) => row.dimension === dimension) ?? [];
  const na = t('insights.not_counted');
  // On a phone the table scrolls sideways; with no link in its cells the scroll takes the focus.
  const table = useRef<GetRef<typeof Table>>(null);
  useKeyboardScrollArea(table, t('insights.title'));

  const columns: ColumnsType<Choice> = [
    { key: 'value', title: t(`insights.dimension.${dimension}`), render: (_, row) => choiceLabel(t, row.dimension, row.value, language) },
    { key: 'videos', title: t('insights.videos'), align: 'right', render: (_, row) => formatCount(row.videos, language) },
    { key: 'median', title: t('insights.median_plays'), align: 'right', render: (_, row) => formatCount(row.median_plays_24h, language) },
    {
      key: 'typical',
      title: t('insights.typical_plays'),
      align: 'right',
      render: (_, row) => (
        <span>
          {formatCount(row.typical_plays_24h, language)}
          <span className="insights-muted insights-range">
            {row.interval ? t('insights.interval', { low: formatCount(row.interval.low, language), high: formatCount(row.interval.high, language) }) : t('insights.too_few')}
          </span>
        </span>
      ),
    },
    { key: 'engagement', title: t('insights.engagement'), align: 'right', render: (_, row) => formatRate(row.engagement_rate, language) },
    { key: 'visits', title: t('insights.visits'), align: 'right', render: (_, row) => (row.visits === null ? na : formatCount(row.visits, language)) },
    { key: 'redemptions', title: t('insights.redemptions'), align: 'right', render: (_, row) => (row.redemptions === null ? na : formatCount(row.redemptions, language)) },
  ];

  const tiles = data
    ? [
        { key: 'posts', label: t('insights.posts'), value: formatCount(data.totals.posts, language) },
        { key: 'median', label: t('insights.median_plays'), value: formatCount(data.totals.median_plays_24h, language), accent: true },
        { key: 'engagement', label: t('insights.engagement'), value: formatRate(data.totals.engagement_rate, language) },
        { key: 'visits', label: t('insights.visits'), value: data.totals.visits === null ? na : formatCount(data.totals.visits, language) },
        { key: 'redemptions', label: t('insights.redemptions'), value: data.totals.redemptions === null ? na : formatCount(data.totals.redemptions, language) },
      ]
    : [];

  return (
    <section className="insights" data-testid="insights-panel">
      <div className="insights__bar">
        <h2 className="insights__title">
          {t('insights.title')}
          {data && <Tag className="insights__source" data-testid="insights-source">{t(`insights.source.${data.source}`)}</Tag>}
        </h2>
        <Segmented<InsightRange>
          value={range}
          onChange={setRange}
          options={INSIGHT_RANGES.map((value) => ({ value, label: t(`insights.range.${value}`) }))}
          aria-label={t('insights.range_label')}
          data-testid="insights-range"
        />
      </div>
      {insights.isError ? (
        <InlineLoadFailed onRetry={() => void insights.refetch()} retryTestId="insights-retry" />
      ) : insights.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data && data.totals.videos === 0 ? (
        <p className="insights-muted" data-testid="insights-empty">
          {t('insights.empty')}
        </p>
      ) : data ? (
        <>
          {data.source === 'category_prior' && (
            <Alert
              type="info"
              showIcon
              className="insights__prior"
              data-testid="insights-prior"
              message={t('insights.prior', { count: data.own_measured, min: data.min_videos, category: t(`category.${data.category}`, { defaultValue: data.category ?? '' }).toLocaleLowerCase(language) })}
            />
          )}
          <StatTiles tiles={tiles} loading={false} testId="insights-tiles" />
          <Card size="small" className="insights__choices">
            <div className="insights__pick">
              <label htmlFor="insights-dimension" className="insights-muted">
                {t('insights.by')}
              </label>
              <Select<InsightDimension>
                id="insights-dimension"
                value={dimension}
                onChange={setDimension}
                options={INSIGHT_DIMENSIONS.map((value) => ({ value, label: t(`insights.dimension.${value}`) }))}
                className="insights__select"
                data-testid="insights-dimension"
              />
            </div>
            <Table<Choice>
              ref={table}
              rowKey={(row) => `${row.dimension}:${row.value}`}
              columns={columns}
              dataSource={rows}
              pagination={false}
              size="small"
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('insights.no_choice') }}
              data-testid="insights-table"
            />
            <p className="insights-muted insights__note">{t('insights.note')}</p>
          </Card>
          <div className="insights__videos">
            <VideoList title={t('insights.best')} videos={data.best} showMerchant={merchantId === null} testId="insights-best" />
            <VideoList title={t('insights.worst')} videos={data.worst} showMerchant={merchantId === null} testId="insights-worst" />
          </div>
        </>
      ) : null}
    </section>
  );
}

function VideoList({ title, videos, showMerchant, testId }: { title: string; videos: InsightVideo[]; showMerchant: boolean; testId: string }) {
  const { t } = useTranslation('creative');
  const language = currentLanguage();
  return (
    <Card size="small" title={title} className="insights__list" data-testid={testId}>
      {videos.length === 0 ? (
        <p className="insights-muted">{t('insights.no_videos')}</p>
      ) : (
        <ol>
          {videos.map((video) => (
            <li key={`${video.post_id}:${video.platform}`}>
              <strong>{t('insights.plays_24h', { plays: formatCount(video.plays_24h, language) })}</strong>
              <span className="insights-muted">
                {[
                  showMerchant ? video.merchant_name : null,
                  choiceLabel(t, 'platform', video.platform, language),
                  new Date(video.posted_at).toLocaleDateString(language),
                  video.hook_style ? choiceLabel(t, 'hook_style', video.hook_style, language) : null,
                  video.look ? choiceLabel(t, 'look', video.look, language) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
