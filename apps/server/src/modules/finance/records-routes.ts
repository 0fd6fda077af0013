import { api, LANGUAGE_OF } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** The read side of /finance: every role reads its own records; balances for earners and staff. */
export async function financeRecordRoutes(app: FastifyInstance): Promise<void> {
  const records = app.services.financeRecords;
  route(app, api.finance.records, (caller, { body }) => records.records(caller, body));
  route(app, api.finance.balance, (caller, { body }) => records.balance(caller, body));
  route(app, api.finance.platform, () => records.platform());
  route(app, api.finance.receipt, (caller, { body, request }) => records.receipt(caller, body, LANGUAGE_OF[request.lang]));
}
