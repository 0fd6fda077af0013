import { DASHBOARD_RANGES, type DashboardRange, type DashboardScope } from '@nearcast/contract';
import { Segmented } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeLabelKey } from '../lib/use-range';
import './range-select.css';

/**
 * Spec §9's ranges as one segmented row. On a phone the six do not fit: the row scrolls sideways
 * inside its own strip (like the tile strips), with the chosen one brought into view. A select
 * would have cost the signed-in first load another 23 KB for one control.
 */
export function RangeSelect({ value, onChange, scope }: { value: DashboardRange; onChange: (range: DashboardRange) => void; scope: DashboardScope }) {
  const { t } = useTranslation('dashboard');
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = strip.current;
    const selected = element?.querySelector<HTMLElement>('.ant-segmented-item-selected');
    if (!element || !selected) return;
    // Scroll the strip only, never the page.
    const left = selected.offsetLeft - element.offsetLeft;
    if (left < element.scrollLeft || left + selected.offsetWidth > element.scrollLeft + element.clientWidth) element.scrollLeft = left;
  }, [value]);

  return (
    <div className="dash-range" ref={strip}>
      <Segmented<DashboardRange>
        value={value}
        onChange={onChange}
        options={DASHBOARD_RANGES.map((range) => ({ value: range, label: <span data-testid={`range-${range}`}>{t(rangeLabelKey(range, scope))}</span> }))}
        aria-label={t('range.label')}
        data-testid="dashboard-range"
      />
    </div>
  );
}
