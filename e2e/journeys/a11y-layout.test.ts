import fs from 'node:fs';
import path from 'node:path';
import { ROUTES, routeAllows } from '@nearcast/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, overflowProblem, overflowReport, textOverflowProblem, textOverflowReport } from '../support/a11y';
import { trackRequests, waitUntilStill, type RequestTracker } from '../support/page-quiet';
import { baseUrl, launch, LANGUAGES, newContext, screenshotDir, WIDTHS } from '../support/browser';
import { landedProblems, visitRoute } from '../support/landing';
import { expectedLanding, limiter, paramsOf, resolveRouteUrls, ROUTE_PARAMS, type Route } from '../support/route-table';
import { apiLogin, DEMO_ACCOUNTS, pathOf, settle, signedInContext, type DemoAccount } from '../support/session';

/**
 * The walk over every route: every page of the contract's route table, as every demo account
 * and as a visitor, at a laptop (1366 px) and a phone (375 px) width, has no serious or critical
 * axe-core violation of WCAG 2 A/AA, nothing sticking out of the viewport on the right, and no
 * text that does not fit its box (cut, spilling, a figure broken over two lines). The pages come
 * from the route table, so a route added later is audited without touching this file.
 *
 * The route guard of spec §2/§4/§6 is walked here too: every demo account opens every route as a
 * deep link, lands where the rules of support/route-table.ts say, and finds a real page there
 * with its English title. A route that lands on a page the account audits anyway is checked on
 * that audit; the others (access denied, an unpaid merchant sent home, each a page load) are
 * opened once more at the laptop width. A separate walk of the same routes loaded every page of
 * every account a second time.
 *
 * Languages: every page × audience is audited in English (axe reads the English pages: contrast
 * and names do not change with the language, lengths do). Chinese and Spanish change only the
 * words, so each page is audited once in each of them, by one of the audiences that reach it,
 * chosen so that every audience is still seen in every language (LANGUAGE_PLAN, checked below):
 * what an audience changes on a page (its rows, its menu) is measured in English, what a
 * language changes (the length of the same labels) once per page.
 * Every audience in every language tripled the slowest journey of CI to measure the same
 * translated labels again on each audience's copy of a page.
 *
 * Widths: the layout checks run at both widths on every audit, on one page load: each page is
 * opened at the phone width, audited, resized to the laptop width and audited again (LOAD_ORDER
 * says why in that order). Loading every page afresh at each width spent a third of the walk
 * starting the app a second time to measure the same page. axe runs on every English audit
 * at the laptop width, and at the phone width once per page, by the first audience that reaches
 * it: what an audience changes (its rows, its menu entries) axe reads at the laptop width, what
 * the phone layout changes (the menu button, cards for rows, drawers) once per page. axe on every
 * audience's phone copy too made this the longest journey of CI by minutes.
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
type Size = (typeof SIZES)[number];
/**
 * The width a page is loaded at; it is then resized to the other. A phone is never resized, so
 * its audit is of the page exactly as a phone opens it; a desktop window is, and a page that only
 * lays itself out right when loaded at a width is a finding at the laptop width.
 */
const LOAD_ORDER: readonly Size[] = [SIZES[1], SIZES[0]];
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

interface RouteCheck extends Visit {
  def: Route;
}

/**
 * The routes an account opens only to see where the guard sends it: every route of the table
 * whose URL is not one of its audited visits (those check their landing on the audit).
 */
function routeChecksOf(audience: Audience, urls: Map<string, string>): RouteCheck[] {
  const account = audience.account;
  if (!account) return [];
  const audited = new Set(visitsOf(audience, urls).map((visit) => visit.url));
  return (ROUTES as readonly Route[])
    .map((def) => ({ def, url: urls.get(def.key)! }))
    .filter(({ url }) => !audited.has(url))
    .map(({ def, url }) => ({ def, url, landing: expectedLanding(account, def, url) }));
}

/**
 * The views a page addresses by its URL beside its default one (its tabs), each audited like a
 * page in the full language at both widths by the account that works there most: the route
 * table knows pages, not tabs, and a tab is often most of what a role uses a page for.
 */
const VIEWS: readonly { url: string; by: string }[] = [
  { url: '/video?tab=production', by: 'studio@example.com' },
  { url: '/video?tab=calendar', by: 'operator@example.com' },
  { url: '/video?tab=connections', by: 'studio@example.com' },
  { url: '/agents?tab=studios', by: 'agent@example.com' },
  { url: '/learning?tab=manage', by: 'admin@example.com' },
  { url: '/notifications?tab=interactive', by: 'client@example.com' },
  { url: '/profile?tab=security', by: 'subagent@example.com' },
  { url: '/profile?tab=notifications', by: 'operator@example.com' },
  { url: '/profile?tab=account', by: 'super@example.com' },
];

type Language = (typeof LANGUAGES)[number];
/** The language every page × audience is audited in, with axe. */
const FULL_LANGUAGE: Language = 'en-US';

/** Per audience (label), per language, the pages it audits. */
type LanguagePlan = Map<string, Map<Language, Visit[]>>;

/**
 * Who audits which page in which language: in FULL_LANGUAGE every audience its every page; in
 * each other language every page once, by one of the audiences that reach it. Pages reached by
 * fewest audiences are given out first (a page only the super admin opens is the super admin's),
 * each to the audience that has the fewest pages in that language so far, preferring one that
 * did not audit the page in another language already: so every audience, even one that lands
 * on three pages, audits some page in every language, and a page many audiences reach is seen
 * through different eyes in Chinese and in Spanish.
 */
function languagePlan(audiences: readonly Audience[], urls: Map<string, string>): LanguagePlan {
  const plan: LanguagePlan = new Map(audiences.map((audience) => [audience.label, new Map(LANGUAGES.map((language) => [language, [] as Visit[]]))]));
  const reach = new Map<string, { audience: Audience; index: number; visit: Visit }[]>();
  audiences.forEach((audience, index) => {
    const visits = visitsOf(audience, urls);
    const views = VIEWS.filter((view) => view.by === audience.account?.email).map((view) => ({ url: view.url, landing: view.url }));
    plan.get(audience.label)!.set(FULL_LANGUAGE, [...visits, ...views]);
    for (const visit of visits) reach.set(visit.landing, [...(reach.get(visit.landing) ?? []), { audience, index, visit }]);
  });
  const pages = [...reach.entries()].sort(([, a], [, b]) => a.length - b.length);
  const pagesIn = (label: string, language: Language) => plan.get(label)!.get(language)!;
  const auditedElsewhere = (label: string, landing: string, language: Language) =>
    LANGUAGES.some((other) => other !== FULL_LANGUAGE && other !== language && pagesIn(label, other).some((visit) => visit.landing === landing));
  for (const language of LANGUAGES) {
    if (language === FULL_LANGUAGE) continue;
    for (const [landing, candidates] of pages) {
      const key = ({ audience, index }: { audience: Audience; index: number }) => [
        pagesIn(audience.label, language).length,
        auditedElsewhere(audience.label, landing, language) ? 1 : 0,
        index,
      ];
      const chosen = [...candidates].sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        return ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]!;
      })[0]!;
      pagesIn(chosen.audience.label, language).push(chosen.visit);
    }
  }
  return plan;
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

/**
 * The audience that runs axe on each page at the phone width (the header comment says why once
 * per page): the first audience whose English audits include it.
 */
function phoneAxeAuditors(plan: LanguagePlan): Map<string, string> {
  const auditors = new Map<string, string>();
  for (const audience of AUDIENCES) {
    for (const visit of plan.get(audience.label)!.get(FULL_LANGUAGE)!) if (!auditors.has(visit.landing)) auditors.set(visit.landing, audience.label);
  }
  return auditors;
}

/**
 * Opens one page as a deep link at the current viewport and answers what is wrong with the
 * landing itself: where the guard sent the browser, the document's language, data that did not
 * load. The page is then inspected at each width by `inspect`.
 */
async function open(page: Page, requests: RequestTracker, audience: Audience, visit: Visit, language: Language): Promise<string[]> {
  const where = `[${audience.label}] ${visit.landing} ${language}`;
  const problems: string[] = [];
  requests.takeFailures();
  await page.goto(visit.url, { waitUntil: 'domcontentloaded' });
  await settle(page).catch(() => undefined);
  const unsettled = await waitUntilStill(page, requests);
  if (unsettled) problems.push(`${where}: ${unsettled}`);
  const landed = pathOf(page);
  if (landed !== visit.landing) problems.push(`${where}: opening ${visit.url} landed on ${landed}`);
  // A page audited once per language must be in that language, or the language went unaudited.
  const shown = await page.evaluate(() => document.documentElement.lang);
  if (shown !== language) problems.push(`${where}: the page is in ${shown || 'no language'}, not ${language}`);
  return problems;
}

/**
 * Audits the page already open at `size`: resized to it first, as a window is, and let settle
 * again (a breakpoint swaps rows for cards, the menu for its button). Answers everything found,
 * in words (axe's too when `axe`).
 */
async function inspect(page: Page, requests: RequestTracker, audience: Audience, visit: Visit, language: Language, size: Size, axe: boolean): Promise<string[]> {
  const where = `[${audience.label}] ${visit.landing} @${size.width} ${language}`;
  const problems: string[] = [];
  const current = page.viewportSize();
  if (current?.width !== size.width || current.height !== size.height) {
    await page.setViewportSize(size);
    const unsettled = await waitUntilStill(page, requests);
    if (unsettled) problems.push(`${where}: ${unsettled}`);
  }
  for (const failure of requests.takeFailures()) problems.push(`${where}: the page's data did not load: ${failure}`);
  if (language === FULL_LANGUAGE && size.width === SIZES[0].width) {
    const missing = await landedProblems(page, visit.landing, routeAt.get(visit.landing));
    if (missing) problems.push(`${where}: ${missing}`);
  }
  const must = MUST_SHOW[visit.landing];
  if (must && audience.account && must.audiences.includes(audience.account.email) && (await page.locator(must.selector).count()) === 0) {
    problems.push(`${where}: the page does not show ${must.what} (${must.selector}), so the pass did not audit them`);
  }
  if (axe) {
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
    await page.screenshot({ path: path.join(shotDir, `${fileName(audience.label)}-${fileName(visit.landing)}-${size.width}-${language}.png`) });
  }
  return problems;
}

let browser: Browser;
let urls: Map<string, string>;
/** The route each concrete URL opens (`/item/7` is the item route), for the landing checks. */
let routeAt: Map<string, Route>;
let plan: LanguagePlan;
let phoneAxeBy: Map<string, string>;
let endBefore: string | null = null;
beforeAll(async () => {
  browser = await launch();
  urls = await resolveRouteUrls();
  routeAt = new Map((ROUTES as readonly Route[]).map((def) => [urls.get(def.key)!, def]));
  plan = languagePlan(AUDIENCES, urls);
  phoneAxeBy = phoneAxeAuditors(plan);
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
  it('reports a cut label (also one cut in an inline child), spilling text and a figure over two lines, not a truncation that offers its text', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.phone, height: 812 } });
    try {
      const page = await context.newPage();
      await page.setContent(`<!doctype html><html lang="es"><head><title>t</title></head><body style="margin:0;font:16px sans-serif"><main>
        <div data-testid="cut" style="width:80px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Evolución de reproducciones</div>
        <div data-testid="spills" style="width:60px;white-space:nowrap">Tus vídeos publicados</div>
        <div data-testid="split" style="width:70px;overflow-wrap:anywhere">$2,797.20</div>
        <div data-testid="cut-inline" style="width:80px;overflow:hidden;white-space:nowrap"><strong>wx_tacos_carmen_2026</strong></div>
        <div data-testid="offered" title="Carmen’s Tacos and Grill" style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Carmen’s Tacos and Grill</div>
        <div data-testid="scrolls" style="width:60px;overflow-x:auto;white-space:nowrap" tabindex="0">A long line that scrolls</div>
        <div data-testid="fits" style="width:300px">Fits</div>
      </main></body></html>`);
      const found = await textOverflowReport(page);
      expect(found.map((item) => [item.element, item.problem])).toEqual([
        ['div[data-testid="cut"]', 'clipped'],
        ['div[data-testid="spills"]', 'spills'],
        ['div[data-testid="cut-inline"]', 'clipped'],
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

describe('the language plan', () => {
  it('audits every page of every audience in English, and every page and every audience in each other language', () => {
    const gaps: string[] = [];
    for (const language of LANGUAGES) {
      const seen = new Map<string, number>();
      for (const audience of AUDIENCES) {
        const visits = plan.get(audience.label)!.get(language)!;
        if (!visits.length) gaps.push(`${audience.label} audits nothing in ${language}`);
        for (const visit of visits) seen.set(visit.landing, (seen.get(visit.landing) ?? 0) + 1);
      }
      for (const audience of AUDIENCES) {
        for (const visit of visitsOf(audience, urls)) {
          const times = seen.get(visit.landing) ?? 0;
          if (language === FULL_LANGUAGE && !plan.get(audience.label)!.get(language)!.some((planned) => planned.landing === visit.landing)) gaps.push(`${audience.label} skips ${visit.landing} in ${language}`);
          if (language !== FULL_LANGUAGE && times !== 1) gaps.push(`${visit.landing} is audited ${times} times in ${language}`);
        }
      }
    }
    expect([...new Set(gaps)]).toEqual([]);
  });

  it('audits each view by an account that may open its page', () => {
    const misplaced = VIEWS.filter((view) => {
      const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === view.by);
      const def = ROUTES.find((route) => route.path === new URL(view.url, 'http://x').pathname);
      return !account || !def || !routeAllows(def, account.role);
    });
    expect(misplaced).toEqual([]);
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
        // One sign-in and one context per audience for all its languages and both widths: the
        // session and the cookie answer carry over, only the stored language and the viewport change.
        const session = audience.account ? await apiLogin(audience.account.email) : null;
        const context: BrowserContext = session
          ? await signedInContext(browser, session, { consent: 'accepted', language: FULL_LANGUAGE })
          : // The visitor has not answered the cookie banner: it is part of every page a visitor sees.
            await newContext(browser, { language: FULL_LANGUAGE });
        const page = await context.newPage();
        const requests = trackRequests(page);
        const found: string[] = [];
        try {
          for (const language of LANGUAGES) {
            const visits = plan.get(audience.label)!.get(language)!;
            if (!visits.length) continue;
            // The app reads its language from storage at start and each visit loads the page anew,
            // so the stored value is changed on the page already open; before the first load the
            // context stores FULL_LANGUAGE itself, which saves loading a page only to set it.
            const store = (value: Language) => window.localStorage.setItem('nearcast.language', value);
            if (page.url().startsWith(baseUrl())) await page.evaluate(store, language);
            else if (language !== FULL_LANGUAGE) {
              await page.goto('/', { waitUntil: 'domcontentloaded' });
              await page.evaluate(store, language);
            }
            for (const visit of visits) {
              await page.setViewportSize(LOAD_ORDER[0]!);
              found.push(...(await open(page, requests, audience, visit, language)));
              for (const size of LOAD_ORDER) {
                const axe = language === FULL_LANGUAGE && (size.width !== WIDTHS.phone || phoneAxeBy.get(visit.landing) === audience.label);
                found.push(...(await inspect(page, requests, audience, visit, language, size, axe)));
              }
            }
            if (language === FULL_LANGUAGE) {
              await page.setViewportSize(SIZES[0]);
              for (const check of routeChecksOf(audience, urls)) {
                const problem = await visitRoute(page, check.url, check.landing, check.def);
                if (problem) found.push(`[${audience.label}] ${problem}`);
              }
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
