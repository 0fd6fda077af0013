import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function areaRoutes(app: FastifyInstance): Promise<void> {
  const { areas } = app.services;
  // The tree is public reference data: the onboarding forms pick country, state, city and county from it.
  route(app, api.area.list, (_caller, { body }) => areas.list(body));
  route(app, api.area.add, (caller, { body }) => areas.add(caller, body), { idempotent: true });
  route(app, api.area.delete, async (caller, { body }) => areas.delete(caller, body.id).then(() => null));
  route(app, api.area.zone, (_caller, { body }) => areas.zones(body));
  route(app, api.area.zoneAll, () => areas.allZones());
  route(app, api.area.zoneAdd, (caller, { body }) => areas.addZone(caller, body), { idempotent: true });
  route(app, api.area.zoneDelete, async (caller, { body }) => areas.deleteZone(caller, body.id).then(() => null));
}
