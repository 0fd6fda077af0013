import type { Area } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import type { AreaListRequest } from '../../../api/area-list';
import { areaOf } from '../pages/test-fixtures';
import { resolveAreaPath, type AreaLister } from './area-path';

const area = (id: number, name: string, type: Area['type'], parent_id: number | null): Area => areaOf(id, name, type, parent_id, 0);

const TREE: Area[] = [
  area(1, 'United States', 'country', null),
  area(2, 'California', 'state', 1),
  area(3, 'Beverly Hills', 'city', 2),
  area(30, 'Beverly Hills Estates', 'city', 2),
  area(4, 'Los Angeles', 'county', 3),
  area(5, 'Illinois', 'state', 1),
  area(6, 'Beverly Hills', 'city', 5),
];

/** A fake /v1/area/list over TREE that records what it was asked. */
function lister(): { list: AreaLister; calls: AreaListRequest[] } {
  const calls: AreaListRequest[] = [];
  return {
    calls,
    list: async (body) => {
      calls.push(body);
      const keyword = body.keyword?.toLowerCase();
      return {
        list: TREE.filter(
          (row) => row.type === body.type && row.parent_id === (body.parent_id ?? null) && (!keyword || row.name.toLowerCase().includes(keyword)),
        ),
      };
    },
  };
}

describe('resolveAreaPath', () => {
  it('finds each named place under the one above it', async () => {
    const { list, calls } = lister();
    const path = await resolveAreaPath({ country: 'United States', state: 'california', city: 'Beverly Hills', county: 'Los Angeles' }, list);
    expect(path).toEqual({
      country: { id: 1, name: 'United States' },
      state: { id: 2, name: 'California' },
      city: { id: 3, name: 'Beverly Hills' },
      county: { id: 4, name: 'Los Angeles' },
    });
    // The city is looked up in California, not in Illinois, which has one of the same name.
    expect(calls[2]).toMatchObject({ parent_id: 2, type: 'city', keyword: 'Beverly Hills' });
  });

  it('stops at the first empty or unknown name', async () => {
    const { list, calls } = lister();
    expect(await resolveAreaPath({ country: 'United States', state: '', city: 'Beverly Hills', county: '' }, list)).toEqual({
      country: { id: 1, name: 'United States' },
    });
    expect(calls).toHaveLength(1);
    expect(await resolveAreaPath({ country: 'United States', state: 'Atlantis', city: 'Beverly Hills', county: '' }, list)).toEqual({
      country: { id: 1, name: 'United States' },
    });
  });

  it('asks nothing when the account names no country', async () => {
    const { list, calls } = lister();
    expect(await resolveAreaPath({ country: ' ', state: 'California', city: '', county: '' }, list)).toEqual({});
    expect(calls).toHaveLength(0);
  });
});
