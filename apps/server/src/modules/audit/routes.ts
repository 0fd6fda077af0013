import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** The audit log is the super admins' to read and check: it records what the other staff did too. */
const SUPER = ['super'] as const;

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { audit } = app.services;
  route(app, api.audit.list, SUPER, (_caller, { body }) => audit.list(body));
  route(app, api.audit.verify, SUPER, () => audit.verify());
}
