import { monthWindow, previousMonth } from '../modules/report/facts.js';
import type { Services } from '../composition/services.js';

const HOUR = 3_600_000;
/** The months of reports the demo opens on: the last two that have ended. */
const MONTHS = 2;

/**
 * The demo merchants' reports of the last months that have ended, built from the demo's videos,
 * payments and rollups (so after the dashboard backfill) as the monthly job would have built them
 * on each first of the month in Los Angeles; dated then, so they tell nobody now.
 */
export async function seedDemoReports(services: Services, now = new Date()): Promise<{ reports: number }> {
  let reports = 0;
  let month = previousMonth(now.toISOString().slice(0, 7));
  for (let index = 0; index < MONTHS; index += 1, month = previousMonth(month)) {
    const window = monthWindow(month);
    const builtAt = new Date(window.end.getTime() + 8 * HOUR);
    // Every merchant whose plan ran in the month, however recently the demo made its account: its
    // video history reaches back 90 days either way.
    for (const merchant of await services.accounts.merchantsWithPlanSince(window.start, now)) {
      if (await services.reports.build(merchant.id, month, builtAt)) reports += 1;
    }
  }
  return { reports };
}
