import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/payment/places: how many of a city's studio places are left (spec §9: 100). */
export function getPlaces(cityId: number, signal?: AbortSignal) {
  return call(api.payment.places, { city_id: cityId }, { toast: false, signal });
}

export const placesKey = (cityId: number | null) => endpointKey(api.payment.places, cityId);

/** Always fresh: other studios take places while this page is open. */
export function usePlaces(cityId: number | null) {
  return useQuery({
    queryKey: placesKey(cityId),
    queryFn: ({ signal }) => getPlaces(cityId!, signal),
    enabled: cityId !== null,
    staleTime: 0,
  });
}
