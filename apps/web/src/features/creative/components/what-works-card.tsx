import type { InsightDimension } from '@nearcast/contract';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { currentLanguage } from '../../../lib/i18n';
import { useInsights } from '../api/get-insights';
import { choiceLabel } from '../lib/insight-labels';
import './insights.css';

/** The choices a merchant reads about: what opens a video, when it goes out, how long, in which language. */
const SHOWN: readonly InsightDimension[] = ['hook_style', 'posting_hour', 'length_band', 'language'];

/**
 * "What works for your shop" on the merchant's dashboard (docs/decisions/084): per choice the
 * value whose videos did best and how many times the usual plays they got, in plain words. Until
 * the shop has enough results the figures are its category's, and the card says so.
 */
export function WhatWorksCard({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation('creative');
  const language = currentLanguage();
  const insights = useInsights(merchantId, '90d');
  const data = insights.data;
  const usual = data?.totals.typical_plays_24h ?? null;
  const lines = (data ? SHOWN : []).flatMap((dimension) => {
    const top = data!.choices.find((row) => row.dimension === dimension && row.measured >= 2);
    if (!top || top.typical_plays_24h === null) return [];
    const times = usual && usual > 0 ? top.typical_plays_24h / usual : null;
    return [{ dimension, value: choiceLabel(t, dimension, top.value, language), times }];
  });
  return (
    <Card size="small" title={t('insights.works_title')} className="what-works" data-testid="what-works">
      {insights.isError ? (
        <InlineLoadFailed onRetry={() => void insights.refetch()} retryTestId="what-works-retry" />
      ) : insights.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !data || lines.length === 0 ? (
        <p className="insights-muted" data-testid="what-works-empty">
          {t('insights.works_empty')}
        </p>
      ) : (
        <>
          {data.source === 'category_prior' && (
            <p className="insights-muted" data-testid="what-works-prior">
              {t('insights.works_prior', { category: t(`category.${data.category}`, { defaultValue: data.category ?? '' }).toLocaleLowerCase(language), min: data.min_videos })}
            </p>
          )}
          <ul className="what-works__list">
            {lines.map((line) => (
              <li key={line.dimension} data-dimension={line.dimension}>
                <span className="insights-muted">{t(`insights.works.${line.dimension}`)}</span>
                <strong>{line.value}</strong>
                {line.times !== null && line.times >= 1.05 && (
                  <span className="what-works__times">{t('insights.works_times', { times: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(line.times) })}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
