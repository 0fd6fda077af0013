import { useId } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One point of a line over time: its day (YYYY-MM-DD) and its value. */
export interface TrendPoint {
  date: string;
  value: number;
}

export interface TrendChartProps {
  points: TrendPoint[];
  /** What the line measures, for the tooltip and screen readers. */
  label: string;
  /** A value as the reader reads it: dollars, plays. */
  formatValue: (value: number) => string;
  /** The short form of the axis (e.g. "$1.2K"). */
  formatAxis: (value: number) => string;
  /** A point's date as the reader reads it. */
  formatDate: (date: string) => string;
  color?: string;
  height?: number;
}

const AXIS = 'rgba(255, 255, 255, 0.45)';
const GRID = 'rgba(255, 255, 255, 0.08)';

/**
 * The app's one chart drawing (recharts): an area over time in the brand's colours. It is only
 * ever imported lazily, so the library loads with the panels that draw a chart and never with
 * the signed-in shell.
 */
export function TrendChart({ points, label, formatValue, formatAxis, formatDate, color = '#7c5cff', height = 260 }: TrendChartProps) {
  const gradient = `trend-fill-${useId().replace(/:/g, '')}`;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={color} stopOpacity={0.45} />
            <stop offset="100%" stopColor={color} stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={formatDate}
          stroke={AXIS}
          tick={{ fill: AXIS, fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: GRID }}
          minTickGap={24}
        />
        <YAxis tickFormatter={formatAxis} stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} width={56} allowDecimals={false} />
        <Tooltip
          cursor={{ stroke: 'rgba(34, 211, 238, 0.6)' }}
          contentStyle={{ background: '#151528', border: '1px solid rgba(124, 92, 255, 0.45)', borderRadius: 10 }}
          labelStyle={{ color: 'rgba(255, 255, 255, 0.65)' }}
          itemStyle={{ color: '#fff' }}
          labelFormatter={(date) => formatDate(String(date))}
          formatter={(value) => [formatValue(Number(value)), label]}
        />
        <Area type="monotone" dataKey="value" name={label} stroke={color} strokeWidth={2} fill={`url(#${gradient})`} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
