import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { payThroughSandbox } from '../support/accounts';
import { apiPost } from '../support/api';
import { baseUrl, screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser, waitGone } from '../support/journey';
import { apiLogin, settle, type ApiSession } from '../support/session';
import { ensurePayoutVerified } from '../support/verification';

// /finance from a payment to a payout: the merchant pays (sandbox) and downloads its receipt on
// a phone in Chinese; its studio sees the commission pending; the holding period passes (the
// real release job, run with the clock moved on through the journeys' test-only hook); the
// studio applies on a phone in Spanish; an admin approves it with a payout reference in
// Chinese, after rejecting its first application with a reason in Spanish that the studio reads
// in its notification center; the studio sees it paid. Scope, amounts and refusals are the API
// tests' (apps/server/src/modules/finance/records-scope.test.ts and the settlement tests).

const { open } = useBrowser();

interface Row {
  transaction_id: string;
  type: string;
  status: string;
  amount_cents: number;
  payment_id: number | null;
}

let client: ApiSession;
let studio: ApiSession;
let admin: ApiSession;
let payment: Row;
let commission: Row;
let settlementId = 0;

const records = (session: ApiSession, body: object) => apiPost<{ list: Row[] }>('/v1/finance/records', { page_size: 100, ...body }, session.token);
const rowOf = (page: Page, transactionId: string) => page.locator(`[data-testid="record-${transactionId}"]:visible`);

/**
 * An admin decides the current application from the queue, on a desktop in `language`: its
 * decision menu, the action, the reference or reason, and the row leaving the queue (the queue
 * shows pending applications only).
 */
async function decideInQueue(language: 'es-ES' | 'zh-CN', action: 'approve' | 'reject', text: string, shot?: string): Promise<void> {
  const page = await open(WIDTHS.desktop, language);
  await signInThroughForm(page, 'admin@example.com', '/finance');
  await page.getByTestId('tab-queue').click();
  const row = page.locator(`[data-testid="settlement-${settlementId}"]:visible`);
  await row.waitFor();
  await settle(page);
  if (shot) await screenshot(page, shot);
  await row.getByTestId('settlement-decide').click();
  await page.getByTestId(`action-${action}`).click();
  await page.fill('[data-testid=decision-text]', text);
  await page.click('[data-testid=decision-submit]');
  await waitGone(page, row, `the application decided (${action}) in the queue`);
}

beforeAll(async () => {
  [client, studio, admin] = await Promise.all([apiLogin('client@example.com'), apiLogin('studio@example.com'), apiLogin('admin@example.com')]);
  // The merchant buys another month through the sandbox (the checkout journey walks its pages).
  await payThroughSandbox(client, 'business');
  payment = (await records(client, { type: 'payment' })).list[0]!;
  commission = (await records(studio, { type: 'commission' })).list.find((row) => row.payment_id === payment.payment_id)!;
  expect(commission).toMatchObject({ status: 'pending' });
  // Settlements are paid only to verified payout details (the verification journey walks that page).
  await ensurePayoutVerified(studio.token, admin.token, 'Sunset AI Studio LLC');
  // One open application per party: one the demo data left open is decided first.
  const open = await apiPost<{ list: { id: number }[] }>('/v1/settlement/list', { status: 'pending', party_id: studio.user.id }, admin.token);
  for (const application of open.list) await apiPost('/v1/settlement/reject', { id: application.id, reason: 'Closed before the finance journey' }, admin.token);
});

describe('money from a payment to a payout', () => {
  it('the merchant finds its payment and downloads the receipt in Chinese, on a phone', async () => {
    const page = await open(WIDTHS.phone, 'zh-CN');
    await signInThroughForm(page, 'client@example.com', '/finance');
    const row = rowOf(page, payment.transaction_id);
    await row.waitFor();
    await settle(page);
    expect(await row.textContent()).toContain('已完成');
    await screenshot(page, 'finance-merchant-375-zh');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('receipt-download').click()]);
    expect(download.suggestedFilename()).toBe(`R-${String(payment.payment_id).padStart(6, '0')}-zh-CN.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the studio sees the commission pending, on a desktop in English', async () => {
    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'studio@example.com', '/finance');
    const row = rowOf(page, commission.transaction_id);
    await row.waitFor();
    await settle(page);
    expect(await row.getByTestId('status-pending').count()).toBe(1);
    expect(await row.textContent()).toContain('Carmen’s Tacos');
    expect(await page.getByTestId('tile-pending-value').textContent()).not.toBe('$0.00');
    await screenshot(page, 'finance-studio-pending-1440-en');
  });

  it('after the holding period the studio applies for its available balance, on a phone in Spanish', async () => {
    // The holding job, with the clock fifteen days on (the default holding period is 14 days).
    const moved = await fetch(`${baseUrl()}/__e2e/finance/release-due`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: 15 }),
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { released: number }).released).toBeGreaterThan(0);

    const page = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(page, 'studio@example.com', '/finance');
    const row = rowOf(page, commission.transaction_id);
    await row.waitFor();
    await row.getByTestId('status-completed').waitFor();
    await settle(page);
    await page.getByTestId('apply-settlement').click();
    await page.getByTestId('apply-preview').waitFor();
    const net = (await page.getByTestId('apply-net').textContent()) ?? '';
    expect(net).toMatch(/\d/);
    await screenshot(page, 'finance-studio-apply-375-es');
    await page.getByTestId('apply-submit').click();
    await page.getByTestId('apply-preview').waitFor({ state: 'detached' });
    const mine = await apiPost<{ list: { id: number }[] }>('/v1/settlement/list', { status: 'pending' }, studio.token);
    settlementId = mine.list[0]!.id;
    await page.getByTestId('tab-settlements').click();
    const application = page.locator(`[data-testid="settlement-${settlementId}"]:visible`);
    await application.getByTestId('status-pending').waitFor();
    expect(await application.textContent()).toContain(net);
  });

  it('an admin rejects it with a reason in Spanish; the studio reads why in its notification center, on a phone', async () => {
    const reason = `Cuenta bancaria a nombre de otra persona (${settlementId})`;
    await decideInQueue('es-ES', 'reject', reason);

    const phone = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(phone, 'studio@example.com', '/notifications?tab=interactive');
    // Told through the event's delivery, which runs beside the request that decided it.
    const notice = phone.locator('[data-kind="settlement_rejected"]').filter({ hasText: reason });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.getByTestId('notification-title').textContent()).toContain('Liquidación rechazada');
    await settle(phone);
    await screenshot(phone, 'finance-studio-rejected-375-es');
    // The rejection made the money available again: the studio applies once more.
    settlementId = (await apiPost<{ id: number }>('/v1/settlement/apply', {}, studio.token)).id;
  });

  it('an admin approves it with the payout reference, on a desktop in Chinese', async () => {
    await decideInQueue('zh-CN', 'approve', 'WIRE-2026-0042', 'finance-queue-1440-zh');
  });

  it('the studio sees the settlement paid with its reference', async () => {
    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'studio@example.com', '/finance');
    await page.getByTestId('tab-settlements').click();
    const paid = page.locator(`[data-testid="settlement-${settlementId}"]:visible`);
    await paid.waitFor();
    expect(await paid.textContent()).toContain('WIRE-2026-0042');
    expect(await paid.getByTestId('status-paid').count()).toBe(1);
    expect(await page.getByTestId('tile-paid-out-value').textContent()).not.toBe('$0.00');
    await settle(page);
    await screenshot(page, 'finance-studio-paid-1440-en');
  });
});
