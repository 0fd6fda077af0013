import { lazy } from 'react';
import { retryImport } from '../../lib/lazy-with-retry';

export type { MaterialClient } from './components/client-material-drawer';

/**
 * A merchant's active materials for its studio or operator, opened from the client list. Lazy,
 * so the material center's code (players, the tus client) stays out of the client list's chunk
 * until someone opens it.
 */
export const ClientMaterialDrawer = lazy(
  retryImport(() => import('./components/client-material-drawer').then((module) => ({ default: module.ClientMaterialDrawer }))),
);
