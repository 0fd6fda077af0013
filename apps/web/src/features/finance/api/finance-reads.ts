import { api } from '@nearcast/contract';

/**
 * What a money change (a settlement applied or decided, a rule edited) can alter: every
 * finance list and total. Mutations invalidate these paths so every screen showing one refreshes.
 */
export const financeReads = [api.finance.records, api.finance.balance, api.finance.platform, api.settlement.list, api.settlement.preview, api.settlement.get];
