import { api, headsTrees, ROUTES, type Role } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { roleCan } from './can';

/**
 * What each role is offered on the people pages and elsewhere, read from the contract: the
 * buttons the server would refuse are the ones hidden (a refusal signs the user out).
 */
describe('roleCan', () => {
  it('offers staff every assignment, the agent switch and the agent type', () => {
    for (const role of ['super', 'admin'] as const) {
      for (const endpoint of [api.client.proxy, api.client.operator, api.studio.proxy, api.proxy.add, api.proxy.switch, api.proxy.list]) {
        expect(roleCan(role, endpoint), `${role} ${endpoint.path}`).toBe(true);
      }
      expect(headsTrees(role, null)).toBe(true);
    }
  });

  it('lets an agent assign and add, but not switch agent types; a sub-agent heads no tree', () => {
    expect(roleCan('partner', api.client.proxy)).toBe(true);
    expect(roleCan('partner', api.client.operator)).toBe(true);
    expect(roleCan('partner', api.proxy.add)).toBe(true);
    expect(roleCan('partner', api.proxy.switch)).toBe(false);
    expect(headsTrees('partner', 'main')).toBe(true);
    expect(headsTrees('partner', 'sub')).toBe(false);
  });

  it.each(['studio', 'operator', 'client'] as const)('offers %s no assignment at all', (role: Role) => {
    for (const endpoint of [api.client.proxy, api.client.operator, api.studio.proxy, api.proxy.add, api.proxy.switch, api.proxy.list]) {
      expect(roleCan(role, endpoint), endpoint.path).toBe(false);
    }
    expect(headsTrees(role, null)).toBe(false);
  });

  it('writes on the production line for staff and studios only; an admin lists no material', () => {
    expect((['super', 'admin', 'studio', 'operator'] as const).map((role) => roleCan(role, api.creative.renderAdd))).toEqual([true, true, true, false]);
    expect((['super', 'admin', 'studio', 'operator'] as const).map((role) => roleCan(role, api.footage.list))).toEqual([true, false, true, true]);
  });

  it('answers public endpoints signed out, and nothing else', () => {
    expect(roleCan(null, api.price.list)).toBe(true);
    expect(roleCan(null, api.account.detail)).toBe(false);
    expect(roleCan(null, api.area.add)).toBe(false);
  });

  it('reads a page the way it reads an endpoint', () => {
    const audit = ROUTES.find((route) => route.key === 'audit')!;
    expect(roleCan('super', audit)).toBe(true);
    expect(roleCan('admin', audit)).toBe(false);
    const profile = ROUTES.find((route) => route.key === 'profile')!;
    expect(roleCan('client', profile)).toBe(true);
  });
});
