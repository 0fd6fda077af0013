import { describe, expect, it } from 'vitest';
import { abilitiesOf } from './abilities';

describe('abilitiesOf', () => {
  it.each(['super', 'admin'] as const)('lets %s do everything', (role) => {
    expect(Object.values(abilitiesOf(role, null)).every(Boolean)).toBe(true);
  });

  it('lets a main agent assign, remove and add sub-agents, but not switch types', () => {
    expect(abilitiesOf('partner', 'main')).toEqual({
      assign: true,
      removeAssignment: true,
      removeOperator: true,
      addAgent: true,
      chooseAgentType: false,
      switchAgent: false,
      filterByOrg: true,
    });
  });

  it('lets a sub-agent assign its own, but neither remove agents or studios nor add agents', () => {
    const sub = abilitiesOf('partner', 'sub');
    expect(sub.assign).toBe(true);
    expect(sub.removeAssignment).toBe(false);
    expect(sub.removeOperator).toBe(true);
    expect(sub.addAgent).toBe(false);
  });

  it.each(['studio', 'operator', 'client'] as const)('gives %s only the list', (role) => {
    expect(Object.values(abilitiesOf(role, null)).some(Boolean)).toBe(false);
  });

  it('gives nothing without a session', () => {
    expect(Object.values(abilitiesOf(null, null)).some(Boolean)).toBe(false);
  });
});
