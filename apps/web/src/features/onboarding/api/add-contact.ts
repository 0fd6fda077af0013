import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { contactsKey } from './list-contacts';

/** POST /v1/contact/add (public, rate-limited): "leave your number and we will call you back". */
export function addContact(body: RequestOf<typeof api.contact.add>) {
  return call(api.contact.add, body, { toast: false });
}

export function useAddContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}
