import type { AccountService } from '../account/service.js';
import type { SessionService } from '../account/session-service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import type { PaymentService } from '../payment/service.js';
import { AccountAdminService } from './account-admin-service.js';
import { AgentService } from './agent-service.js';
import { ClientService } from './client-service.js';
import { OperatorService } from './operator-service.js';
import { ReferralService } from './referral-service.js';
import { orgRoutes } from './routes.js';
import { StudioService } from './studio-service.js';

/** The organisation: accounts of every role, agents, studios, clients, operators and referrals. */
export const orgModule = defineModule<{ sessions: SessionService; accounts: AccountService; events: EventService; audit: AuditService; payments: PaymentService }>()({
  name: 'org',
  // Org's rows are the accounts' own (account/module.ts shares them).
  schemas: [],
  provides: ['accountAdmin', 'agents', 'studios', 'clients', 'operators', 'referrals'],
  needs: ['sessions', 'accounts', 'events', 'audit', 'payments'],
  build: ({ db }, { sessions, accounts, events, audit, payments }) => {
    const hash = (password: string) => accounts.hash(password);
    return {
      /** Accounts of every role as super manages them. */
      accountAdmin: new AccountAdminService(db, sessions, hash, events, audit),
      /** Main agents and sub-agents (the API's "proxy"). */
      agents: new AgentService(db, hash, audit),
      /** Studios and the agents they are under. */
      studios: new StudioService(db, events, audit),
      /** Clients (merchants) and the agent, studio and operator each is assigned to; a client's detail shows its purchases. */
      clients: new ClientService(db, payments, events, audit),
      /** Partners' operators. */
      operators: new OperatorService(db, sessions, hash),
      /** Sign-ups through an account's referral code. */
      referrals: new ReferralService(db),
    };
  },
  routes: [orgRoutes],
});
