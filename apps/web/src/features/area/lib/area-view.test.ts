import { describe, expect, it } from 'vitest';
import { areaListRequest, INITIAL_AREA_VIEW, stateInTrail, trailTo, viewAfterAdd, type AreaCrumb } from './area-view';

const us: AreaCrumb = { id: 1, name: 'United States', type: 'country', parent_id: null };
const california: AreaCrumb = { id: 5, name: 'California', type: 'state', parent_id: 1 };
const losAngeles: AreaCrumb = { id: 50, name: 'Los Angeles', type: 'city', parent_id: 5 };

describe('areaListRequest', () => {
  it('lists the top of the tree when nothing is chosen', () => {
    expect(areaListRequest(INITIAL_AREA_VIEW)).toEqual({ page: 1, page_size: 20, parent_id: null });
  });

  it('lists the children of the last crumb, narrowed by the keyword', () => {
    expect(areaListRequest({ ...INITIAL_AREA_VIEW, trail: [us, california], keyword: '  los ', page: 3 })).toEqual({
      page: 3,
      page_size: 20,
      parent_id: 5,
      keyword: 'los',
    });
  });

  it('searches the whole tree for a keyword or a type at the top', () => {
    expect(areaListRequest({ ...INITIAL_AREA_VIEW, keyword: 'spring' })).toEqual({ page: 1, page_size: 20, keyword: 'spring' });
    expect(areaListRequest({ ...INITIAL_AREA_VIEW, type: 'state', pageSize: 100 })).toEqual({ page: 1, page_size: 100, type: 'state' });
  });

  it('ignores a keyword of blanks', () => {
    expect(areaListRequest({ ...INITIAL_AREA_VIEW, keyword: '   ' })).toEqual({ page: 1, page_size: 20, parent_id: null });
  });
});

describe('trailTo', () => {
  it('names every ancestor it knows, top first', () => {
    expect(trailTo(losAngeles, [california, us]).map((crumb) => crumb.name)).toEqual(['United States', 'California', 'Los Angeles']);
  });

  it('stops at an ancestor it does not know', () => {
    expect(trailTo(losAngeles, [us]).map((crumb) => crumb.name)).toEqual(['Los Angeles']);
  });

  it('does not loop on a cycle in bad data', () => {
    const a: AreaCrumb = { id: 7, name: 'A', type: 'state', parent_id: 8 };
    const b: AreaCrumb = { id: 8, name: 'B', type: 'country', parent_id: 7 };
    expect(trailTo(a, [a, b]).map((crumb) => crumb.name)).toEqual(['B', 'A']);
  });
});

describe('after adding a city', () => {
  it('opens its state filtered to the new name', () => {
    const view = viewAfterAdd({ name: 'Nearcastville' }, california, [us]);
    expect(view.trail.map((crumb) => crumb.id)).toEqual([1, 5]);
    expect(areaListRequest(view)).toEqual({ page: 1, page_size: 20, parent_id: 5, keyword: 'Nearcastville' });
  });

  it('proposes the state being browsed for the next city', () => {
    expect(stateInTrail([us, california, losAngeles])?.id).toBe(5);
    expect(stateInTrail([us])).toBeUndefined();
  });
});
