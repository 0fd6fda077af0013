import { createPayoutRail } from '../../adapters/payouts/index.js';
import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { LedgerService } from '../finance/ledger.js';
import type { FinanceService } from '../finance/service.js';
import { defineModule } from '../module-definition.js';
import type { VerificationService } from '../verification/service.js';
import { settlementLedger } from './ledger.js';
import { settlementRoutes } from './routes.js';
import { SettlementService } from './service.js';

/** Settlement applications of studios and agents, and staff decisions (decision 024). */
export const settlementModule = defineModule<{
  ledger: LedgerService;
  finance: FinanceService;
  verification: VerificationService;
  accounts: AccountService;
  events: EventService;
  audit: AuditService;
}>()({
  name: 'settlement',
  schemas: ['settlement'],
  provides: ['settlements'],
  needs: ['ledger', 'finance', 'verification', 'accounts', 'events', 'audit'],
  // Settlements move money through the ledger and pay only parties whose verification is approved.
  build: ({ db }, needs) => ({
    settlements: new SettlementService(db, settlementLedger(needs.ledger, needs.finance), needs.verification, needs.accounts, createPayoutRail(), needs.events, needs.audit),
  }),
  routes: [settlementRoutes],
  jobs: ({ settlements }, { log }) => settlements.jobDefinitions(log),
});
