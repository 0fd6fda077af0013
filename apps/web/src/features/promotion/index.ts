/**
 * The promotion feature's public surface: staff read an agent's link funnel in its detail
 * drawer with the same card the promotion page shows.
 */
export { FunnelCard } from './components/funnel-card';
