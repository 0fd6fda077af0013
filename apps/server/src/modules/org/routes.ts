import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function orgRoutes(app: FastifyInstance): Promise<void> {
  const { accountAdmin, agents, studios, clients, operators } = app.services;

  // Accounts: super only (spec §6 "Super alone manages accounts").
  route(app, api.account.list, (caller, { body }) => accountAdmin.list(caller, body));
  route(app, api.account.get, (_caller, { body }) => accountAdmin.get(body.id));
  route(app, api.account.add, (caller, { body }) => accountAdmin.create(caller, body), { idempotent: true });
  route(app, api.account.edit, (caller, { body }) => accountAdmin.edit(caller, body));

  // Agents.
  route(app, api.proxy.list, (caller, { body }) => agents.list(caller, body));
  route(app, api.proxy.count, (caller) => agents.count(caller));
  route(app, api.proxy.add, (caller, { body }) => agents.add(caller, body), { idempotent: true });
  route(app, api.proxy.switch, (caller, { body }) => agents.switch(caller, body));
  route(app, api.proxy.get, (caller, { body }) => agents.get(caller, body.id));

  // Studios.
  route(app, api.studio.list, (caller, { body }) => studios.list(caller, body));
  route(app, api.studio.count, (caller) => studios.count(caller));
  route(app, api.studio.proxy, (caller, { body }) => studios.assign(caller, body));
  route(app, api.studio.top, (caller, { body }) => studios.top(caller, body));

  // Clients: everyone who serves merchants sees its own; assignments are for managers.
  route(app, api.client.list, (caller, { body }) => clients.list(caller, body));
  route(app, api.client.count, (caller) => clients.count(caller));
  route(app, api.client.all, (caller, { body }) => clients.pick(caller, body.keyword));
  route(app, api.client.pay, (caller, { body }) => clients.expiring(caller, body));
  route(app, api.client.get, (caller, { body }) => clients.get(caller, body.id));
  route(app, api.client.studio, (caller, { body }) => clients.studioOf(caller, body.client_id));
  route(app, api.client.proxy, (caller, { body }) => clients.assignAgent(caller, body));
  route(app, api.client.studioSet, (caller, { body }) => clients.setStudio(caller, body));
  route(app, api.client.operator, (caller, { body }) => clients.assignOperator(caller, body));

  // Operators: partners recruit their own (spec §6); staff may look.
  route(app, api.operator.add, (caller, { body }) => operators.add(caller, body), { idempotent: true });
  route(app, api.operator.list, (caller, { body }) => operators.list(caller, body));
  route(app, api.operator.edit, (caller, { body }) => operators.edit(caller, body));
}
