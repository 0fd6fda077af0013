import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let superToken: string;
let adminToken: string;
let agentToken: string;

interface AreaItem {
  id: number;
  name: string;
  type: string;
  parent_id: number | null;
  children: number;
}
type Page<T> = { list: T[]; total: number };

beforeAll(async () => {
  t = await createTestApp({ areas: true });
  [superToken, adminToken, agentToken] = await Promise.all([
    t.login('super@example.com'),
    t.login('admin@example.com'),
    t.login('agent@example.com'),
  ]);
});
afterAll(() => t.close());

async function find(type: string, name: string, parentId?: number) {
  const response = await t.call<Page<AreaItem>>('/v1/area/list', { type, keyword: name, parent_id: parentId, page_size: 100 });
  const area = response.data.list.find((item) => item.name === name);
  if (!area) throw new Error(`${type} ${name} not found`);
  return area;
}

describe('reference data', () => {
  it('has the United States with its 50 states and DC', async () => {
    const countries = await t.call<Page<AreaItem>>('/v1/area/list', { type: 'country' });
    expect(countries.data.list.map((item) => item.name)).toEqual(['United States']);
    const states = await t.call<Page<AreaItem>>('/v1/area/list', { parent_id: countries.data.list[0]!.id, page_size: 100 });
    expect(states.data.total).toBe(51);
    expect(states.data.list.map((item) => item.name)).toEqual(expect.arrayContaining(['California', 'District of Columbia', 'Wyoming']));
  });

  it('has cities under states and counties under cities', async () => {
    const california = await find('state', 'California');
    const losAngeles = await find('city', 'Los Angeles', california.id);
    const counties = await t.call<Page<AreaItem>>('/v1/area/list', { parent_id: losAngeles.id });
    expect(counties.data.list.map((item) => item.name)).toContain('Los Angeles County');
    expect(california.children).toBeGreaterThan(1000);
  });

  it('loads only once', async () => {
    const { loadReferenceAreas } = await import('./reference-data.js');
    const before = await t.query<{ n: number }>(sql`select count(*)::int as n from areas`);
    expect(await loadReferenceAreas(t.database.db)).toBe(0);
    expect(await t.query(sql`select count(*)::int as n from areas`)).toEqual(before);
  });

  it('pages and searches without regard to case', async () => {
    const response = await t.call<Page<AreaItem> & { page: number; page_size: number }>('/v1/area/list', {
      type: 'city',
      keyword: 'springfield',
      page: 2,
      page_size: 5,
    });
    expect(response.data).toMatchObject({ page: 2, page_size: 5 });
    expect(response.data.total).toBeGreaterThan(10);
    expect(response.data.list).toHaveLength(5);
    for (const item of response.data.list) expect(item.name.toLowerCase()).toContain('springfield');
  });

  it('says where each search result lies: its parent and its state', async () => {
    type Placed = AreaItem & { parent_name: string | null; state_name: string | null };
    const found = await t.call<Page<Placed>>('/v1/area/list', { keyword: 'Los Angeles', page_size: 100 });
    const counties = found.data.list.filter((item) => item.name === 'Los Angeles County');
    // The same county name hangs under several cities: each row names its city and state.
    expect(counties.length).toBeGreaterThan(1);
    for (const county of counties) {
      expect(county.parent_name).toBeTruthy();
      expect(county.state_name).toBe('California');
    }
    expect(new Set(counties.map((county) => county.parent_name)).size).toBe(counties.length);
    const city = found.data.list.find((item) => item.type === 'city' && item.name === 'Los Angeles');
    expect(city).toMatchObject({ parent_name: 'California', state_name: 'California' });
    const states = await t.call<Page<Placed>>('/v1/area/list', { type: 'state', keyword: 'California' });
    expect(states.data.list[0]).toMatchObject({ parent_name: 'United States', state_name: null });
  });

  it('ranks names that start with the keyword first, then a word that starts with it, then the rest', async () => {
    const california = await find('state', 'California');
    const response = await t.call<Page<AreaItem>>('/v1/area/list', { type: 'city', parent_id: california.id, keyword: 'Los', page_size: 100 });
    const names = response.data.list.map((item) => item.name);
    expect(names).toContain('Los Angeles');
    expect(names).toContain('Dos Palos');
    expect(names.indexOf('Los Angeles')).toBeLessThan(names.indexOf('Dos Palos'));
    const rank = (name: string) => (name.toLowerCase().startsWith('los') ? 0 : /[\s-]los/i.test(name) ? 1 : 2);
    const ranks = names.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Alphabetical within a rank.
    const starting = names.filter((name) => rank(name) === 0);
    expect(starting).toEqual([...starting].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('treats LIKE wildcards in a keyword as text', async () => {
    const response = await t.call<Page<AreaItem>>('/v1/area/list', { keyword: '%' });
    expect(response.data.total).toBe(0);
  });
});

describe('adding and deleting areas', () => {
  it('adds a city under a state for staff, with the spec message when the name is missing', async () => {
    const texas = await find('state', 'Texas');
    const missing = await t.call('/v1/area/add', { type: 'city', parent_id: texas.id, name: '  ' }, { token: adminToken });
    expect(missing).toMatchObject({ code: '400', data: { fields: { name: 'Please enter the city name' } } });

    const added = await t.call<AreaItem>('/v1/area/add', { type: 'city', parent_id: texas.id, name: 'Nearcastville' }, { token: adminToken });
    expect(added.code).toBe('200');
    expect(added.data).toMatchObject({ name: 'Nearcastville', type: 'city', parent_id: texas.id, children: 0 });

    const again = await t.call('/v1/area/add', { type: 'city', parent_id: texas.id, name: 'nearcastville' }, { token: superToken });
    expect(again.code).toBe('409');
  });

  it('refuses a city placed under something other than a state', async () => {
    const losAngeles = await find('city', 'Los Angeles', (await find('state', 'California')).id);
    const response = await t.call('/v1/area/add', { type: 'city', parent_id: losAngeles.id, name: 'Inner City' }, { token: superToken });
    expect(response.data).toEqual({ fields: { parent_id: 'This kind of area cannot be placed there' } });
  });

  it('refuses other roles', async () => {
    const texas = await find('state', 'Texas');
    const response = await t.call('/v1/area/add', { type: 'city', parent_id: texas.id, name: 'Agentville' }, { token: agentToken });
    expect(response.code).toBe('403');
    expect((await t.call('/v1/area/add', { type: 'city', parent_id: texas.id, name: 'Anonville' })).code).toBe('403');
  });

  it('deletes an unused area, and refuses one that accounts, zones or sub-areas use', async () => {
    const texas = await find('state', 'Texas');
    const city = await t.call<AreaItem>('/v1/area/add', { type: 'city', parent_id: texas.id, name: 'Shortlived' }, { token: superToken });
    expect((await t.call('/v1/area/delete', { id: city.data.id }, { token: superToken })).code).toBe('200');
    expect((await t.call('/v1/area/delete', { id: city.data.id }, { token: superToken })).code).toBe('404');

    const losAngeles = await find('city', 'Los Angeles', (await find('state', 'California')).id);
    const inUse = await t.call('/v1/area/delete', { id: losAngeles.id }, { token: superToken });
    expect(inUse.code).toBe('422');
    expect(inUse.msg).toBe('Delete the areas under it first');

    const county = (await t.call<Page<AreaItem>>('/v1/area/list', { parent_id: losAngeles.id })).data.list.find((item) => item.name === 'Los Angeles County')!;
    const countyInUse = await t.call('/v1/area/delete', { id: county.id }, { token: superToken });
    expect(countyInUse).toMatchObject({ code: '422' });
    expect(countyInUse.msg).toMatch(/^This area is used by \d+ accounts and 0 zones/);
  });
});

describe('zones', () => {
  it('adds a zone of cities in one state, lists it, finds it by city, and deletes it', async () => {
    const california = await find('state', 'California');
    const pasadena = await find('city', 'Pasadena', california.id);
    const glendale = await find('city', 'Glendale', california.id);

    const missing = await t.call('/v1/area/zone/add', { name: '', city_ids: [] }, { token: superToken });
    expect(missing.data).toEqual({
      fields: { name: 'Please enter the zone name', state_id: 'Please choose a state', city_ids: 'Please choose at least one city' },
    });

    const added = await t.call<{ id: number; cities: { name: string }[]; state_name: string }>(
      '/v1/area/zone/add',
      { name: 'San Gabriel Valley', state_id: california.id, city_ids: [pasadena.id, glendale.id, pasadena.id] },
      { token: superToken },
    );
    expect(added.code).toBe('200');
    expect(added.data.state_name).toBe('California');
    expect(added.data.cities.map((city) => city.name)).toEqual(['Glendale', 'Pasadena']);

    const byCity = await t.call<Page<{ name: string }>>('/v1/area/zone', { keyword: 'pasadena' }, { token: adminToken });
    expect(byCity.data.list.map((zone) => zone.name)).toEqual(['San Gabriel Valley']);
    expect(byCity.data.total).toBe(1);
    const all = await t.call<{ list: { name: string }[] }>('/v1/area/zone/all', {}, { token: agentToken });
    expect(all.data.list.map((zone) => zone.name)).toContain('San Gabriel Valley');

    const duplicate = await t.call('/v1/area/zone/add', { name: 'San Gabriel Valley', state_id: california.id, city_ids: [pasadena.id] }, { token: superToken });
    expect(duplicate.code).toBe('409');

    const cityInUse = await t.call('/v1/area/delete', { id: pasadena.id }, { token: superToken });
    expect(cityInUse.code).toBe('422');

    expect((await t.call('/v1/area/zone/delete', { id: added.data.id }, { token: superToken })).code).toBe('200');
    expect((await t.call('/v1/area/zone/delete', { id: added.data.id }, { token: superToken })).code).toBe('404');
  });

  it('refuses cities from another state and changes nothing', async () => {
    const california = await find('state', 'California');
    const austin = await find('city', 'Austin', (await find('state', 'Texas')).id);
    const response = await t.call('/v1/area/zone/add', { name: 'Mixed', state_id: california.id, city_ids: [austin.id] }, { token: superToken });
    expect(response.data).toEqual({ fields: { city_ids: 'Every city must be in the chosen state' } });
    expect(await t.query(sql`select count(*)::int as n from zones where name = 'Mixed'`)).toEqual([{ n: 0 }]);
  });

  it('keeps zone management to super and admin', async () => {
    expect((await t.call('/v1/area/zone', {}, { token: agentToken })).code).toBe('403');
    expect((await t.call('/v1/area/zone/delete', { id: 1 }, { token: agentToken })).code).toBe('403');
  });
});
