import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export interface PartyOption {
  id: number;
  name: string;
  email: string;
  kind: 'client' | 'studio' | 'agent';
}

const SIZE = 8;

/**
 * The parties a staff member can filter finance by: merchants, studios and agents matching a
 * word, from their own lists (POST /v1/client/list, /v1/studio/list, /v1/proxy/list) at once.
 */
export function useParties(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: endpointKey(api.client.list, { keyword, page_size: SIZE }, 'finance-parties'),
    enabled,
    queryFn: async ({ signal }) => {
      const body = { keyword: keyword || undefined, page: 1, page_size: SIZE };
      const [clients, studios, agents] = await Promise.all([
        call(api.client.list, body, { toast: false, signal }),
        call(api.studio.list, body, { toast: false, signal }),
        call(api.proxy.list, body, { toast: false, signal }),
      ]);
      const name = (row: { company_short_name: string; name: string; username: string; email: string }) =>
        row.company_short_name || row.name || row.username || row.email;
      return [
        ...clients.list.map((row): PartyOption => ({ id: row.id, name: name(row), email: row.email, kind: 'client' })),
        ...studios.list.map((row): PartyOption => ({ id: row.id, name: name(row), email: row.email, kind: 'studio' })),
        ...agents.list.map((row): PartyOption => ({ id: row.id, name: name(row), email: row.email, kind: 'agent' })),
      ];
    },
  });
}
