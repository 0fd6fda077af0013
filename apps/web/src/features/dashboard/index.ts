/**
 * The dashboard feature's public surface: the agent and studio centers (/partner, /studio, in
 * features/org) draw the same figures from the same calls with these. Nothing here imports the
 * chart library; the trend card loads it lazily when it draws.
 */
export { ClientsPanel } from './components/clients-panel';
export { HeadlineTiles } from './components/headline-tiles';
export { PeriodNote } from './components/period-note';
export { RangeSelect } from './components/range-select';
export { TopStudiosPanel } from './components/top-studios-panel';
export { TrendCard } from './components/trend-card';
export { useDashboardRange } from './lib/use-range';
