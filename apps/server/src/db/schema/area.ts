import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The territory tree of spec §3 "Area": country → state → city → county. The United States is
 * loaded from GeoNames postal data (db/reference-areas.ts); staff add cities and more by hand.
 */
export const areas = pgTable(
  'areas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    code: text().notNull().default(''),
    type: text({ enum: ['country', 'state', 'city', 'county'] }).notNull(),
    parentId: integer().references((): AnyPgColumn => areas.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('areas_parent_type_name_uq').on(t.parentId, t.type, t.name),
    index('areas_type_name_idx').on(t.type, t.name),
    index('areas_name_search_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** A sales zone: a named group of cities inside one state (spec §3 "Zone"). */
export const zones = pgTable('zones', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  stateId: integer()
    .notNull()
    .references(() => areas.id, { onDelete: 'restrict' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const zoneCities = pgTable(
  'zone_cities',
  {
    zoneId: integer()
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    cityId: integer()
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.cityId] }), index('zone_cities_city_idx').on(t.cityId)],
);

export type AreaRow = typeof areas.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
