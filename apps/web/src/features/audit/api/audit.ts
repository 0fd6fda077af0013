import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { toRows } from '../components/audit-display';

export type AuditListRequest = RequestOf<typeof api.audit.list>;

export const auditKey = ['audit'] as const;

/** POST /v1/audit/list (super): the staff actions the filters match, newest first. */
export function listAudit(body: AuditListRequest, signal?: AbortSignal) {
  // The page shows a failed load in place of the table, with a retry.
  return call(api.audit.list, body, { toast: false, signal });
}

export function useAuditList(body: AuditListRequest) {
  return useQuery({
    queryKey: [...auditKey, 'list', body],
    queryFn: ({ signal }) => listAudit(body, signal),
    // The table keys its rows by id: an entry's is its place in the chain.
    select: (page) => ({ ...page, list: toRows(page.list) }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/audit/verify (super): reads the whole chain and says whether it still holds. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => call(api.audit.verify, {}, { toast: false }) });
}
