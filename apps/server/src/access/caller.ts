import type { AgentType, Role } from '@nearcast/contract';
import type { AccountRow } from '../db/schema.js';

/** The signed-in account behind a request, as the session plugin resolved it. */
export interface Caller {
  id: number;
  role: Role;
  agentType: AgentType | null;
  account: AccountRow;
  sessionId: number;
  /** The bearer token of this request; /detail hands it back (spec §7). */
  token: string;
}
