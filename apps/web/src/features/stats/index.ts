/**
 * The statistics feature's public surface for other features: /agents shows the same studio
 * ranking as the agent center.
 */
export { TopStudiosCard } from './components/top-studios-card';
