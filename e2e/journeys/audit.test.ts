import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { payThroughSandbox } from '../support/accounts';
import { apiPost } from '../support/api';
import { screenshot, transitionsDone, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, settle } from '../support/session';
import { chooseOption } from '../support/select';

// /audit, the super admin's record of what staff changed: an admin refunds part of a merchant's
// payment (the finance journeys walk refunds themselves); the super admin finds it on a phone
// in Spanish, reads who made it and the payment before and after; runs the chain check in
// Chinese on a desktop and exports what the filters match. What is recorded, the chain and the
// refusals are the API tests' (apps/server/src/modules/audit/audit.test.ts); the page's filters
// and states, its component test's (audit-page.test.tsx).

const { open } = useBrowser();
const REASON = 'Charged twice for November';
let paymentId = 0;

beforeAll(async () => {
  const [client, admin] = await Promise.all([apiLogin('client@example.com'), apiLogin('admin@example.com')]);
  await payThroughSandbox(client, 'business');
  const payments = await apiPost<{ list: { payment_id: number | null }[] }>('/v1/finance/records', { type: 'payment', page_size: 1 }, client.token);
  paymentId = payments.list[0]!.payment_id!;
  await apiPost('/v1/finance/refund', { payment_id: paymentId, amount_cents: 5_000, reason: REASON }, admin.token);
});

describe('the staff audit log', () => {
  it('a super admin finds a refund on a phone in Spanish, with who made it and the payment before and after', async () => {
    const page = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(page, 'super@example.com', '/audit');
    await page.getByTestId('audit-list').waitFor();
    // A phone folds the filters behind one button.
    await page.getByTestId('filters-toggle').click();
    await chooseOption(page, 'audit-filter-action', 'Pago reembolsado', { search: 'Pago reemb' });
    const card = page.locator(`[data-testid^="audit-row-"]:visible`, { hasText: `#${paymentId}` });
    await card.first().waitFor();
    await settle(page);
    expect(await card.first().textContent()).toContain('Pago reembolsado');
    expect(await card.first().textContent()).toContain('admin@example.com');
    await screenshot(page, 'audit-refund-375-es');

    await card.first().getByTestId('card-open').click();
    const detail = page.getByTestId('audit-detail');
    await detail.waitFor();
    await transitionsDone(page);
    const changes = detail.getByTestId('audit-changes');
    expect(await changes.textContent()).toContain(REASON);
    expect(await changes.textContent()).toContain('5000');
    expect(await detail.textContent()).toContain('Administrador');
    await screenshot(page, 'audit-refund-detail-375-es');
  });

  it('the chain check passes in Chinese on a desktop, and the export carries the refund', async () => {
    const page = await open(WIDTHS.desktop, 'zh-CN');
    await signInThroughForm(page, 'super@example.com', '/audit');
    await page.getByTestId('audit-list').waitFor();
    await page.getByTestId('audit-verify').click();
    const intact = page.getByTestId('audit-check-ok');
    await intact.waitFor();
    expect(await intact.textContent()).toMatch(/全部 \d+ 条记录完好/);
    await screenshot(page, 'audit-chain-1440-zh');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=audit-export-csv]')]);
    expect(csv.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    const refund = text.split('\r\n').find((line) => line.includes(REASON));
    expect(refund).toBeDefined();
    expect(refund).toContain('admin@example.com');
    expect(refund).toContain('退款');
  });
});
