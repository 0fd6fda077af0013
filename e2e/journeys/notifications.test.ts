import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { payThroughSandbox } from '../support/accounts';
import { apiPost } from '../support/api';
import { screenshot, WIDTHS, type LANGUAGES } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, settle } from '../support/session';

// The notification center against the built app: a studio has its dashboard open on three
// phones (English, Chinese, Spanish, 375 px); an admin writes an announcement in the three
// languages for studios; each phone's bell counts it at once, without a reload (the live
// stream); each phone reads it in its own language in the center, one marks it read and every
// bell follows; the admin sees it read. Who receives what, settings, and "once per event" are
// the API tests' (apps/server/src/modules/notification).
const RUN = Date.now().toString(36).slice(-5);
const TEXT = {
  'en-US': { title: `Studio meetup ${RUN}`, body: 'Join us on Friday at 6 pm to share what worked this month.' },
  'zh-CN': { title: `工作室交流会 ${RUN}`, body: '周五晚上 6 点，一起分享本月的经验。' },
  'es-ES': { title: `Encuentro de estudios ${RUN}`, body: 'Únete el viernes a las 6 pm para compartir lo que funcionó este mes.' },
} as const;
type Language = (typeof LANGUAGES)[number];

const { open } = useBrowser();

const unreadOf = async (page: Page): Promise<number> => Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));

/** Waits for antd's animations to end so a screenshot shows the screen as a person sees it. */
async function shot(page: Page, name: string): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  await screenshot(page, name);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe('announcements reach the bell live', () => {
  it('an admin announces in three languages; a studio reads it on three phones without reloading', async () => {
    // Everything read first, so the bell's number is small; the platform keeps working around
    // the journey (the demo's renders finish, plans near their end), so a notice of its own may
    // still arrive meanwhile: the bell is read against where it stood, not against zero.
    const studioSession = await apiLogin('studio@example.com');
    await apiPost('/v1/notification/read/all', {}, studioSession.token);

    const phones = {} as Record<Language, Page>;
    const before = {} as Record<Language, number>;
    for (const language of ['en-US', 'zh-CN', 'es-ES'] as const) {
      const page = await open(WIDTHS.phone, language);
      await signInThroughForm(page, 'studio@example.com', '/dashboard');
      await settle(page);
      await expect.poll(() => page.getByTestId('notification-bell').getAttribute('data-live'), { timeout: 15_000 }).toBe('open');
      before[language] = await unreadOf(page);
      // Marks this document: a reload would lose it.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      phones[language] = page;
    }

    // The admin writes it in three languages, for studios, and sends it now.
    const admin = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(admin, 'admin@example.com', '/announcements');
    await admin.getByTestId('announcement-new').click();
    await admin.getByTestId('announcement-form').waitFor();
    // Sending with nothing written says what is missing, in words, and sends nothing.
    await admin.getByTestId('announcement-submit').click();
    await admin.getByTestId('error-audience').waitFor();
    expect(await admin.getByTestId('error-title').textContent()).toBe('Write the title and body in at least one language');
    for (const language of ['en-US', 'zh-CN', 'es-ES'] as const) {
      await admin.getByTestId(`announcement-lang-${language}`).click();
      await admin.getByTestId(`announcement-title-${language}`).fill(TEXT[language].title);
      await admin.getByTestId(`announcement-body-${language}`).fill(TEXT[language].body);
    }
    await admin.getByTestId('announcement-audience-studio').click();
    await shot(admin, 'announcement-form-1440-en');
    await admin.getByTestId('announcement-submit').click();
    await admin.locator('.ant-message-notice', { hasText: 'Sent' }).first().waitFor({ timeout: 15_000 });
    const row = admin.locator('[data-testid^="announcement-"]', { hasText: TEXT['en-US'].title }).filter({ has: admin.getByTestId('announcement-status') });
    await row.first().waitFor();
    expect(await row.first().getByTestId('announcement-status').getAttribute('data-status')).toBe('sent');

    // Every phone's bell counts it, live.
    for (const [language, page] of Object.entries(phones) as [Language, Page][]) {
      await expect.poll(() => unreadOf(page), { timeout: 15_000, message: `bell in ${language}` }).toBeGreaterThan(before[language]);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
    }
    await shot(phones['zh-CN'], 'notification-bell-375-zh');

    // Each phone reads it in its own language in the center.
    for (const [language, page] of Object.entries(phones) as [Language, Page][]) {
      await page.getByTestId('notification-bell').click();
      await page.waitForURL((url) => url.pathname === '/notifications');
      const entry = page.locator('[data-testid^="notification-"][data-kind="announcement"]').first();
      await entry.waitFor({ timeout: 15_000 });
      expect(await entry.getByTestId('notification-title').textContent()).toContain(TEXT[language].title);
      expect(await entry.getByTestId('notification-body').textContent()).toBe(TEXT[language].body);
      expect(await entry.getAttribute('data-read')).toBe('false');
      await settle(page);
      await noSidewaysScroll(page);
      await shot(page, `notification-center-375-${language}`);
    }

    // The Spanish phone marks it read: every bell of the account goes back to zero.
    const spanish = phones['es-ES'];
    const entry = spanish.locator('[data-testid^="notification-"][data-kind="announcement"]').first();
    const unreadBefore = await unreadOf(spanish);
    await entry.getByTestId('notification-read').click();
    await expect.poll(() => entry.getAttribute('data-read')).toBe('true');
    for (const [language, page] of Object.entries(phones)) {
      await expect.poll(() => unreadOf(page), { timeout: 15_000, message: `bell in ${language} after reading` }).toBeLessThan(unreadBefore);
    }
    await shot(spanish, 'notification-center-read-375-es');

    // The admin's list counts the reader.
    await admin.reload();
    const sent = admin.locator('[data-testid^="announcement-"]', { hasText: TEXT['en-US'].title }).filter({ has: admin.getByTestId('announcement-reads') }).first();
    await sent.waitFor({ timeout: 15_000 });
    await expect.poll(() => sent.getByTestId('announcement-reads').getAttribute('data-read'), { timeout: 15_000 }).toBe('1');
    await settle(admin);
    await shot(admin, 'announcements-1440-en');
  });

  it('a merchant sees its payment arrive in the interactive tab live, in Chinese on a phone, and reads them all', async () => {
    const client = await apiLogin('client@example.com');
    await apiPost('/v1/notification/read/all', {}, client.token);
    const phone = await open(WIDTHS.phone, 'zh-CN');
    await signInThroughForm(phone, 'client@example.com', '/notifications?tab=interactive');
    await settle(phone);
    await expect.poll(() => phone.getByTestId('notification-bell').getAttribute('data-live'), { timeout: 15_000 }).toBe('open');
    expect(await unreadOf(phone)).toBe(0);
    const payments = phone.locator('[data-kind="payment_received"][data-read="false"]');
    expect(await payments.count()).toBe(0);

    // Another month through the sandbox checkout (the checkout journey walks its pages).
    await payThroughSandbox(client, 'business');
    await expect.poll(() => unreadOf(phone), { timeout: 15_000 }).toBe(1);
    await payments.first().waitFor({ timeout: 15_000 });
    expect(await payments.first().getByTestId('notification-title').textContent()).toContain('付款');
    expect(new URL(phone.url()).pathname).toBe('/notifications');
    await settle(phone);
    await noSidewaysScroll(phone);
    await shot(phone, 'notification-interactive-375-zh');

    await phone.getByTestId('notifications-read-all').click();
    await expect.poll(() => unreadOf(phone), { timeout: 15_000 }).toBe(0);
    // The list reads itself again after the bell has its new count.
    await expect.poll(() => payments.count(), { timeout: 15_000 }).toBe(0);
  });

  it('an admin schedules an announcement, then deletes it before it goes out', async () => {
    const admin = await apiLogin('admin@example.com');
    const title = `Scheduled notice ${RUN}`;
    const scheduled = await apiPost<{ id: number; status: string }>(
      '/v1/notification/announcement/add',
      { title: { 'en-US': title }, body: { 'en-US': 'Later.' }, audience: ['operator'], send_time: new Date(Date.now() + 86_400_000).toISOString() },
      admin.token,
    );
    expect(scheduled.status).toBe('scheduled');
    const page = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(page, 'admin@example.com', '/announcements');
    const card = page.getByTestId(`announcement-${scheduled.id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('announcement-status').textContent()).toBe('Programado');
    await settle(page);
    await noSidewaysScroll(page);
    await shot(page, 'announcements-375-es');
    await card.getByTestId('announcement-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.locator('.ant-message-notice', { hasText: 'Eliminado' }).first().waitFor({ timeout: 15_000 });
    await card.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
