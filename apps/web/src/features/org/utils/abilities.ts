import type { AgentType, Role } from '@nearcast/contract';

/**
 * What the signed-in user may do on the people pages, mirroring the server's rules
 * (apps/server/src/modules/org): buttons the server would refuse are not shown, because a
 * refusal answers '403', and a '403' signs the user out (spec §8).
 */
export interface OrgAbilities {
  /** Assign clients to agents, studios and operators, and studios to agents. */
  assign: boolean;
  /** Take a client or a studio away from its agent or studio: staff and main agents. */
  removeAssignment: boolean;
  /** Take a client away from its operator: every manager. */
  removeOperator: boolean;
  /** Add agents: staff (main or sub) and main agents (sub-agents under themselves). */
  addAgent: boolean;
  /** Choose the new agent's type and main agent: staff only. */
  chooseAgentType: boolean;
  /** Switch an agent to sub-agent or back to main: staff only. */
  switchAgent: boolean;
  /** Filter lists by agent and studio: staff and partners. */
  filterByOrg: boolean;
}

const NONE: OrgAbilities = {
  assign: false,
  removeAssignment: false,
  removeOperator: false,
  addAgent: false,
  chooseAgentType: false,
  switchAgent: false,
  filterByOrg: false,
};

export function abilitiesOf(role: Role | null, agentType: AgentType | null | undefined): OrgAbilities {
  if (role === 'super' || role === 'admin') {
    return { assign: true, removeAssignment: true, removeOperator: true, addAgent: true, chooseAgentType: true, switchAgent: true, filterByOrg: true };
  }
  if (role === 'partner') {
    const main = agentType !== 'sub';
    return { ...NONE, assign: true, removeAssignment: main, removeOperator: true, addAgent: main, filterByOrg: true };
  }
  return NONE;
}
