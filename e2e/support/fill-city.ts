import { STUDIO_PLACES_PER_CITY } from '@nearcast/contract';
import { apiPost } from './api';
import { apiLogin, DEMO_PASSWORD, type ApiSession } from './session';

interface Page<T> {
  list: T[];
  total: number;
}

export interface AreaRow {
  id: number;
  name: string;
  type: string;
  parent_id: number | null;
}

/** A city of the reference area tree, by its state's and its own exact names. */
export async function findCity(stateName: string, cityName: string): Promise<{ state: AreaRow; city: AreaRow }> {
  const states = await apiPost<Page<AreaRow>>('/v1/area/list', { type: 'state', keyword: stateName, page_size: 100 });
  const state = states.list.find((row) => row.name === stateName);
  if (!state) throw new Error(`no state ${stateName}`);
  const cities = await apiPost<Page<AreaRow>>('/v1/area/list', { parent_id: state.id, type: 'city', keyword: cityName, page_size: 100 });
  const city = cities.list.find((row) => row.name === cityName);
  if (!city) throw new Error(`no city ${cityName} in ${stateName}`);
  return { state, city };
}

export interface PackageRow {
  id: number;
  name: string;
  type: 'business' | 'studio' | 'addon';
  actual_price_cents: number;
  discount_cents: number;
  payable_cents: number;
  first_purchase: boolean;
}

/** An enabled package of the demo catalogue, by type and name, as the public list shows it. */
export async function findPackage(type: PackageRow['type'], name: string, token?: string): Promise<PackageRow> {
  const packages = await apiPost<Page<PackageRow>>('/v1/price/list', { type, status: 'enabled', page_size: 100 }, token);
  const found = packages.list.find((row) => row.name === name);
  if (!found) throw new Error(`no enabled ${type} package ${name}`);
  return found;
}

export interface Places {
  city_id: number;
  city_name: string;
  limit: number;
  taken: number;
  left: number;
}

export async function placesIn(cityId: number, token: string): Promise<Places> {
  return apiPost<Places>('/v1/payment/places', { city_id: cityId }, token);
}

/** A new studio account made by the super admin (`/v1/account/add`), signed in. */
export async function newStudio(superToken: string, email: string): Promise<ApiSession> {
  await apiPost('/v1/account/add', { email, password: DEMO_PASSWORD, username: email.split('@')[0]!.slice(0, 32), role: 'studio' }, superToken);
  return apiLogin(email);
}

/**
 * Takes every place left in a city: one new studio per place, each starting a checkout of the
 * studio membership there. A pending checkout holds its place (apps/server payment repository,
 * `placeHolders`), so no payment is needed. A few at a time, to spare the two cores. Answers the
 * checkouts too: one declined frees its place.
 */
export async function fillCity(cityId: number, studioPackageId: number, tag: string): Promise<Places & { checkouts: { email: string; sessionId: string }[] }> {
  const admin = await apiLogin('super@example.com');
  const before = await placesIn(cityId, admin.token);
  const indexes = Array.from({ length: before.left }, (_, index) => index);
  const BATCH = 4;
  const checkouts: { email: string; sessionId: string }[] = [];
  for (let start = 0; start < indexes.length; start += BATCH) {
    await Promise.all(
      indexes.slice(start, start + BATCH).map(async (index) => {
        const email = `fill-${tag}-${index}@example.com`;
        const studio = await newStudio(admin.token, email);
        const checkout = await apiPost<{ session_id: string }>('/v1/payment/stripe', { package_id: studioPackageId, periods: 1, city_id: cityId }, studio.token);
        checkouts.push({ email, sessionId: checkout.session_id });
      }),
    );
  }
  const after = await placesIn(cityId, admin.token);
  if (after.left !== 0 || after.taken < STUDIO_PLACES_PER_CITY) throw new Error(`city ${cityId} not full: ${JSON.stringify(after)}`);
  return { ...after, checkouts };
}
