import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

const STAFF = ['super', 'admin'] as const;
const MANAGERS = ['super', 'admin', 'partner'] as const;
const CLIENT_VIEWERS = ['super', 'admin', 'partner', 'studio', 'operator'] as const;

export async function orgRoutes(app: FastifyInstance): Promise<void> {
  const { accountAdmin, agents, studios, clients, operators } = app.services;

  // Accounts: super only (spec §6 "Super alone manages accounts").
  route(app, api.account.list, ['super'], (caller, { body }) => accountAdmin.list(caller, body));
  route(app, api.account.get, ['super'], (_caller, { body }) => accountAdmin.get(body.id));
  route(app, api.account.add, ['super'], (caller, { body }) => accountAdmin.create(caller, body), { idempotent: true });
  route(app, api.account.edit, ['super'], (caller, { body }) => accountAdmin.edit(caller, body));

  // Agents.
  route(app, api.proxy.list, MANAGERS, (caller, { body }) => agents.list(caller, body));
  route(app, api.proxy.count, MANAGERS, (caller) => agents.count(caller));
  route(app, api.proxy.add, MANAGERS, (caller, { body }) => agents.add(caller, body), { idempotent: true });
  route(app, api.proxy.switch, STAFF, (caller, { body }) => agents.switch(caller, body));
  route(app, api.proxy.get, MANAGERS, (caller, { body }) => agents.get(caller, body.id));

  // Studios.
  route(app, api.studio.list, MANAGERS, (caller, { body }) => studios.list(caller, body));
  route(app, api.studio.count, MANAGERS, (caller) => studios.count(caller));
  route(app, api.studio.proxy, MANAGERS, (caller, { body }) => studios.assign(caller, body));
  route(app, api.studio.top, MANAGERS, (caller, { body }) => studios.top(caller, body));

  // Clients: everyone who serves merchants sees its own; assignments are for managers.
  route(app, api.client.list, CLIENT_VIEWERS, (caller, { body }) => clients.list(caller, body));
  route(app, api.client.count, CLIENT_VIEWERS, (caller) => clients.count(caller));
  route(app, api.client.all, CLIENT_VIEWERS, (caller, { body }) => clients.pick(caller, body.keyword));
  route(app, api.client.pay, CLIENT_VIEWERS, (caller, { body }) => clients.expiring(caller, body));
  route(app, api.client.get, CLIENT_VIEWERS, (caller, { body }) => clients.get(caller, body.id));
  route(app, api.client.studio, CLIENT_VIEWERS, (caller, { body }) => clients.studioOf(caller, body.client_id));
  route(app, api.client.proxy, MANAGERS, (caller, { body }) => clients.assignAgent(caller, body));
  route(app, api.client.studioSet, MANAGERS, (caller, { body }) => clients.setStudio(caller, body));
  route(app, api.client.operator, MANAGERS, (caller, { body }) => clients.assignOperator(caller, body));

  // Operators: partners recruit their own (spec §6); staff may look.
  route(app, api.operator.add, ['partner'], (caller, { body }) => operators.add(caller, body), { idempotent: true });
  route(app, api.operator.list, MANAGERS, (caller, { body }) => operators.list(caller, body));
  route(app, api.operator.edit, ['partner'], (caller, { body }) => operators.edit(caller, body));
}
