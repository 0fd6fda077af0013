import { z } from 'zod';
import { id, idOf, keyword, pageOf, pageQuery, plainString, requiredText } from './fields.js';

export const AREA_TYPES = ['country', 'state', 'city', 'county'] as const;
export type AreaType = (typeof AREA_TYPES)[number];
/** What each type hangs under in the tree (spec §3 "Area": country → state → city → county). */
export const AREA_PARENT_TYPE = { country: null, state: 'country', city: 'state', county: 'city' } as const;

export const area = z.object({
  id,
  name: z.string(),
  code: z.string(),
  type: z.enum(AREA_TYPES),
  parent_id: z.number().int().nullable(),
  /** How many areas hang directly under this one. */
  children: z.number().int(),
  created_at: z.string(),
  /**
   * In a list, where the area lies: its parent's name and its state's name (null for a country
   * or a state), so search results from all over the tree can be told apart ("Los Angeles County"
   * under three different cities).
   */
  parent_name: z.string().nullable().optional(),
  state_name: z.string().nullable().optional(),
});
export type Area = z.infer<typeof area>;

export const areaListRequest = z.strictObject({
  ...pageQuery,
  parent_id: id.nullable().optional(),
  type: z.enum(AREA_TYPES, { error: 'validation.invalid_option' }).optional(),
  keyword: keyword().optional(),
});
export const areaListResponse = pageOf(area);

export const areaAddRequest = z.strictObject({
  name: requiredText('area.city_name_required', 100),
  code: plainString().trim().max(20, { error: 'validation.too_long' }).default(''),
  type: z.enum(AREA_TYPES, { error: 'validation.invalid_option' }).default('city'),
  parent_id: id.nullable().default(null),
});

export const areaDeleteRequest = z.strictObject({ id });

export const zoneCity = z.object({ id, name: z.string() });
export const zone = z.object({
  id,
  name: z.string(),
  state_id: id,
  state_name: z.string(),
  cities: z.array(zoneCity),
  created_at: z.string(),
});
export type Zone = z.infer<typeof zone>;

export const zoneListRequest = z.strictObject({
  ...pageQuery,
  keyword: keyword().optional(),
  state_id: id.optional(),
});
export const zoneListResponse = pageOf(zone);
export const zoneAllResponse = z.object({ list: z.array(zone) });

export const zoneAddRequest = z.strictObject({
  name: requiredText('zone.name_required', 100),
  state_id: idOf('zone.state_required'),
  city_ids: z
    .array(id, { error: 'zone.city_required' })
    .min(1, { error: 'zone.city_required' })
    .max(500, { error: 'validation.too_big' }),
});
export const zoneDeleteRequest = z.strictObject({ id });
