import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../lib/query-keys';

/** What a change to a line changes: the applicant's entry and every city's places. */
const LINE_READS = [api.area.waitlistList, api.payment.places] as const;

/** POST /v1/area/waitlist/list (open only): the studio applicant's place in a city's line, if any. */
export function useMyWaitlistEntry(enabled: boolean) {
  return useQuery({
    queryKey: endpointKey(api.area.waitlistList, 'mine'),
    queryFn: ({ signal }) => call(api.area.waitlistList, { open: true, page_size: 1 }, { toast: false, signal }),
    select: (page) => page.list[0] ?? null,
    enabled,
    staleTime: 0,
  });
}

export type WaitlistListRequest = RequestOf<typeof api.area.waitlistList>;

/** POST /v1/area/waitlist/list: a page of the cities' lines, as staff read them. */
export function useWaitlist(body: WaitlistListRequest) {
  return useQuery({
    queryKey: endpointKey(api.area.waitlistList, body),
    queryFn: ({ signal }) => call(api.area.waitlistList, body, { toast: false, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/area/waitlist/join: a full city's line; the picker shows a refusal beside the button. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cityId: number) => call(api.area.waitlistJoin, { city_id: cityId }, { toast: false }),
    onSettled: () => invalidateEndpoints(queryClient, LINE_READS),
  });
}

/** POST /v1/area/waitlist/leave: the applicant leaves its line, or staff take an entry out. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.area.waitlistLeave, { id }, { toast: false }),
    onSettled: () => invalidateEndpoints(queryClient, LINE_READS),
  });
}

/** POST /v1/area/waitlist/move: staff put a waiting applicant at another place in its line. */
export function useMoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof api.area.waitlistMove>) => call(api.area.waitlistMove, body),
    onSettled: () => invalidateEndpoints(queryClient, LINE_READS),
  });
}
