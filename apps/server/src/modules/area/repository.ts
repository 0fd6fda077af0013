import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AreaType } from '@nearcast/contract';
import { selectRows, type Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { areas, zoneCities, zones, type AreaRow } from '../../db/schema/area.js';

export type { AreaRow };

/** The SQL of areas and zones. */

// Spelled out in full: drizzle drops the table name from columns of a single-table select,
// which would bind the inner query's own id.
const childCount = sql<number>`(select count(*)::int from areas c where c.parent_id = "areas"."id")`.as('children');

// Where a listed area lies: its parent, and the state above it (its parent for a city, its
// grandparent for a county); an area search answers rows from all over the tree.
const parentName = sql<string | null>`(select p.name from areas p where p.id = "areas"."parent_id")`.as('parent_name');
const stateName = sql<string | null>`(case "areas"."type"
  when 'city' then (select s.name from areas s where s.id = "areas"."parent_id")
  when 'county' then (select s.name from areas c join areas s on s.id = c.parent_id where c.id = "areas"."parent_id")
  else null end)`.as('state_name');

export interface AreaFilter {
  parentId?: number | null;
  type?: AreaType;
  keyword?: string;
}

function areaWhere(filter: AreaFilter): SQL | undefined {
  return and(
    filter.parentId === undefined ? undefined : filter.parentId === null ? isNull(areas.parentId) : eq(areas.parentId, filter.parentId),
    filter.type ? eq(areas.type, filter.type) : undefined,
    filter.keyword ? ilike(areas.name, `%${escapeLike(filter.keyword)}%`) : undefined,
  );
}

/**
 * How well a name matches what was typed: names that start with it first ("Los" → Los Angeles),
 * then names with a word that starts with it (East Los Angeles), then names that merely
 * contain it (Dos Palos); alphabetical within each.
 */
function matchRank(keyword: string): SQL<number> {
  const text = escapeLike(keyword);
  return sql<number>`(case when ${areas.name} ilike ${`${text}%`} then 0 when ${areas.name} ilike ${`% ${text}%`} or ${areas.name} ilike ${`%-${text}%`} then 1 else 2 end)`;
}

export async function listAreas(ex: Executor, filter: AreaFilter, page: number, pageSize: number) {
  const where = areaWhere(filter);
  const [rows, [total]] = await Promise.all([
    ex
      .select({ area: areas, children: childCount, parentName, stateName })
      .from(areas)
      .where(where)
      .orderBy(...(filter.keyword ? [asc(matchRank(filter.keyword))] : []), asc(areas.name), asc(areas.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(areas).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findArea(ex: Executor, id: number): Promise<AreaRow | undefined> {
  const [row] = await ex.select().from(areas).where(eq(areas.id, id)).limit(1);
  return row;
}

export async function findAreaByName(ex: Executor, parentId: number | null, type: AreaType, name: string) {
  const [row] = await ex
    .select()
    .from(areas)
    .where(and(parentId === null ? isNull(areas.parentId) : eq(areas.parentId, parentId), eq(areas.type, type), sql`lower(${areas.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function insertArea(ex: Executor, values: { name: string; code: string; type: AreaType; parentId: number | null }) {
  const [row] = await ex.insert(areas).values(values).onConflictDoNothing().returning();
  return row;
}

/** What of this module still points at an area: sub-areas and zones built on it. */
export async function areaUsage(ex: Executor, id: number) {
  const [row] = await selectRows<{ children: number; zones: number }>(ex, sql`
    select
      (select count(*)::int from ${areas} where parent_id = ${id}) as children,
      (select count(*)::int from ${zones} z where z.state_id = ${id}
         or exists (select 1 from ${zoneCities} zc where zc.zone_id = z.id and zc.city_id = ${id})) as zones
  `);
  return row ?? { children: 0, zones: 0 };
}

/** Locks an area's row until the end of the transaction, so work on it happens one at a time. */
export async function lockArea(ex: Executor, id: number): Promise<void> {
  await ex.select({ id: areas.id }).from(areas).where(eq(areas.id, id)).for('update');
}

export async function deleteArea(ex: Executor, id: number): Promise<boolean> {
  const rows = await ex.delete(areas).where(eq(areas.id, id)).returning({ id: areas.id });
  return rows.length > 0;
}

export async function findAreasByIds(ex: Executor, ids: number[]): Promise<AreaRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(areas).where(inArray(areas.id, ids));
}

// ---- zones ----------------------------------------------------------------------------------

export interface ZoneFilter {
  keyword?: string;
  stateId?: number;
}

function zoneWhere(filter: ZoneFilter): SQL | undefined {
  return and(
    filter.stateId ? eq(zones.stateId, filter.stateId) : undefined,
    filter.keyword
      ? or(
          ilike(zones.name, `%${escapeLike(filter.keyword)}%`),
          sql`exists (select 1 from ${zoneCities} zc join ${areas} c on c.id = zc.city_id where zc.zone_id = "zones"."id" and c.name ilike ${`%${escapeLike(filter.keyword)}%`})`,
        )
      : undefined,
  );
}

export async function listZones(ex: Executor, filter: ZoneFilter, page?: number, pageSize?: number) {
  const where = zoneWhere(filter);
  const query = ex
    .select({ zone: zones, stateName: areas.name })
    .from(zones)
    .innerJoin(areas, eq(areas.id, zones.stateId))
    .where(where)
    .orderBy(asc(zones.name));
  const rows = page && pageSize ? await query.limit(pageSize).offset((page - 1) * pageSize) : await query;
  const [total] = await ex.select({ n: count() }).from(zones).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function citiesOfZones(ex: Executor, zoneIds: number[]) {
  if (zoneIds.length === 0) return [];
  return ex
    .select({ zoneId: zoneCities.zoneId, id: areas.id, name: areas.name })
    .from(zoneCities)
    .innerJoin(areas, eq(areas.id, zoneCities.cityId))
    .where(inArray(zoneCities.zoneId, zoneIds))
    .orderBy(asc(areas.name));
}

export async function insertZone(ex: Executor, name: string, stateId: number, cityIds: number[]) {
  const [zone] = await ex.insert(zones).values({ name, stateId }).onConflictDoNothing({ target: zones.name }).returning();
  if (!zone) return undefined;
  await ex.insert(zoneCities).values(cityIds.map((cityId) => ({ zoneId: zone.id, cityId })));
  return zone;
}

/** Removes a zone; answers what it was (its name and state), or undefined when there was none. */
export async function deleteZone(ex: Executor, id: number): Promise<{ name: string; stateId: number } | undefined> {
  const [row] = await ex.delete(zones).where(eq(zones.id, id)).returning({ name: zones.name, stateId: zones.stateId });
  return row;
}
