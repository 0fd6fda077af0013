import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overflowProblem, overflowReport, textOverflowProblem, textOverflowReport } from '../support/a11y';
import { trackRequests, waitUntilStill, type RequestTracker } from '../support/page-quiet';
import { launch, LANGUAGES, newContext, screenshot, WIDTHS } from '../support/browser';
import { paidAccount, payThroughSandbox } from '../support/accounts';
import { apiPost } from '../support/api';
import { signInThroughForm } from '../support/journey';
import { apiLogin, settle } from '../support/session';
import { uploadDocument } from '../support/verification';
import { chooseOption } from '../support/select';

/**
 * The admin pages an earlier walk-through did not reach, walked as the super admin would: live
 * events and landing pages, refunds, commission rules, the payout verification queue, pricing,
 * areas and zones, announcements, in each language at a phone and a desktop width, and each
 * page's primary form once per language. On each: nothing wider than the screen, no text cut
 * or drawn over other text, no English left in a Chinese or Spanish heading, button, column,
 * tab, label, placeholder or empty state, no table column empty in every row, no unfiltered list
 * saying its filters match nothing, no error toast, no console error. Screenshots land in
 * e2e/screenshots/admin-walk-<page>[-form]-<language>-<width>.png.
 */

type Language = (typeof LANGUAGES)[number];
const SIZES = [
  { width: WIDTHS.desktop, height: 900 },
  { width: WIDTHS.phone, height: 812 },
] as const;

// ------------------------------------------------------------------------------------------
// The catalogues, read from the web app's sources: what English a Chinese or Spanish page must
// not show is every English string whose translation says something else.
// ------------------------------------------------------------------------------------------
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) flatten(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, into);
}

const catalogues = new Map<Language, Map<string, string>>();

function catalogue(language: Language): Map<string, string> {
  const cached = catalogues.get(language);
  if (cached) return cached;
  const strings = new Map<string, string>();
  catalogues.set(language, strings);
  for (const file of fs.readdirSync(path.join(localesDir, language))) {
    if (!file.endsWith('.json')) continue;
    flatten(JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')), file.replace(/\.json$/, ':'), strings);
  }
  return strings;
}

const EN = catalogue('en-US');

/** antd's own English, for a component whose locale did not follow the language. */
const ANTD_ENGLISH = ['No data', 'Cancel', 'OK', 'Search', 'Reset', 'Select date', 'Start date', 'End date', 'Expand', 'Collapse', 'items/page'];

/**
 * An English catalogue string as a pattern. A placeholder's example ("Flores Bakery", "Ana
 * Flores") is English left only where it stands as a placeholder: typed into a form it is data,
 * and a merchant may well be called Flores Bakery.
 */
interface EnglishPattern {
  source: string;
  pattern: string;
  placeholderOnly: boolean;
}

/**
 * Patterns of the English a page in `language` must not show: a catalogue string (its
 * placeholders match anything) whose translation differs and which is no string of that
 * language's own catalogue (brand names and codes read the same in every language).
 */
function englishPatterns(language: Language): EnglishPattern[] {
  const own = catalogue(language);
  const ownTexts = new Set(own.values());
  const patterns: EnglishPattern[] = [];
  const seen = new Set<string>();
  for (const [key, english] of EN) {
    const text = english.replace(/<\/?\d+>|<\/?[a-z]+>/g, '').replace(/\s+/g, ' ').trim();
    // Letters to read: a sign, a figure or a two-letter code is the same everywhere.
    if (!/[A-Za-z]{3}/.test(text) || ownTexts.has(english) || own.get(key) === english || seen.has(text)) continue;
    seen.add(text);
    const escaped = text
      .split(/\{\{[^}]+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    // A template of one word around a placeholder ('Open {{name}}') matches data too: a title
    // that starts with 'Open' is no untranslated button.
    const words = text.replace(/\{\{[^}]+\}\}/g, ' ').trim().split(/\s+/).filter((word) => /[A-Za-z]/.test(word));
    if (text.includes('{{') && words.length < 2) continue;
    patterns.push({ source: `${key} "${text}"`, pattern: `^${escaped}$`, placeholderOnly: /\.placeholders?\./.test(key) });
  }
  for (const text of ANTD_ENGLISH) if (!ownTexts.has(text)) patterns.push({ source: `antd "${text}"`, pattern: `^${text}$`, placeholderOnly: false });
  return patterns;
}

/** The English on the page's visible headings, buttons, tabs, column titles, labels, tags and empty states. */
async function englishLeft(page: Page, patterns: EnglishPattern[]): Promise<string[]> {
  return page.evaluate((list) => {
    const compiled = list.map((entry) => ({ source: entry.source, re: new RegExp(entry.pattern), placeholderOnly: entry.placeholderOnly }));
    const SELECTOR = [
      'h1', 'h2', 'h3', 'h4', 'button', 'a.ant-btn', '[role=tab]', 'th', 'label', '.ant-form-item-label', '.ant-form-item-extra',
      '.ant-tag', '.ant-empty-description', '.nc-state', '.nc-page-header__subtitle', '.ant-card-head-title', '.ant-modal-title',
      '.ant-drawer-title', '.ant-select-selection-placeholder', '.ant-select-selection-item', '.ant-pagination', '.ant-breadcrumb',
      '.nc-card', '.ant-radio-button-wrapper', '.ant-segmented-item', '.ant-alert', '.ant-dropdown-menu-item',
    ].join(', ');
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && element.closest('[aria-hidden="true"], .ant-tooltip') === null;
    };
    const texts = new Set<string>();
    const placeholders = new Set<string>();
    for (const element of Array.from(document.querySelectorAll(SELECTOR))) {
      if (!visible(element)) continue;
      const into = element.matches('.ant-select-selection-placeholder') ? placeholders : texts;
      // The element's whole words, and each of its text pieces (a column title beside its sorter).
      into.add((element as HTMLElement).innerText ?? '');
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) into.add(node.textContent ?? '');
    }
    const found = new Set<string>();
    for (const input of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]'))) {
      if (!visible(input)) continue;
      const placeholder = input.getAttribute('placeholder') ?? '';
      placeholders.add(placeholder);
      // A language named in English inside a sentence of another language ('Título en English').
      if (/\bEnglish\b/.test(placeholder) && placeholder.trim() !== 'English') found.add(`"${placeholder}" (a placeholder naming a language in English)`);
    }
    const check = (raw: string, asPlaceholder: boolean) => {
      for (const line of raw.split('\n')) {
        const text = line.replace(/\s+/g, ' ').trim();
        if (!text) continue;
        const hit = compiled.find((entry) => (asPlaceholder || !entry.placeholderOnly) && entry.re.test(text));
        if (hit) found.add(`"${text}" (${hit.source})`);
      }
    };
    for (const raw of texts) check(raw, false);
    for (const raw of placeholders) check(raw, true);
    return [...found];
  }, patterns);
}

/**
 * Words drawn over other words: two visible text pieces of different elements whose boxes
 * intersect (a textarea's character count over its hint, a tag over a title). Tables are left
 * out: their fixed columns cover what scrolls beneath them on purpose.
 */
async function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** The part of `box` its clipping ancestors let show (an ellipsis cuts the rest). */
    const shown = (element: Element, box: DOMRect): DOMRect | null => {
      let { left, top, right, bottom } = box;
      for (let el: Element | null = element; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = el.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    // An open dialog or drawer is what the user reads; the page under its mask is not.
    const dialog = Array.from(document.querySelectorAll('.ant-modal, .ant-drawer-section')).find((element) => element.getBoundingClientRect().width > 0) ?? null;
    /**
     * The text is what the user sees at that spot: not under a dialog's mask or a sticky bar.
     * Text that lets clicks through (a text area's character count) is never hit: it is drawn
     * where it is, on top of what lies beneath.
     */
    const onTop = (element: Element, box: DOMRect) => {
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
      if (getComputedStyle(element).pointerEvents === 'none') return !dialog || dialog.contains(element);
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (element.contains(hit) || hit.contains(element));
    };
    const pieces: { element: Element; text: string; box: DOMRect }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('.ant-table, [aria-hidden="true"], .ant-tooltip, .ant-select-selection-search-mirror, script, style')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        const box = shown(parent, rect);
        if (box && box.bottom > 0 && box.top < window.innerHeight && onTop(parent, box)) pieces.push({ element: parent, text, box });
      }
    }
    const found = new Set<string>();
    for (let i = 0; i < pieces.length; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i]!;
        const b = pieces[j]!;
        if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 2 && y > 2) found.add(`"${a.text.slice(0, 40)}" and "${b.text.slice(0, 40)}"`);
      }
    }
    return [...found].slice(0, 10);
  });
}

// ------------------------------------------------------------------------------------------
// The pages.
// ------------------------------------------------------------------------------------------

const tr = (language: Language, key: string): string => {
  const value = catalogue(language).get(key) ?? EN.get(key);
  if (value === undefined) throw new Error(`no catalogue string ${key}`);
  return value;
};

interface Walk {
  name: string;
  path: string;
  /** What shows once the page has its data: rows, cards, an empty state or its form. */
  ready: string;
  /** Brings the page to what is walked (a tab, a filter), at the desktop width. */
  prepare?: (page: Page, language: Language) => Promise<unknown>;
  /** Its table fits a 1440 px screen: a few columns that need not scroll sideways. */
  fitsDesktop?: boolean;
  /** Opens the primary action's form; answers false when the page has nothing to open it on. */
  openForm?: (page: Page, language: Language) => Promise<boolean>;
}

const LIST_READY = '.nc-table .ant-table-row, .nc-cards [data-testid], [data-testid$="empty"], .nc-state--empty';
const FORM = '.ant-modal-wrap:visible .ant-modal, .ant-drawer-section:visible';

const WALKS: Walk[] = [
  {
    name: 'live-events',
    path: '/content',
    ready: LIST_READY,
    prepare: (page, language) => chooseOption(page, 'filter-type', tr(language, 'content:type.live')),
    openForm: async (page) => {
      await page.getByTestId('content-create').click();
      await page.getByTestId('create-live').click();
      await page.locator('form').first().waitFor();
      return true;
    },
  },
  {
    name: 'landing-pages',
    path: '/content',
    ready: LIST_READY,
    prepare: (page, language) => chooseOption(page, 'filter-type', tr(language, 'content:type.landing')),
    openForm: async (page) => {
      await page.getByTestId('content-create').click();
      await page.getByTestId('create-landing').click();
      await page.locator('form').first().waitFor();
      return true;
    },
  },
  {
    name: 'refunds',
    path: '/finance',
    ready: LIST_READY,
    prepare: (page, language) => chooseOption(page, 'filter-type', tr(language, 'finance:type.refund')),
    openForm: async (page, language) => {
      await page.setViewportSize(SIZES[0]);
      await chooseOption(page, 'filter-type', tr(language, 'finance:type.payment'));
      await page.setViewportSize(SIZES[1]);
      const open = page.getByTestId('refund-open').first();
      await open.waitFor({ timeout: 15_000 });
      await open.click();
      await page.locator(FORM).first().waitFor();
      return true;
    },
  },
  {
    name: 'commission-rules',
    path: '/finance',
    ready: '[data-testid="rules-panel"]',
    prepare: async (page) => {
      await page.getByTestId('tab-rules').click();
    },
  },
  {
    name: 'payout-verification',
    path: '/verification',
    ready: '[data-testid="verification-table"] .ant-table-row, [data-testid="verification-table"] .nc-cards [data-testid], [data-testid="verification-table"] .nc-state',
    fitsDesktop: true,
    openForm: async (page) => {
      let reject = page.locator('[data-testid^="verification-reject-"]:visible');
      if (!(await reject.count())) {
        // The demo queue is empty (its empty state was just walked): a new studio submits.
        await pendingVerification();
        await page.reload();
        await reject.first().waitFor({ timeout: 20_000 });
      }
      reject = reject.first();
      await reject.click();
      await page.locator(FORM).first().waitFor();
      return true;
    },
  },
  {
    name: 'pricing',
    path: '/pricing',
    ready: LIST_READY,
    openForm: async (page) => {
      await page.getByTestId('price-create').click();
      await page.locator(FORM).first().waitFor();
      return true;
    },
  },
  {
    name: 'areas',
    path: '/area',
    ready: LIST_READY,
    fitsDesktop: true,
    openForm: async (page) => {
      await page.getByTestId('area-add-city').click();
      await page.locator(FORM).first().waitFor();
      return true;
    },
  },
  {
    name: 'zones',
    path: '/zone',
    ready: LIST_READY,
    fitsDesktop: true,
    openForm: async (page) => {
      await page.getByTestId('zone-add').click();
      await page.locator(FORM).first().waitFor();
      return true;
    },
  },
  {
    name: 'announcements',
    path: '/announcements',
    ready: LIST_READY,
    fitsDesktop: true,
    openForm: async (page) => {
      await page.getByTestId('announcement-new').click();
      await page.locator(FORM).first().waitFor();
      return true;
    },
  },
];

let pending: Promise<void> | null = null;

/** A studio's payout details waiting for review, made once for the file. */
function pendingVerification(): Promise<void> {
  pending ??= (async () => {
    const studio = await paidAccount('studio');
    await apiPost(
      '/v1/verification/submit',
      {
        legal_name: 'Walk Payee LLC',
        tax_kind: 'business',
        tax_number: '12-3456789',
        holder_name: 'Walk Payee LLC',
        routing_number: '021000021',
        account_number: '000123456789',
        document_upload_id: await uploadDocument(studio.token),
      },
      studio.token,
    );
  })();
  return pending;
}

/**
 * What a desktop table does wrong: a column whose title stands over nothing in every row (an
 * actions column on rows that have none, covering the column beneath it), and, where the
 * columns fit the screen, a table that scrolls sideways anyway and cuts its last columns.
 */
async function tableProblems(page: Page, fits: boolean): Promise<string[]> {
  return page.evaluate((mustFit) => {
    const problems: string[] = [];
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('.nc-table'))) {
      if (table.getBoundingClientRect().width === 0) continue;
      const titles = Array.from(table.querySelectorAll('.ant-table-thead th')).map((th) => (th.textContent ?? '').trim());
      const rows = Array.from(table.querySelectorAll('tbody tr.ant-table-row'));
      if (rows.length) {
        titles.forEach((title, index) => {
          if (!title) return;
          const empty = rows.every((row) => {
            const cell = row.querySelectorAll('td')[index];
            return cell !== undefined && (cell.textContent ?? '').trim() === '' && !cell.querySelector('button, a, input, img, svg');
          });
          if (empty) problems.push(`the column "${title}" is empty in every row`);
        });
      }
      const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (mustFit && scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
        problems.push(`the table scrolls sideways at this width (${scroller.scrollWidth} px of content in ${scroller.clientWidth} px)`);
      }
    }
    return problems;
  }, fits);
}

// ------------------------------------------------------------------------------------------
// What is wrong on the page as it is now.
// ------------------------------------------------------------------------------------------

/** Records every error toast the page shows, however briefly (they fade in three seconds). */
function watchErrorToasts(): void {
  const seen: string[] = [];
  (window as unknown as { __errorToasts: string[] }).__errorToasts = seen;
  new MutationObserver(() => {
    for (const toast of Array.from(document.querySelectorAll('.ant-message-error, .ant-message-notice-error, .ant-notification-notice-error'))) {
      const text = (toast.textContent ?? '').trim();
      if (!toast.hasAttribute('data-walk-seen')) {
        toast.setAttribute('data-walk-seen', '');
        seen.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

async function takeErrorToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const list = (window as unknown as { __errorToasts?: string[] }).__errorToasts ?? [];
    return list.splice(0, list.length);
  });
}

interface Checker {
  page: Page;
  requests: RequestTracker;
  consoleErrors: string[];
  patterns: EnglishPattern[];
  language: Language;
  problems: string[];
}

interface Look {
  /** The table's columns fit this width. */
  fits?: boolean;
  /** The walk chose a filter: a "nothing matches these filters" state is then right. */
  filtered?: boolean;
}

async function check(c: Checker, where: string, shot: string, look: Look = {}): Promise<void> {
  const unsettled = await waitUntilStill(c.page, c.requests);
  if (unsettled) c.problems.push(`${where}: ${unsettled}`);
  for (const overlap of await overlappingText(c.page)) c.problems.push(`${where}: text drawn over text: ${overlap}`);
  const overflow = overflowProblem(await overflowReport(c.page));
  if (overflow) c.problems.push(`${where}: overflow: ${overflow}`);
  const text = textOverflowProblem(await textOverflowReport(c.page));
  if (text) c.problems.push(`${where}: text does not fit:\n${text}`);
  if (c.language !== 'en-US') for (const english of await englishLeft(c.page, c.patterns)) c.problems.push(`${where}: English left: ${english}`);
  for (const problem of await tableProblems(c.page, look.fits ?? false)) c.problems.push(`${where}: ${problem}`);
  // An empty list the user did not filter says why it is empty, not that a filter matched nothing.
  if (!look.filtered) {
    const noMatch = tr(c.language, 'common:list.no_match');
    const states = await c.page.locator('.nc-state--empty:visible').allInnerTexts();
    if (states.some((text) => text.includes(noMatch))) c.problems.push(`${where}: an unfiltered list says "${noMatch}"`);
  }
  for (const toast of await takeErrorToasts(c.page)) c.problems.push(`${where}: error toast: ${toast}`);
  for (const failure of c.requests.takeFailures()) c.problems.push(`${where}: ${failure}`);
  for (const error of c.consoleErrors.splice(0)) c.problems.push(`${where}: console error: ${error}`);
  await screenshot(c.page, shot);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // A payment to open a refund on and a refund to list: the demo history has neither.
  const [client, admin] = await Promise.all([apiLogin('client@example.com'), apiLogin('super@example.com')]);
  await payThroughSandbox(client, 'business');
  const payments = await apiPost<{ list: { payment_id: number | null }[] }>('/v1/finance/records', { type: 'payment', page_size: 1 }, client.token);
  const paymentId = payments.list[0]?.payment_id;
  if (!paymentId) throw new Error('the sandbox payment left no payment record');
  await apiPost('/v1/finance/refund', { payment_id: paymentId, amount_cents: 100, reason: 'Goodwill for a late video' }, admin.token);
});
afterAll(async () => {
  await browser?.close();
});

describe("the walk's own checks see what they must", () => {
  it('reports a count over a hint, an English button and placeholder, an empty column and a table that scrolls', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.phone, height: 812 } });
    try {
      const page = await context.newPage();
      await page.setContent(`<!doctype html><html lang="es"><head><title>t</title></head><body style="margin:0;font:14px sans-serif"><main>
        <div style="position:relative;width:300px">
          <textarea style="width:300px"></textarea>
          <span style="position:absolute;right:0;bottom:-20px;pointer-events:none">0 / 500</span>
        </div>
        <div style="width:300px">Una o dos frases: se muestran en las listas y en las vistas previas.</div>
        <button type="button">New announcement</button>
        <input placeholder="Título en English">
        <input placeholder="Flores Bakery LLC">
        <span class="ant-select-selection-item">Flores Bakery</span>
        <div class="nc-table" style="width:200px"><div class="ant-table-content" style="overflow-x:auto"><table style="width:400px">
          <thead class="ant-table-thead"><tr><th>Título</th><th>Acciones</th></tr></thead>
          <tbody><tr class="ant-table-row"><td>Uno</td><td></td></tr></tbody>
        </table></div></div>
      </main></body></html>`);
      expect(await overlappingText(page)).toEqual(['"0 / 500" and "Una o dos frases: se muestran en las lis"']);
      const english = await englishLeft(page, englishPatterns('es-ES'));
      expect(english).toEqual(expect.arrayContaining([expect.stringContaining('"New announcement"'), expect.stringContaining('"Título en English"'), expect.stringContaining('"Flores Bakery LLC"')]));
      // A placeholder's example typed in as data (a merchant called Flores Bakery) is no English left.
      expect(english.filter((found) => found.startsWith('"Flores Bakery"'))).toEqual([]);
      expect(await tableProblems(page, true)).toEqual(['the column "Acciones" is empty in every row', 'the table scrolls sideways at this width (400 px of content in 200 px)']);
    } finally {
      await context.close();
    }
  });
});

describe('the admin pages, walked by the super admin', () => {
  for (const language of LANGUAGES) {
    it(`in ${language} at ${WIDTHS.desktop} and ${WIDTHS.phone} px`, { timeout: 240_000 }, async () => {
      const context = await newContext(browser, { width: WIDTHS.desktop, consent: 'accepted', language });
      await context.addInitScript(watchErrorToasts);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 300));
      });
      page.on('pageerror', (error) => consoleErrors.push(`uncaught ${error.message.slice(0, 300)}`));
      const c: Checker = { page, requests: trackRequests(page), consoleErrors, patterns: englishPatterns(language), language, problems: [] };
      try {
        await signInThroughForm(page, 'super@example.com', '/dashboard');
        for (const walk of WALKS) {
          await page.setViewportSize(SIZES[0]);
          await page.goto(walk.path, { waitUntil: 'domcontentloaded' });
          await settle(page);
          await page.waitForSelector('[data-testid=page-title]');
          await waitUntilStill(page, c.requests);
          if (walk.prepare) await walk.prepare(page, language);
          const ready = await page
            .locator(walk.ready)
            .first()
            .waitFor({ timeout: 20_000 })
            .then(() => true, () => false);
          if (!ready) c.problems.push(`${walk.name} ${language}: never showed its content (${walk.ready})`);
          for (const size of SIZES) {
            await page.setViewportSize(size);
            // The top of the page, as a user arriving on it sees it.
            await page.evaluate(() => window.scrollTo(0, 0));
            await check(c, `${walk.name} ${language} @${size.width}`, `admin-walk-${walk.name}-${language}-${size.width}`, {
              fits: size.width === WIDTHS.desktop && walk.fitsDesktop,
              filtered: walk.prepare !== undefined,
            });
          }
          // The form once per language, at the phone width where it is tightest.
          if (walk.openForm) {
            const opened = await walk.openForm(page, language);
            await page.evaluate(() => window.scrollTo(0, 0));
            if (opened) await check(c, `${walk.name} form ${language} @${WIDTHS.phone}`, `admin-walk-${walk.name}-form-${language}-${WIDTHS.phone}`, { filtered: walk.prepare !== undefined });
            await page.keyboard.press('Escape');
          }
        }
      } finally {
        await context.close();
      }
      expect(c.problems, c.problems.join('\n')).toEqual([]);
    });
  }
});
