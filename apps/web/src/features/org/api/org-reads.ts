import { api } from '@nearcast/contract';

/**
 * What a change to who belongs to whom (an assignment, a new or edited account, a switched
 * agent, an employee) can alter: lists, counts, rankings and details of people, on the people pages
 * and on the agent and studio centers alike. Mutations invalidate these paths, so every screen showing
 * one refreshes, whichever feature drew it.
 */
export const orgReads = [
  api.account.list,
  api.account.get,
  api.proxy.list,
  api.proxy.get,
  api.proxy.count,
  api.studio.list,
  api.studio.count,
  api.studio.top,
  api.client.list,
  api.client.get,
  api.client.count,
  api.client.pay,
  api.client.studio,
  api.client.all,
  api.operator.list,
];
