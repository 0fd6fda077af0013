import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { retryImport } from '../lib/lazy-with-retry';
import type { TrendChartProps } from './trend-chart';

const loadChart = retryImport(() => import('./trend-chart'));
const TrendChart = lazy(() => loadChart().then((module) => ({ default: module.TrendChart })));

/** The trend chart as pages use it: recharts loads when a chart first draws, never with the page. */
export function LazyTrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active className="dash-chart-skeleton" style={{ height: props.height ?? 260, width: '100%' }} />}>
      <TrendChart {...props} />
    </Suspense>
  );
}
