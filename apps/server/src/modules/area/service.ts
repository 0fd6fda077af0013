import type { Actor } from '../../access/caller.js';
import { AREA_PARENT_TYPE, type api, type Area, type ParsedRequestOf, type Zone } from '@nearcast/contract';
import type { Db, Executor } from '../../db/client.js';
import { conflict, invalid, notFound, rejected } from '../../errors.js';
import * as repo from './repository.js';
import type { AreaRow } from './repository.js';
import { timeZoneOfState } from './time-zones.js';
import type { AuditService } from '../audit/service.js';

/**
 * Who else places things in areas. The area module does not read their tables: it asks, through
 * this port, which the account module implements (wired in area/module.ts).
 */
export interface AreaOccupants {
  countPlacedIn(ex: Executor, areaId: number): Promise<number>;
}

type Body<K extends keyof typeof api.area> = ParsedRequestOf<(typeof api.area)[K]>;

const toArea = (row: AreaRow, children: number): Area => ({
  id: row.id,
  name: row.name,
  code: row.code,
  type: row.type,
  parent_id: row.parentId,
  children,
  created_at: row.createdAt.toISOString(),
});

/** The territory tree and sales zones (spec §3 "Area", "Zone"). */
export class AreaService {
  constructor(
    private readonly db: Db,
    private readonly occupants: AreaOccupants,
    private readonly audit: AuditService,
  ) {}

  /**
   * Where an account is, by the areas its settle form named: the state's and city's names and
   * the state's time zone (time-zones.ts).
   */
  async placeOf(stateId: number | null, cityId: number | null, ex: Executor = this.db): Promise<{ state: string; city: string; timeZone: string }> {
    const ids = [stateId, cityId].filter((value): value is number => value !== null);
    const rows = ids.length > 0 ? await repo.findAreasByIds(ex, ids) : [];
    const state = rows.find((row) => row.id === stateId);
    const city = rows.find((row) => row.id === cityId);
    return { state: state?.name ?? '', city: city?.name ?? '', timeZone: timeZoneOfState(state?.code) };
  }

  async list(body: Body<'list'>) {
    const { rows, total } = await repo.listAreas(
      this.db,
      { parentId: body.parent_id, type: body.type, keyword: body.keyword || undefined },
      body.page,
      body.page_size,
    );
    return {
      list: rows.map((row) => ({ ...toArea(row.area, row.children), parent_name: row.parentName, state_name: row.stateName })),
      total,
      page: body.page,
      page_size: body.page_size,
    };
  }

  async add(caller: Actor, body: Body<'add'>): Promise<Area> {
    const parentType = AREA_PARENT_TYPE[body.type];
    if (parentType === null) {
      if (body.parent_id !== null) throw invalid({ parent_id: 'area.parent_wrong_type' });
    } else {
      const parent = body.parent_id === null ? undefined : await repo.findArea(this.db, body.parent_id);
      if (!parent || parent.type !== parentType) throw invalid({ parent_id: 'area.parent_wrong_type' });
    }
    if (await repo.findAreaByName(this.db, body.parent_id, body.type, body.name)) throw conflict('area.duplicate');
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertArea(tx, { name: body.name, code: body.code, type: body.type, parentId: body.parent_id });
      if (!created) throw conflict('area.duplicate');
      await this.audit.record(tx, caller, { action: 'area.add', target: { id: created.id, label: created.name }, after: { name: created.name, code: created.code, type: created.type, parent_id: created.parentId } });
      return created;
    });
    return toArea(row, 0);
  }

  /** One area; pass the transaction when called inside one (PGlite has a single connection). */
  find(id: number, ex: Executor = this.db): Promise<AreaRow | undefined> {
    return repo.findArea(ex, id);
  }

  /** Cities by id with their state (id and name), for lists that name where a row is. */
  async citiesWithStates(ids: number[]): Promise<Map<number, { name: string; stateId: number | null; stateName: string | null }>> {
    const cities = await repo.findAreasByIds(this.db, ids);
    const stateIds = [...new Set(cities.map((city) => city.parentId).filter((parent): parent is number => parent !== null))];
    const states = new Map((await repo.findAreasByIds(this.db, stateIds)).map((state) => [state.id, state]));
    return new Map(
      cities.map((city) => {
        const state = city.parentId === null ? undefined : states.get(city.parentId);
        return [city.id, { name: city.name, stateId: state?.id ?? null, stateName: state?.name ?? null }];
      }),
    );
  }

  /** Locks an area inside the caller's transaction (a studio checkout counting a city's places). */
  lock(ex: Executor, id: number): Promise<void> {
    return repo.lockArea(ex, id);
  }

  async delete(caller: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const area = await repo.findArea(tx, id);
      if (!area) throw notFound('area.not_found');
      const usage = await repo.areaUsage(tx, id);
      if (usage.children > 0) throw rejected('area.has_children');
      const accounts = await this.occupants.countPlacedIn(tx, id);
      if (accounts > 0 || usage.zones > 0) throw rejected('area.in_use', { accounts, zones: usage.zones });
      await repo.deleteArea(tx, id);
      await this.audit.record(tx, caller, { action: 'area.delete', target: { id, label: area.name }, before: { name: area.name, code: area.code, type: area.type, parent_id: area.parentId } });
    });
  }

  async zones(body: Body<'zone'>) {
    const { rows, total } = await repo.listZones(this.db, { keyword: body.keyword || undefined, stateId: body.state_id }, body.page, body.page_size);
    return { list: await this.withCities(rows), total, page: body.page, page_size: body.page_size };
  }

  async allZones() {
    const { rows } = await repo.listZones(this.db, {});
    return { list: await this.withCities(rows) };
  }

  private async withCities(rows: Awaited<ReturnType<typeof repo.listZones>>['rows']): Promise<Zone[]> {
    const cities = await repo.citiesOfZones(
      this.db,
      rows.map((row) => row.zone.id),
    );
    return rows.map(({ zone, stateName }) => ({
      id: zone.id,
      name: zone.name,
      state_id: zone.stateId,
      state_name: stateName,
      cities: cities.filter((city) => city.zoneId === zone.id).map(({ id, name }) => ({ id, name })),
      created_at: zone.createdAt.toISOString(),
    }));
  }

  async addZone(caller: Actor, body: Body<'zoneAdd'>): Promise<Zone> {
    const state = await repo.findArea(this.db, body.state_id);
    if (!state || state.type !== 'state') throw invalid({ state_id: 'zone.state_required' });
    const cityIds = [...new Set(body.city_ids)];
    const cities = await repo.findAreasByIds(this.db, cityIds);
    if (cities.length !== cityIds.length || cities.some((city) => city.type !== 'city' || city.parentId !== state.id)) {
      throw invalid({ city_ids: 'zone.city_outside_state' });
    }
    const zone = await this.db.transaction(async (tx) => {
      const created = await repo.insertZone(tx, body.name, state.id, cityIds);
      if (!created) throw conflict('zone.duplicate');
      await this.audit.record(tx, caller, { action: 'zone.add', target: { id: created.id, label: created.name }, after: { name: created.name, state_id: state.id, city_ids: cityIds } });
      return created;
    });
    return {
      id: zone.id,
      name: zone.name,
      state_id: state.id,
      state_name: state.name,
      cities: cities.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      created_at: zone.createdAt.toISOString(),
    };
  }

  async deleteZone(caller: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await repo.deleteZone(tx, id);
      if (!removed) throw notFound('zone.not_found');
      await this.audit.record(tx, caller, { action: 'zone.delete', target: { id, label: removed.name }, before: { name: removed.name, state_id: removed.stateId } });
    });
  }
}
