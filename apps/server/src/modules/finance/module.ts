import type { AccountService } from '../account/service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import { foldTotalsJob } from './fold-totals-job.js';
import { LedgerService } from './ledger.js';
import type { PaymentPort } from './payment-port.js';
import { FinanceRecordsService } from './records-service.js';
import { financeRecordRoutes } from './records-routes.js';
import { releaseJob } from './release-job.js';
import { financeRoutes } from './routes.js';
import { FinanceService } from './service.js';

/** The ledger, commissions and refunds, and the read side of money. */
export const financeModule = defineModule<{ accounts: AccountService; events: EventService; audit: AuditService; payments: PaymentPort }>()({
  name: 'finance',
  schemas: ['finance'],
  provides: ['ledger', 'finance', 'financeRecords'],
  needs: ['accounts', 'events', 'audit'],
  // Fulfilment posts commissions through finance; finance reads payments back for refunds and receipts.
  ports: ['payments'],
  build: ({ db }, needs) => {
    /** The double-entry ledger: every money movement posts through it (decision 021). */
    const ledger = new LedgerService(db);
    return {
      ledger,
      /** Commissions, holding period, refunds, commission rules and finance settings. */
      finance: new FinanceService(db, ledger, needs.accounts, needs.events, () => needs.payments, needs.audit),
      /** The read side of finance: records, balances, the platform's accounts, receipts. */
      financeRecords: new FinanceRecordsService(db, needs.accounts, { receiptFacts: (id) => needs.payments.receiptFacts(id) }, ledger),
    };
  },
  routes: [financeRoutes, financeRecordRoutes],
  jobs: ({ finance, ledger }, { log }) => [releaseJob(finance, log), foldTotalsJob(ledger, log)],
});
