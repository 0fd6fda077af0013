import { PAY_STATUS } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { EXPIRY_JOB } from './expiry-job.js';
import { startJobs } from '../../composition/jobs.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { JOBS_POLLING_SECONDS: 0.5 } });
});
afterAll(() => t.close());

const payStatusOf = async (email: string) =>
  (await t.query<{ pay_status: number }>(sql`select pay_status from accounts where email = ${email}`))[0]?.pay_status;

describe('plan expiry job', () => {
  it('runs on the job queue as soon as the server starts it, and marks lapsed plans expired', async () => {
    await t.query(sql`update accounts set pay_status = ${PAY_STATUS.paid}, expire_at = now() - interval '1 hour' where email = 'client@example.com'`);
    await t.query(sql`update accounts set pay_status = ${PAY_STATUS.paid}, expire_at = now() + interval '10 days' where email = 'newclient@example.com'`);

    await startJobs(t.app.services, t.app.log);
    // The schedule is written after pg-boss's clock has started, so its first check finds nothing
    // on a fresh database; the next one (8 s at this polling) sends the job.
    const started = Date.now();
    while ((await payStatusOf('client@example.com')) !== PAY_STATUS.expired) {
      if (Date.now() - started > 45_000) throw new Error('the expiry job did not run');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await payStatusOf('newclient@example.com')).toBe(PAY_STATUS.paid);
    const runs = await t.query<{ state: string }>(sql`select state from pgboss.job where name = ${EXPIRY_JOB}`);
    expect(runs.length).toBe(1);
    expect(['active', 'completed']).toContain(runs[0]!.state);
  }, 75_000);
});
