import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { audit } = app.services;
  route(app, api.audit.list, (_caller, { body }) => audit.list(body));
  route(app, api.audit.verify, () => audit.verify());
}
