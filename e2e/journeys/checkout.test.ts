import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newContext, screenshot, WIDTHS, type ContextOptions } from '../support/browser';
import { apiCall } from '../support/api';
import { mailContaining } from '../support/mailbox';
import { fillCity, findCity, findPackage, newStudio, placesIn, type PackageRow } from '../support/fill-city';
import { apiLogin, pathOf, settle, signedInContext, type ApiSession } from '../support/session';
import { chooseOption } from '../support/select';
import { catalogue } from '../support/catalogue';

/**
 * Checkout: the public plan chooser and plan page, the purchase through the sandbox
 * payment window with its confirmation, and the `/payment` result page (spec §2 "Pricing",
 * "Payment result"; §4 "Payment flow"; §8 payment messages; §9 first-purchase discount and
 * 100 studio places per city).
 */

const FAILURE = 'We cannot verify your payment. Please try again or contact customer service.';
const INVALID = 'No valid session_id detected';
// Names unique to this run, so a kept data directory (E2E_KEEP) never trips on a duplicate.
const RUN = Date.now().toString(36).slice(-5);

type Language = 'en-US' | 'zh-CN' | 'es-ES';
/** A text of the payment catalogue. */
const text = (language: Language, key: string, params: Record<string, string | number> = {}) => catalogue(language, 'payment')(key, params);

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function visitor(options: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, { consent: 'accepted', language: 'en-US', ...options });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(session: ApiSession, options: ContextOptions = {}): Promise<Page> {
  const context = await signedInContext(browser, session, { consent: 'accepted', language: 'en-US', ...options });
  contexts.push(context);
  return context.newPage();
}

const testIdText = async (page: Page, testId: string): Promise<string> =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Sideways scrolling on a phone, naming the widest culprits. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
    return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${culprits.join(', ')}`;
  });
}

/** A screenshot once the page has settled, and no sideways overflow at that width. */
async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const file = await screenshot(page, `checkout-${name}`);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
  expect(await overflow(page), name).toBeNull();
}

/** The purchase click opens the payment window: answers it once it shows the sandbox page. */
async function purchase(page: Page): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('plan-purchase').click()]);
  await popup.getByTestId('sandbox-checkout').waitFor({ timeout: 30_000 });
  expect(new URL(popup.url()).pathname).toMatch(/^\/sandbox\/checkout\//);
  await page.getByTestId('payment-confirm-modal').waitFor();
  return popup;
}

let business: PackageRow;
let studioPlan: PackageRow;
/** Session ids of the two payments below, for the screenshots in other widths and languages. */
const sessions: { failed?: string; paid?: string; studio?: ApiSession } = {};

beforeAll(async () => {
  business = await findPackage('business', 'Local Growth');
  studioPlan = await findPackage('studio', 'AI Studio Membership');
});

describe('the payment result page without a valid session', () => {
  it('says "No valid session_id detected" with no session_id, a blank one, or one the server does not know', async () => {
    const page = await signedIn(await apiLogin('newclient@example.com'));
    for (const url of ['/payment', '/payment?session_id=%20%20', '/payment?session_id=nonsense']) {
      await page.goto(url);
      await page.getByTestId('payment-invalid').waitFor();
      expect(pathOf(page), 'an unpaid client stays on /payment (exempt from gating)').toBe(url);
      expect(await testIdText(page, 'payment-message')).toBe(INVALID);
      expect(await page.getByTestId('payment-success').count()).toBe(0);
    }
    await shoot(page, 'payment-invalid-1440');
  });
});

describe('a shop owner buys the business plan and the card is declined', () => {
  it('goes Home → I am Shop Owner → plan with the first-purchase price → sandbox window → decline → failure', async () => {
    const client = await apiLogin('newclient@example.com');
    const page = await signedIn(client);
    await page.goto('/');
    await page.getByTestId('hero-shop-owner').click();
    await page.waitForURL((url) => url.pathname === '/plans' && url.searchParams.get('type') === 'business');

    // A shop owner is offered the business plans only: no choice of the studio membership, with
    // the plan in its card and its first-purchase price.
    expect(await page.getByTestId('join-type-studio').count()).toBe(0);
    expect(await testIdText(page, 'plans-heading')).toBe(text('en-US', 'plans.heading_business'));
    const card = page.getByTestId(`plan-card-${business.id}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Local Growth');
    expect(await testIdText(page, `plan-card-price-${business.id}`)).toBe('$999.00');
    expect(business.first_purchase, 'the public list offers a visitor the discount').toBe(true);
    expect(await testIdText(page, `plan-card-first-${business.id}`)).toBe('First purchase: $899.00');
    // Only the business type is listed, and no add-ons for an unpaid client.
    expect(await page.getByTestId(`plan-card-${studioPlan.id}`).count()).toBe(0);
    expect(await page.getByTestId('plans-addons').count()).toBe(0);
    await shoot(page, 'plans-business-1440');

    await page.getByTestId(`plan-choose-${business.id}`).click();
    await page.waitForURL((url) => url.pathname === `/plans/${business.id}`);
    await page.getByTestId('plan-buy').waitFor();
    expect(await testIdText(page, 'page-title')).toBe('Plan details');
    expect(await testIdText(page, 'plan-name')).toBe('Local Growth');
    expect(await testIdText(page, 'plan-price')).toBe('$899.00');
    expect(await testIdText(page, 'plan-first-discount')).toBe(text('en-US', 'plan.first_discount', { amount: '$100.00' }));
    expect(await testIdText(page, 'plan-total')).toBe('$899.00');
    await shoot(page, 'plan-business-1440');
    // Three periods: the discount comes off once, and the payment asks for the total shown.
    await chooseOption(page, 'plan-periods', '90 days');
    await expect.poll(() => testIdText(page, 'plan-total')).toBe('$2,897.00');

    const popup = await purchase(page);
    expect(await testIdText(popup, 'sandbox-amount')).toBe('$2,897.00');
    await shoot(popup, 'sandbox-1440');
    expect(await testIdText(page, 'payment-confirm-amount')).toBe('$2,897.00');
    await shoot(page, 'confirm-modal-1440');

    // The card is declined: the payment window lands on the result page and shows the failure too.
    await popup.getByTestId('sandbox-decline').click();
    await popup.getByTestId('payment-failure').waitFor({ timeout: 30_000 });
    const sessionId = new URL(popup.url()).searchParams.get('session_id');
    expect(sessionId).toBeTruthy();
    sessions.failed = sessionId!;

    // Back in the first window, the user confirms: verified, failed, with the spec's words.
    await page.getByTestId('payment-confirm-done').click();
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('session_id') === sessionId);
    await page.getByTestId('payment-failure').waitFor();
    expect(await testIdText(page, 'payment-message')).toBe(FAILURE);
    expect(await page.getByTestId('payment-try-again').getAttribute('href')).toBe(`/plans/${business.id}`);
    expect(await page.getByTestId('payment-contact').getAttribute('href')).toBe('/settle/client');
    await shoot(page, 'payment-failure-1440');

    // Nothing was paid: the account is still unpaid and keeps its first-purchase discount.
    const again = await findPackage('business', 'Local Growth', client.token);
    expect(again.first_purchase).toBe(true);
    const verify = await apiCall<{ status: string; user: { pay_status: number } }>('/v1/payment/stripe/callback', { session_id: sessionId }, client.token);
    expect(verify.data.status).toBe('failed');
    expect(verify.data.user.pay_status).toBe(0);

    // Try again leads back to the plan.
    await page.getByTestId('payment-try-again').click();
    await page.waitForURL((url) => url.pathname === `/plans/${business.id}`);
    await page.getByTestId('plan-purchase').waitFor();
  });
});

describe('a new studio buys its membership in a city and pays', () => {
  it('chooses a city, sees the places left, pays in the sandbox window, and is sent to complete its profile', async () => {
    // A new studio like newstudio@ (unpaid, information incomplete), made for this journey: the
    // route journeys expect the seeded newstudio@ still unpaid when they run after this file.
    const studio = await newStudio((await apiLogin('super@example.com')).token, `new-studio-${RUN}@example.com`);
    sessions.studio = studio;
    expect(studio.user).toMatchObject({ role: 'studio', pay_status: 0, info_status: 0 });
    const { city } = await findCity('Montana', 'Bozeman');
    const before = await placesIn(city.id, studio.token);
    const page = await signedIn(studio);
    await page.goto('/plans?type=studio');
    expect(await page.getByTestId('join-type-business').count()).toBe(0);
    expect(await testIdText(page, 'plans-heading')).toBe(text('en-US', 'plans.heading_studio'));
    await page.getByTestId(`plan-card-${studioPlan.id}`).waitFor();
    expect(await page.getByTestId(`plan-card-${business.id}`).count()).toBe(0);
    await shoot(page, 'plans-studio-1440');

    await page.getByTestId(`plan-choose-${studioPlan.id}`).click();
    await page.waitForURL((url) => url.pathname === `/plans/${studioPlan.id}`);
    // No first-purchase discount on this package: its price as it is.
    expect(await testIdText(page, 'plan-price')).toBe('$999.00');
    expect(await page.getByTestId('plan-first-discount').count()).toBe(0);

    // Buying without a city asks for one first (and opens no window).
    await page.getByTestId('plan-purchase').click();
    await page.getByTestId('plan-city-required').waitFor();
    expect(page.context().pages()).toHaveLength(1);

    await chooseOption(page, 'plan-state-select', 'Montana', { search: true });
    await chooseOption(page, 'plan-city-select', 'Bozeman', { search: true });
    await expect.poll(() => testIdText(page, 'plan-places-left')).toBe(`${before.left} of 100 places left in Bozeman`);
    expect(before.left).toBeGreaterThan(0);
    await shoot(page, 'plan-studio-city-1440');

    const popup = await purchase(page);
    expect(await testIdText(popup, 'sandbox-amount')).toBe('$999.00');
    // The pending checkout already holds this studio's place.
    expect((await placesIn(city.id, studio.token)).taken).toBe(before.taken + 1);
    await popup.getByTestId('sandbox-pay').click();
    await popup.getByTestId('payment-success').waitFor({ timeout: 30_000 });
    sessions.paid = new URL(popup.url()).searchParams.get('session_id')!;
    await popup.close();

    await page.getByTestId('payment-confirm-done').click();
    await page.getByTestId('payment-success').waitFor();
    expect(await testIdText(page, 'payment-package')).toBe('AI Studio Membership');
    expect(await testIdText(page, 'payment-amount')).toBe('$999.00');
    expect(await testIdText(page, 'payment-expiry')).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    // The stored user is the paid one now, so the guard lets the studio into its pages.
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('nearcast.user') ?? '{}') as { pay_status?: number });
    expect(stored.pay_status).toBe(1);
    await shoot(page, 'payment-success-1440');

    expect(await page.getByTestId('payment-complete-profile').textContent()).toBe(text('en-US', 'payment.complete_profile'));
    await page.getByTestId('payment-complete-profile').click();
    await page.waitForURL((url) => url.pathname === '/studio');
    // Paid, the place stays taken (once: the paid order no longer counts as a hold).
    const after = await placesIn(city.id, studio.token);
    expect(after.taken).toBe(before.taken + 1);
  });
});

describe('a visitor who chooses a plan', () => {
  it('is sent to register as a shop owner, and comes back to the plan after signing in', async () => {
    const page = await visitor();
    await page.goto('/plans');
    // No type chosen yet: the hint, and no packages.
    await page.getByTestId('plans-hint').waitFor();
    expect(await page.getByTestId(`plan-card-${business.id}`).count()).toBe(0);
    await page.getByTestId('join-type-business').click();
    await page.getByTestId(`plan-choose-${business.id}`).click();
    await page.waitForURL((url) => url.pathname === `/plans/${business.id}`);
    expect(await testIdText(page, 'plan-price')).toBe('$899.00');
    expect(await page.getByTestId('plan-purchase').count()).toBe(0);

    await page.getByTestId('plan-signin').click();
    await page.waitForURL((url) => url.pathname === '/signin');
    const url = new URL(page.url());
    expect(url.searchParams.get('mode')).toBe('register');
    expect(url.searchParams.get('join')).toBe('business');
    expect(url.searchParams.get('redirect')).toBe(`/plans/${business.id}`);
    await page.getByTestId('register-join-type').waitFor();

    // An unpaid client signing in from here lands back on the plan, not on Home.
    await page.getByTestId('signin-tab-login').click();
    await page.fill('[data-testid=login-email]', 'newclient@example.com');
    await page.fill('[data-testid=login-password]', 'Nearcast-demo-1');
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((next) => next.pathname === `/plans/${business.id}`, { timeout: 30_000 });
    await page.getByTestId('plan-purchase').waitFor();
  });

  it('cannot buy a studio membership as a shop owner, nor anything as staff; a paid client sees add-ons', async () => {
    const client = await signedIn(await apiLogin('newclient@example.com'));
    // Not even offered: asked for the studio type, /plans lists the merchant plans.
    await client.goto('/plans?type=studio');
    await client.getByTestId(`plan-card-${business.id}`).waitFor();
    expect(await client.getByTestId(`plan-card-${studioPlan.id}`).count()).toBe(0);
    expect(await client.getByTestId('join-type-studio').count()).toBe(0);
    // And its own page refuses it, as the server's checkout does (422).
    await client.goto(`/plans/${studioPlan.id}`);
    await client.getByTestId('plan-blocked').waitFor();
    expect(await client.getByTestId('plan-blocked').getAttribute('data-block')).toBe('wrong_role');
    expect(await client.getByTestId('plan-purchase').count()).toBe(0);

    // A paid client sees the add-ons that extend its plan, and may buy one (one at a time).
    const addon = await findPackage('addon', 'Extra Video Pack');
    const paid = await signedIn(await apiLogin('client@example.com'));
    await paid.goto('/plans');
    await paid.getByTestId(`plan-card-${business.id}`).waitFor();
    expect(await paid.getByTestId('join-type-studio').count()).toBe(0);
    await paid.getByTestId(`plan-card-${addon.id}`).waitFor();
    expect(await paid.getByTestId('plans-addons').textContent()).toContain('Extra Video Pack');
    // Its discount was used by its first purchase: no first-purchase price any more.
    expect(await paid.getByTestId(`plan-card-first-${business.id}`).count()).toBe(0);
    await paid.getByTestId(`plan-choose-${addon.id}`).click();
    await paid.getByTestId('plan-purchase').waitFor();
    expect(await paid.getByTestId('plan-periods').count()).toBe(0);
    expect(await testIdText(paid, 'plan-total')).toBe('$199.00');

    const admin = await signedIn(await apiLogin('admin@example.com'));
    await admin.goto(`/plans/${business.id}`);
    await admin.getByTestId('plan-blocked').waitFor();
    expect(await admin.getByTestId('plan-blocked').getAttribute('data-block')).toBe('not_buyer');
    expect(await admin.getByTestId('plan-purchase').count()).toBe(0);
  });
});

describe('a city whose 100 studio places are taken', () => {
  let full: Awaited<ReturnType<typeof fillCity>>;
  let late: ApiSession;
  let cheyenne: number;

  it('shows a studio 0 places left and no purchase, and the API refuses the checkout', async () => {
    const { city } = await findCity('Wyoming', 'Cheyenne');
    cheyenne = city.id;
    full = await fillCity(city.id, studioPlan.id, RUN);
    expect(full).toMatchObject({ limit: 100, left: 0 });

    const admin = await apiLogin('super@example.com');
    late = await newStudio(admin.token, `late-studio-${RUN}@example.com`);
    const refused = await apiCall('/v1/payment/stripe', { package_id: studioPlan.id, periods: 1, city_id: city.id }, late.token);
    expect(refused.code).toBe('409');
    expect(refused.msg).toBe('No studio places are left in Cheyenne; please choose another city');

    const page = await signedIn(late);
    await page.goto(`/plans/${studioPlan.id}`);
    await chooseOption(page, 'plan-state-select', 'Wyoming', { search: true });
    await chooseOption(page, 'plan-city-select', 'Cheyenne', { search: true });
    await expect.poll(() => testIdText(page, 'plan-places-left')).toBe('0 of 100 places left in Cheyenne');
    expect(await testIdText(page, 'plan-city-full')).toBe(text('en-US', 'plan.city.full', { city: 'Cheyenne' }));
    expect(await page.getByTestId('plan-purchase').isDisabled()).toBe(true);
    await shoot(page, 'plan-city-full-1440');

    // The studio joins Cheyenne's waitlist, first in line.
    await page.getByTestId('waitlist-join').click();
    const waiting = page.getByTestId('waitlist-waiting');
    await waiting.waitFor();
    expect(await waiting.getAttribute('data-position')).toBe('1');
    expect(await waiting.textContent()).toContain(text('en-US', 'waitlist.position', { position: 1, count: 1, city: 'Cheyenne' }));
    await shoot(page, 'plan-waitlist-waiting-1440');
  });

  it('offers the first in line a freed place, by mail, and sells it to that studio alone', async () => {
    expect(late, 'the studio above joined the line').toBeTruthy();
    const since = Date.now();
    // One of the checkouts that filled the city is declined: its place is free again.
    const freed = full.checkouts[0]!;
    const declined = await fetch(`${baseUrl()}/sandbox/checkout/${encodeURIComponent(freed.sessionId)}/decline`, { method: 'POST', redirect: 'manual' });
    expect(declined.status).toBe(303);
    const filler = await apiLogin(freed.email);
    expect((await apiCall<{ status: string }>('/v1/payment/stripe/callback', { session_id: freed.sessionId }, filler.token)).data.status).toBe('failed');
    // Someone outside the line finds the city full: the freed place is the line's.
    const admin = await apiLogin('super@example.com');
    const outsider = await newStudio(admin.token, `outsider-studio-${RUN}@example.com`);
    expect((await apiCall('/v1/payment/stripe', { package_id: studioPlan.id, periods: 1, city_id: cheyenne }, outsider.token)).code).toBe('409');

    // The offer pass (every minute; run now) offers it to the first in line, who is emailed.
    expect((await fetch(`${baseUrl()}/__e2e/waitlist/offer-due`, { method: 'POST' })).status).toBe(200);
    const entry = await apiCall<{ list: { status: string; city_id: number }[] }>('/v1/area/waitlist/list', { open: true }, late.token);
    expect(entry.data.list).toMatchObject([{ status: 'offered', city_id: cheyenne }]);
    const mail = await mailContaining(late.user.email, since, '/plans?type=studio');
    expect(mail).toContain('A place in Cheyenne is held for you until');

    // Back on the studio plan, the picker opens on Cheyenne with the place held and the purchase open.
    const page = await signedIn(late);
    await page.goto(`/plans/${studioPlan.id}`);
    await page.getByTestId('waitlist-offered').waitFor();
    await expect.poll(() => testIdText(page, 'plan-places-left')).toBe('1 of 100 places left in Cheyenne');
    expect(await page.getByTestId('plan-purchase').isDisabled()).toBe(false);
    await shoot(page, 'plan-waitlist-offered-1440');
    expect((await apiCall('/v1/payment/stripe', { package_id: studioPlan.id, periods: 1, city_id: cheyenne }, outsider.token)).code).toBe('409');
    const bought = await apiCall<{ session_id: string }>('/v1/payment/stripe', { package_id: studioPlan.id, periods: 1, city_id: cheyenne }, late.token);
    expect(bought.code).toBe('200');

    // The studio pays within the hold: the place is its own, and its place in line ends.
    const paid = await fetch(`${baseUrl()}/sandbox/checkout/${encodeURIComponent(bought.data.session_id)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect((await apiCall<{ status: string }>('/v1/payment/stripe/callback', { session_id: bought.data.session_id }, late.token)).data.status).toBe('paid');
    await expect
      .poll(async () => (await apiCall<{ list: { status: string }[] }>('/v1/area/waitlist/list', {}, late.token)).data.list[0]?.status, { timeout: 15_000 })
      .toBe('purchased');

    // The outsider joins the line behind, and reads its place on a phone in Chinese.
    expect((await apiCall('/v1/area/waitlist/join', { city_id: cheyenne }, outsider.token)).code).toBe('200');
    const phone = await signedIn(outsider, { width: WIDTHS.phone, language: 'zh-CN' });
    await phone.goto(`/plans/${studioPlan.id}`);
    const waiting = phone.getByTestId('waitlist-waiting');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain(text('zh-CN', 'waitlist.position', { position: 1, count: 1, city: 'Cheyenne' }));
    // The panel sits under the plan on a phone: the shot shows it, not the page's top.
    await waiting.scrollIntoViewIfNeeded();
    await shoot(phone, 'plan-waitlist-waiting-375-zh');

    // Staff see Cheyenne's line on /waitlist, in Spanish.
    const staff = await signedIn(admin, { language: 'es-ES' });
    await staff.goto('/waitlist');
    const table = staff.getByTestId('waitlist-table');
    await table.getByText(outsider.user.email).waitFor();
    expect(await table.textContent()).toContain('Cheyenne, Wyoming');
    expect(await table.textContent()).toContain('N.º 1 de 1');
    await shoot(staff, 'waitlist-staff-1440-es');
  });
});

describe('phone width and other languages', () => {
  it('shows the chooser, the plan and every payment state at 375 px, in Spanish and Chinese', async () => {
    expect(sessions.failed && sessions.paid && sessions.studio, 'the purchase journeys above ran first').toBeTruthy();
    const phone = { width: WIDTHS.phone };

    // A visitor in Spanish: the chooser and the plan.
    const es = await visitor({ ...phone, language: 'es-ES' });
    await es.goto('/plans?type=business');
    await es.getByTestId(`plan-card-${business.id}`).waitFor();
    expect(await testIdText(es, 'plans-heading')).toBe(text('es-ES', 'plans.heading_business'));
    // The demo's package texts in Spanish: its name, tag and feature lines.
    const card = (await es.getByTestId(`plan-card-${business.id}`).textContent()) ?? '';
    expect(card).toContain('El más popular');
    expect(card).toContain('Crecimiento Local');
    expect(card).not.toContain('Most popular');
    await shoot(es, 'plans-business-375-es');
    await es.goto(`/plans/${business.id}`);
    await es.getByTestId('plan-signin').waitFor();
    expect(await testIdText(es, 'plan-signin')).toBe(text('es-ES', 'plan.signin'));
    await shoot(es, 'plan-business-375-es');
    await es.getByTestId('plan-buy').scrollIntoViewIfNeeded();
    await shoot(es, 'plan-business-buy-375-es');

    // The studio's city picker and the sandbox window at phone width, in Chinese: the window
    // speaks the app's language, though the browser itself asks for English.
    const studio = await signedIn(await newStudio((await apiLogin('super@example.com')).token, `phone-studio-${RUN}@example.com`), { ...phone, language: 'zh-CN' });
    await studio.goto(`/plans/${studioPlan.id}`);
    await chooseOption(studio, 'plan-state-select', 'Montana', { search: true });
    await chooseOption(studio, 'plan-city-select', 'Bozeman', { search: true });
    await studio.getByTestId('plan-places-left').waitFor();
    await studio.getByTestId('plan-purchase').scrollIntoViewIfNeeded();
    await shoot(studio, 'plan-studio-city-375');
    const popup = await purchase(studio);
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await popup.locator('h1').textContent()).toBe('沙盒收银台');
    expect(await testIdText(popup, 'sandbox-cancel')).toBe('取消并返回');
    expect(await testIdText(popup, 'sandbox-amount')).toBe(await testIdText(studio, 'payment-confirm-amount'));
    await shoot(studio, 'confirm-modal-375-zh');
    await shoot(popup, 'sandbox-375-zh');
    await popup.getByTestId('sandbox-cancel').click();
    await studio.getByTestId('payment-confirm-cancel').click();
    await studio.getByTestId('payment-confirm-modal').waitFor({ state: 'hidden' });

    // The result states in Chinese and Spanish at phone width (verifying the same sessions again
    // changes nothing: the server settles a session once).
    const client = await signedIn(await apiLogin('newclient@example.com'), { ...phone, language: 'zh-CN' });
    await client.goto(`/payment?session_id=${encodeURIComponent(sessions.failed!)}`);
    await client.getByTestId('payment-failure').waitFor();
    expect(await testIdText(client, 'payment-message')).toBe(text('zh-CN', 'payment.failure'));
    await shoot(client, 'payment-failure-375-zh');
    await client.goto('/payment');
    await client.getByTestId('payment-invalid').waitFor();
    expect(await testIdText(client, 'payment-message')).toBe(text('zh-CN', 'payment.invalid'));
    await shoot(client, 'payment-invalid-375-zh');

    const paidStudio = await signedIn(await apiLogin(sessions.studio!.user.email), { ...phone, language: 'es-ES' });
    // Hold the verification back a moment to see the verifying state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await paidStudio.route('**/api/v1/payment/stripe/callback', async (route) => {
      await held;
      await route.continue();
    });
    await paidStudio.goto(`/payment?session_id=${encodeURIComponent(sessions.paid!)}`);
    await paidStudio.getByTestId('payment-verifying').waitFor();
    expect(await testIdText(paidStudio, 'payment-title')).toBe(text('es-ES', 'payment.verifying'));
    await shoot(paidStudio, 'payment-verifying-375-es');
    release();
    await paidStudio.getByTestId('payment-success').waitFor();
    expect(await testIdText(paidStudio, 'payment-title')).toBe(text('es-ES', 'payment.success_title'));
    await shoot(paidStudio, 'payment-success-375-es');
  });
});
