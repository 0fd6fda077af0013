import { ACCOUNT_TYPE, api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

const STAFF = ['super', 'admin'] as const;
const MANAGERS = ['super', 'admin', 'partner'] as const;
const CLIENT_VIEWERS = ['super', 'admin', 'partner', 'studio', 'operator'] as const;

export async function orgRoutes(app: FastifyInstance): Promise<void> {
  const { org } = app.services;

  // Accounts: super only (spec §6 "Super alone manages accounts").
  route(app, api.account.list, ['super'], (caller, { body }) => org.listAccounts(caller, body));
  route(app, api.account.get, ['super'], (_caller, { body }) => org.getAccount(body.id));
  route(app, api.account.add, ['super'], (_caller, { body }) => org.createAccount(body), { idempotent: true });
  route(app, api.account.edit, ['super'], (caller, { body }) => org.editAccount(caller, body));

  // Agents.
  route(app, api.proxy.list, MANAGERS, (caller, { body }) => org.listAgents(caller, body));
  route(app, api.proxy.count, MANAGERS, (caller) => org.countAgents(caller));
  route(app, api.proxy.add, MANAGERS, (caller, { body }) => org.addAgent(caller, body), { idempotent: true });
  route(app, api.proxy.switch, STAFF, (_caller, { body }) => org.switchAgent(body));
  route(app, api.proxy.get, MANAGERS, (caller, { body }) => org.getAgent(caller, body.id));

  // Studios.
  route(app, api.studio.list, MANAGERS, (caller, { body }) => org.listStudios(caller, body));
  route(app, api.studio.count, MANAGERS, (caller) => org.countOf(caller, ACCOUNT_TYPE.studio));
  route(app, api.studio.proxy, MANAGERS, (caller, { body }) => org.assignStudio(caller, body));
  route(app, api.studio.top, MANAGERS, (caller, { body }) => org.topStudios(caller, body));

  // Clients: everyone who serves merchants sees its own; assignments are for managers.
  route(app, api.client.list, CLIENT_VIEWERS, (caller, { body }) => org.listClients(caller, body));
  route(app, api.client.count, CLIENT_VIEWERS, (caller) => org.countOf(caller, ACCOUNT_TYPE.client));
  route(app, api.client.all, CLIENT_VIEWERS, (caller, { body }) => org.pickClients(caller, body.keyword));
  route(app, api.client.pay, CLIENT_VIEWERS, (caller, { body }) => org.expiringClients(caller, body));
  route(app, api.client.get, CLIENT_VIEWERS, (caller, { body }) => org.getClient(caller, body.id));
  route(app, api.client.studio, CLIENT_VIEWERS, (caller, { body }) => org.clientStudio(caller, body.client_id));
  route(app, api.client.proxy, MANAGERS, (caller, { body }) => org.assignClientAgent(caller, body));
  route(app, api.client.studioSet, MANAGERS, (caller, { body }) => org.setClientStudio(caller, body));
  route(app, api.client.operator, MANAGERS, (caller, { body }) => org.assignOperator(caller, body));

  // Operators: partners recruit their own (spec §6); staff may look.
  route(app, api.operator.add, ['partner'], (caller, { body }) => org.addOperator(caller, body), { idempotent: true });
  route(app, api.operator.list, MANAGERS, (caller, { body }) => org.listOperators(caller, body));
  route(app, api.operator.edit, ['partner'], (caller, { body }) => org.editOperator(caller, body));
}
