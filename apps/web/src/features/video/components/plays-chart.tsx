import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { currentLanguage } from '../../../lib/i18n';
import { formatCount } from '../lib/metrics';
import { TARGET_COLORS, TARGET_ORDER, type VideoTarget } from '../lib/platforms';

export interface PlaysPoint {
  /** YYYY-MM-DD */
  day: string;
  /** Plays per platform on that day; null where the platform gave no number. */
  values: Record<string, number | null>;
}

const AXIS = 'rgba(255, 255, 255, 0.45)';
const GRID = 'rgba(255, 255, 255, 0.08)';

/**
 * Plays over time, one line per platform. recharts is imported only here, and this module only
 * through React.lazy, so the library stays out of every chunk but the ones that draw a chart.
 * A day a platform gave no number is a gap in its line, not a drop to 0; the legend keeps the
 * spec's platform order (recharts would sort it by name).
 */
export function PlaysChart({ points, platforms, height = 260 }: { points: PlaysPoint[]; platforms: string[]; height?: number }) {
  const { t } = useTranslation('video');
  const language = currentLanguage();
  const rows = points.map((point) => ({ day: point.day.slice(5), ...point.values }));
  return (
    <div className="video-chart" data-testid="video-chart" role="img" aria-label={t('stats.chart_label')}>
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="day" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} minTickGap={24} />
          <YAxis stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} width={48} tickFormatter={(value: number) => formatCount(value, language)} />
          <Tooltip
            contentStyle={{ background: '#181826', border: '1px solid rgba(255,255,255,0.14)', borderRadius: 10, color: '#ededf5' }}
            labelStyle={{ color: '#a1a1b5' }}
            formatter={(value, name) => [typeof value === 'number' ? formatCount(value, language) : t('metric.not_available'), t(`platform.${String(name)}`, { defaultValue: String(name) })]}
          />
          <Legend itemSorter={(item) => TARGET_ORDER.indexOf(String(item.dataKey) as VideoTarget)} formatter={(name: string) => <span style={{ color: '#ededf5' }}>{t(`platform.${name}`, { defaultValue: name })}</span>} />
          {platforms.map((platform) => (
            <Line
              key={platform}
              type="monotone"
              dataKey={platform}
              stroke={TARGET_COLORS[platform as VideoTarget] ?? '#a1a1b5'}
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
