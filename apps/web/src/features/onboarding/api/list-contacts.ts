import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type ContactListRequest = RequestOf<typeof api.contact.list>;

export const contactsKey = ['onboarding', 'contacts'] as const;

/** POST /v1/contact/list (super, admin): the call-back requests, newest first. */
export function listContacts(body: ContactListRequest, signal?: AbortSignal) {
  // The page shows a failed search in place of the table, with a retry.
  return call(api.contact.list, body, { toast: false, signal });
}

export function useContacts(body: ContactListRequest) {
  return useQuery({
    queryKey: [...contactsKey, body],
    queryFn: ({ signal }) => listContacts(body, signal),
    placeholderData: keepPreviousData,
  });
}
