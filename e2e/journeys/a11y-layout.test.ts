import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@nearcast/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, overflowProblem, overflowReport, textOverflowProblem, textOverflowReport, trackRequests, waitUntilQuiet, type RequestTracker } from '../support/a11y';
import { baseUrl, launch, LANGUAGES, newContext, screenshotDir, WIDTHS } from '../support/browser';
import { expectedLanding, limiter, paramsOf, resolveRouteUrls, ROUTE_PARAMS, type Route } from '../support/route-table';
import { apiLogin, DEMO_ACCOUNTS, pathOf, settle, signedInContext, type DemoAccount } from '../support/session';

/**
 * The accessibility and layout pass: every page of the contract's route table, as every demo
 * account and as a visitor, at a laptop (1366 px) and a phone (375 px) width, has no serious or
 * critical axe-core violation of WCAG 2 A/AA, nothing sticking out of the viewport on the right,
 * and no text that does not fit its box (cut, spilling, a figure broken over two lines) in any
 * of the three languages (axe reads the English pages: contrast and names do not change with the
 * language, lengths do). The pages come from the route table, so a route added later is audited
 * without touching this file.
 * docs/decisions/017-accessibility-and-layout-pass.md says what is checked and why.
 *
 * E2E_A11Y_SCREENSHOTS=1 keeps a screenshot of every audited page (otherwise only of pages
 * with findings) under e2e/screenshots/a11y/.
 */

const SIZES = [
  // The common laptop width, where a desktop layout is tightest.
  { width: 1366, height: 900 },
  { width: WIDTHS.phone, height: 812 },
] as const;
const ALL_SCREENSHOTS = process.env.E2E_A11Y_SCREENSHOTS === '1';
const shotDir = path.join(screenshotDir, 'a11y');

/**
 * The signed-in account that also audits the public pages (home, plans, legal pages) as a
 * signed-in user sees them; the visitor audits them signed out. A merchant, because those
 * pages speak to it differently once signed in (its plan, Logout instead of Login).
 */
const SIGNED_IN_PUBLIC_AUDITOR = 'client@example.com';

interface Audience {
  label: string;
  account: DemoAccount | null;
}

/** E2E_A11Y_ONLY=visitor,super@example.com narrows a local run to some audiences (by label). */
const ONLY = process.env.E2E_A11Y_ONLY?.split(',').filter(Boolean) ?? [];
const AUDIENCES: Audience[] = [
  { label: 'visitor', account: null },
  ...DEMO_ACCOUNTS.map((account) => ({ label: `${account.role} ${account.email}`, account })),
].filter((audience) => !ONLY.length || ONLY.some((part) => audience.label.includes(part)));

interface Visit {
  /** The URL opened. */
  url: string;
  /** Where the browser must end up: the page that is audited. */
  landing: string;
}

/**
 * The pages one audience is audited on: every route it may open, and where the guard sends it
 * from the others (access denied, the home page of an unpaid merchant), each landing once.
 * Public routes are audited by the visitor and by one signed-in merchant; a visitor opening a
 * signed-in route only sees the sign-in page, which it audits as a public route.
 */
function visitsOf(audience: Audience, urls: Map<string, string>): Visit[] {
  const visits = new Map<string, Visit>();
  for (const def of ROUTES as readonly Route[]) {
    const url = urls.get(def.key)!;
    const isPublic = 'public' in def && def.public;
    if (!audience.account) {
      if (isPublic) visits.set(url, { url, landing: url });
      continue;
    }
    if (isPublic && audience.account.email !== SIGNED_IN_PUBLIC_AUDITOR) continue;
    const landing = expectedLanding(audience.account, def, url);
    if (!visits.has(landing)) visits.set(landing, { url, landing });
  }
  return [...visits.values()];
}

/**
 * What the pass must find on a page, so a list that only exists on some days is audited every
 * day: the journey makes a merchant's plan end within the week (beforeAll), and the staff's
 * dashboard must then show its red "days left" tag.
 */
const MUST_SHOW: Record<string, { audiences: string[]; selector: string; what: string }> = {
  '/dashboard': { audiences: ['super@example.com', 'admin@example.com'], selector: '[data-testid="expiring-list"] [data-testid="expiring-days-left"]', what: 'the plans about to end, with their days-left tags' },
};
const ENDING_MERCHANT = 'client@example.com';

/** Sets when a merchant's plan ends through the journeys' test hook; answers the end it replaced. */
async function setPlanEnd(email: string, expireAt: string | null): Promise<string | null> {
  const response = await fetch(`${baseUrl()}/__e2e/account/expire-at`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, expire_at: expireAt }) });
  if (!response.ok) throw new Error(`the plan end hook answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { previous: string | null }).previous;
}

const fileName = (text: string): string => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/** Opens one page at the current viewport and answers everything found on it, in words. */
async function audit(page: Page, requests: RequestTracker, audience: Audience, visit: Visit, language: (typeof LANGUAGES)[number]): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const where = `[${audience.label}] ${visit.landing} @${width} ${language}`;
  const problems: string[] = [];
  requests.takeFailures();
  await page.goto(visit.url, { waitUntil: 'domcontentloaded' });
  await settle(page).catch(() => undefined);
  const unsettled = await waitUntilQuiet(page, requests);
  if (unsettled) problems.push(`${where}: ${unsettled}`);
  const landed = pathOf(page);
  if (landed !== visit.landing) problems.push(`${where}: opening ${visit.url} landed on ${landed}`);
  for (const failure of requests.takeFailures()) problems.push(`${where}: the page's data did not load: ${failure}`);

  const must = MUST_SHOW[visit.landing];
  if (must && audience.account && must.audiences.includes(audience.account.email) && (await page.locator(must.selector).count()) === 0) {
    problems.push(`${where}: the page does not show ${must.what} (${must.selector}), so the pass did not audit them`);
  }
  if (language === 'en-US') {
    for (const finding of await axeFindings(page)) {
      problems.push(`${where}: axe ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.targets.slice(0, 6).join('\n    ')}`);
    }
  }
  const overflow = overflowProblem(await overflowReport(page));
  if (overflow) problems.push(`${where}: overflow: ${overflow}`);
  const text = textOverflowProblem(await textOverflowReport(page));
  if (text) problems.push(`${where}: text does not fit:\n${text}`);

  if (ALL_SCREENSHOTS || problems.length) {
    fs.mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: path.join(shotDir, `${fileName(audience.label)}-${fileName(visit.landing)}-${width}-${language}.png`) });
  }
  return problems;
}

let browser: Browser;
let urls: Map<string, string>;
let endBefore: string | null = null;
beforeAll(async () => {
  browser = await launch();
  urls = await resolveRouteUrls();
  // A plan ending in three days, so the staff dashboard lists it with a red tag to audit.
  endBefore = await setPlanEnd(ENDING_MERCHANT, new Date(Date.now() + 3 * 86_400_000).toISOString());
});
afterAll(async () => {
  await setPlanEnd(ENDING_MERCHANT, endBefore).catch(() => undefined);
  await browser?.close();
});

describe('the auditors see what they must', () => {
  it('reports an unnamed button, grey-on-black text and a box wider than the phone, but not a scroll area\'s content', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.phone, height: 812 } });
    try {
      const page = await context.newPage();
      await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body style="margin:0"><main>
        <h1>Audit</h1>
        <button type="button"><svg width="16" height="16"></svg></button>
        <p style="color:#555;background:#000">Too dim</p>
        <div data-testid="too-wide" style="width:500px">Too wide</div>
        <div data-testid="scroller" style="overflow-x:auto;width:300px" tabindex="0"><div style="width:900px">Scrolls inside</div></div>
      </main></body></html>`);
      const rules = (await axeFindings(page)).map((finding) => finding.rule);
      expect(rules).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
      const report = await overflowReport(page);
      expect(report.scrollWidth).toBeGreaterThan(WIDTHS.phone);
      expect(report.elements.map((found) => found.element)).toEqual(['div[data-testid="too-wide"]']);
    } finally {
      await context.close();
    }
  });
});

describe('the text auditor sees what does not fit', () => {
  it('reports a cut label, spilling text and a figure over two lines, not a truncation that offers its text', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.phone, height: 812 } });
    try {
      const page = await context.newPage();
      await page.setContent(`<!doctype html><html lang="es"><head><title>t</title></head><body style="margin:0;font:16px sans-serif"><main>
        <div data-testid="cut" style="width:80px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Evolución de reproducciones</div>
        <div data-testid="spills" style="width:60px;white-space:nowrap">Tus vídeos publicados</div>
        <div data-testid="split" style="width:70px;overflow-wrap:anywhere">$2,797.20</div>
        <div data-testid="offered" title="Carmen’s Tacos and Grill" style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Carmen’s Tacos and Grill</div>
        <div data-testid="scrolls" style="width:60px;overflow-x:auto;white-space:nowrap" tabindex="0">A long line that scrolls</div>
        <div data-testid="fits" style="width:300px">Fits</div>
      </main></body></html>`);
      const found = await textOverflowReport(page);
      expect(found.map((item) => [item.element, item.problem])).toEqual([
        ['div[data-testid="cut"]', 'clipped'],
        ['div[data-testid="spills"]', 'spills'],
        ['div[data-testid="split"]', 'number split'],
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('the route table has a value for every route parameter', () => {
  it('names one in ROUTE_PARAMS for each parameterised route', () => {
    const unresolved = ROUTES.filter((def) => paramsOf(def.path).length && !ROUTE_PARAMS[def.key]).map((def) => def.path);
    expect(unresolved).toEqual([]);
    // resolveRouteUrls (beforeAll) already threw otherwise; every route has a concrete URL.
    expect([...urls.keys()].sort()).toEqual(ROUTES.map((def) => def.key).sort());
  });
});

describe('every page, for every role and a visitor, passes axe (WCAG 2 A/AA) and fits the viewport', () => {
  // Audiences run a couple at a time: a page load mostly waits on the server and the network.
  const slot = limiter(Number(process.env.E2E_A11Y_CONCURRENCY ?? 2));

  it.concurrent.for(AUDIENCES.map((audience) => [audience.label, audience] as const))(
    '%s',
    { timeout: 900_000 },
    async ([, audience], { expect }) => {
      const problems = await slot(async () => {
        // One sign-in and one context per audience; the viewport changes between the two passes.
        const session = audience.account ? await apiLogin(audience.account.email) : null;
        const context: BrowserContext = session
          ? await signedInContext(browser, session, { consent: 'accepted' })
          : // The visitor has not answered the cookie banner: it is part of every page a visitor sees.
            await newContext(browser);
        const page = await context.newPage();
        const requests = trackRequests(page);
        const found: string[] = [];
        try {
          for (const language of LANGUAGES) {
            // The app reads its language from storage at start; each visit loads the page anew.
            await page.goto('/', { waitUntil: 'domcontentloaded' });
            await page.evaluate((value) => window.localStorage.setItem('nearcast.language', value), language);
            for (const size of SIZES) {
              await page.setViewportSize(size);
              for (const visit of visitsOf(audience, urls)) found.push(...(await audit(page, requests, audience, visit, language)));
            }
          }
        } finally {
          await context.close();
        }
        return found;
      });
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});
