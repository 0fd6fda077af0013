import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { uniqueName } from '../support/accounts';
import { screenshot, tempDir, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, settle } from '../support/session';
import { TINY_PNG } from '../support/verification';

// /verification: an agent gives its payout details on a phone (Chinese), staff reject them with
// a reason on a desktop (English), the agent reads the reason (Spanish); a merchant sees its
// business details and asks for a correction. The field rules, encryption and scope are the
// API tests' (apps/server/src/modules/verification/verification.test.ts).

const { open } = useBrowser();
const password = 'Journey-pass-1';
let agentEmail = '';
let documentPath = '';
let dir = '';

beforeAll(async () => {
  dir = tempDir('nearcast-verification-');
  documentPath = path.join(dir, 'id-card.png');
  fs.writeFileSync(documentPath, TINY_PNG);
  // A fresh agent, so the demo accounts' payout details stay as other journeys expect them.
  const admin = await apiLogin('super@example.com');
  agentEmail = `${uniqueName('payee')}@example.com`;
  await apiPost('/v1/account/add', { email: agentEmail, password, username: uniqueName('payee'), role: 'partner' }, admin.token);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('payout verification', () => {
  it('an agent submits its payout details with a document, on a phone in Chinese', async () => {
    const page = await open(WIDTHS.phone, 'zh-CN');
    await signInThroughForm(page, agentEmail, '/verification', password);
    await page.getByTestId('payout-none').waitFor();
    await settle(page);
    await page.fill('[data-testid=payout-legal-name]', 'Payee Growth LLC');
    await page.fill('[data-testid=payout-tax-number]', '12-3456789');
    await page.fill('[data-testid=payout-holder]', 'Payee Growth LLC');
    await page.fill('[data-testid=payout-routing]', '021000022');
    await page.fill('[data-testid=payout-account]', '000123456789');
    await page.setInputFiles('[data-testid=payout-document-upload-input]', documentPath);
    await page.getByTestId('payout-document-ready').waitFor();
    await page.click('[data-testid=payout-submit]');
    // The check digit is checked before anything is sent, in the page's language.
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('路由号为 9 位数字，且校验位不符');
    await page.fill('[data-testid=payout-routing]', '021000021');
    await page.click('[data-testid=payout-submit]');
    await page.getByTestId('payout-summary').waitFor();
    expect(await page.getByTestId('payout-account-last4').textContent()).toContain('•••• 6789');
    expect(await page.locator('body').textContent()).not.toContain('000123456789');
    await page.getByTestId('verification-status-pending').waitFor();
    await screenshot(page, 'verification-payee-submitted-375-zh');
  });

  it('staff reject it with a reason on a desktop, and the agent reads the reason in Spanish', async () => {
    const page = await open(WIDTHS.desktop);
    await signInThroughForm(page, 'admin@example.com', '/verification');
    const row = page.getByTestId(`verification-row-${agentEmail}`);
    await row.waitFor();
    await settle(page);
    await screenshot(page, 'verification-review-1440-en');
    await row.locator('[data-testid^=verification-reject-]').click();
    await page.fill('[data-testid=verification-reject-reason]', 'The holder name does not match the document');
    await page.click('[data-testid=verification-reject-submit]');
    await row.waitFor({ state: 'detached' });

    const phone = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(phone, agentEmail, '/verification', password);
    await phone.getByTestId('payout-reject-reason').waitFor();
    expect(await phone.getByTestId('payout-reject-reason').textContent()).toBe('Motivo: The holder name does not match the document');
    await settle(phone);
    await screenshot(phone, 'verification-payee-rejected-375-es');
  });
});

describe('a merchant business details', () => {
  it('shows the settle-form details and takes a correction request', async () => {
    const page = await open(WIDTHS.desktop, 'es-ES');
    await signInThroughForm(page, 'client@example.com', '/verification');
    await page.getByTestId('business-details').waitFor();
    expect(await page.getByTestId('business-details').textContent()).toContain('98-7654321');
    await page.click('[data-testid=correction-open]');
    const message = `Nuestro nombre legal cambió ${uniqueName('')}`;
    await page.fill('[data-testid=correction-message]', message);
    await page.click('[data-testid=correction-submit]');
    await page.getByTestId('corrections').getByText(message).waitFor();
    await page.getByTestId('correction-submit').waitFor({ state: 'hidden' });
    await settle(page);
    await screenshot(page, 'verification-business-1440-es');
  });
});
