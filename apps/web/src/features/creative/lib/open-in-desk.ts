import type { Render } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@nearcast/contract';
import { useSearchParams } from 'react-router';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { updateScript } from '../api/review-queue';

/** The address parameter that names the render whose script the desk opens. */
export const EDIT_PARAM = 'edit';

/**
 * "Edit and render again": the render's script goes back on the desk (kept there on the server
 * when it came from a written script), and the merchant's script desk opens with it selected.
 */
export function useOpenInDesk() {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  return async (render: Render) => {
    if (render.script_id !== null) {
      // Best effort: a script the server will not put back still opens from the render's own body.
      await updateScript({ id: render.script_id, desk: true }).catch(() => undefined);
      await invalidateEndpoints(queryClient, [api.creative.scriptList]);
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', 'production');
      next.set('merchant', String(render.merchant_id));
      next.set('view', 'scripts');
      next.set(EDIT_PARAM, String(render.id));
      next.delete('post');
      return next;
    });
  };
}
