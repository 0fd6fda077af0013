import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, launch, newContext, screenshot, WIDTHS } from '../support/browser';
import { apiLogin, injectSession, pathOf, settle, signedInContext, type ApiSession } from '../support/session';

/**
 * The shell every page shares — the language switch (the
 * app's own catalogues and antd's built-in texts), the cookie banner, and screenshots of the
 * three entry screens at phone and desktop widths in every language.
 */

type Language = (typeof LANGUAGES)[number];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogues = new Map<string, unknown>();
/** A text of the app's own catalogue (apps/web/src/locales/<language>/<namespace>.json). */
function text(language: Language, namespace: string, key: string): string {
  const file = path.join(repoRoot, `apps/web/src/locales/${language}/${namespace}.json`);
  if (!catalogues.has(file)) catalogues.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogues.get(file));
  if (typeof value !== 'string') throw new Error(`no ${language}/${namespace} ${key}`);
  return value;
}

/**
 * antd's own strings (its locale packs, not our catalogues): the password field's
 * show-password toggle and the drawer's close button are labelled with `global.show` and
 * `global.close`.
 */
const ANTD_TEXT: Record<Language, { show: string; close: string }> = {
  'en-US': { show: 'Show', close: 'Close' },
  'zh-CN': { show: '显示', close: '关闭' },
  'es-ES': { show: 'Mostrar', close: 'Cerrar' },
};

/** Something a Chinese page shows must be written in Chinese, not fall back to English. */
const HAN = /\p{Script=Han}/u;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const testIdText = async (page: Page, testId: string): Promise<string> =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

const passwordToggleLabel = (page: Page) =>
  page.getByTestId('login-form').locator('[role="button"][aria-pressed]').first().getAttribute('aria-label');

async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-switch').first().selectOption(language);
}

describe('journey 4: the language switch', () => {
  it('turns the sign-in page (our texts and antd’s) into Chinese and Spanish, and keeps it after a reload', async () => {
    const context = await newContext(browser, { consent: 'accepted' });
    const page = await context.newPage();
    try {
      await page.goto('/signin');
      await page.getByTestId('login-form').waitFor();
      // English by default (spec §1).
      expect(await testIdText(page, 'page-title')).toBe(text('en-US', 'auth', 'login.title'));
      await expect.poll(() => passwordToggleLabel(page)).toBe(ANTD_TEXT['en-US'].show);
      expect(await page.getByTestId('language-switch').first().inputValue()).toBe('en-US');

      for (const language of ['zh-CN', 'es-ES'] as const) {
        await switchLanguage(page, language);
        const check = async () => {
          await expect.poll(() => testIdText(page, 'page-title')).toBe(text(language, 'auth', 'login.title'));
          // Exactly as written: antd spaces out a two-character Chinese label (登录 → 登 录)
          // unless the app's ConfigProvider turns that off.
          expect(await testIdText(page, 'login-submit')).toBe(text(language, 'auth', 'login.submit'));
          expect(await testIdText(page, 'signin-tab-register')).toBe(text(language, 'auth', 'register.tab'));
          // antd's locale follows: its own label on the show-password toggle.
          await expect.poll(() => passwordToggleLabel(page)).toBe(ANTD_TEXT[language].show);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(await page.getByTestId('language-switch').first().inputValue()).toBe(language);
        };
        await check();
        expect(await testIdText(page, 'page-title')).not.toBe(text('en-US', 'auth', 'login.title'));
        if (language === 'zh-CN') expect(await testIdText(page, 'page-title')).toMatch(HAN);

        // The stored preference survives a reload.
        await page.reload();
        await page.getByTestId('login-form').waitFor();
        await check();
        expect(await page.evaluate(() => window.localStorage.getItem('nearcast.language'))).toBe(language);
      }
    } finally {
      await context.close();
    }
  });

  it('turns the signed-in frame and its antd drawer into Chinese on a phone, and back to English', async () => {
    const session = await apiLogin('agent@example.com');
    const context = await signedInContext(browser, session, { consent: 'accepted', width: WIDTHS.phone });
    const page = await context.newPage();
    const drawerClose = page.locator('.ant-drawer-open .ant-drawer-close');
    const openDrawer = async () => {
      await page.getByTestId('nav-toggle').click();
      await drawerClose.waitFor();
    };
    try {
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-greeting').waitFor();
      expect(await testIdText(page, 'page-title')).toBe(text('en-US', 'common', 'routes.dashboard'));
      expect(await testIdText(page, 'dashboard-role')).toBe(
        `${text('en-US', 'common', 'roles.partner')} · ${text('en-US', 'dashboard', 'agent_type.main')}`,
      );
      await openDrawer();
      expect(await drawerClose.getAttribute('aria-label')).toBe(ANTD_TEXT['en-US'].close);
      await drawerClose.click();
      await drawerClose.waitFor({ state: 'detached' }).catch(() => undefined);

      await switchLanguage(page, 'zh-CN');
      const checkChinese = async () => {
        await expect.poll(() => testIdText(page, 'page-title')).toBe(text('zh-CN', 'common', 'routes.dashboard'));
        expect(await testIdText(page, 'dashboard-role')).toBe(
          `${text('zh-CN', 'common', 'roles.partner')} · ${text('zh-CN', 'dashboard', 'agent_type.main')}`,
        );
        expect(await testIdText(page, 'dashboard-role')).toMatch(HAN);
        await openDrawer();
        expect(await testIdText(page, 'nav-finance')).toBe(text('zh-CN', 'common', 'routes.finance'));
        await expect.poll(() => drawerClose.getAttribute('aria-label')).toBe(ANTD_TEXT['zh-CN'].close);
        await drawerClose.click();
      };
      await checkChinese();
      await page.reload();
      await page.getByTestId('dashboard-greeting').waitFor();
      await checkChinese();

      await switchLanguage(page, 'en-US');
      await expect.poll(() => testIdText(page, 'page-title')).toBe(text('en-US', 'common', 'routes.dashboard'));
      await openDrawer();
      await expect.poll(() => drawerClose.getAttribute('aria-label')).toBe(ANTD_TEXT['en-US'].close);
    } finally {
      await context.close();
    }
  });

  it('turns the landing page (outside antd) into Spanish', async () => {
    const context = await newContext(browser, { consent: 'accepted' });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.getByTestId('home-hero').waitFor();
      expect(await testIdText(page, 'join-now')).toBe(text('en-US', 'home', 'nav.join_now'));
      await switchLanguage(page, 'es-ES');
      await expect.poll(() => testIdText(page, 'join-now')).toBe(text('es-ES', 'home', 'nav.join_now'));
      expect(await testIdText(page, 'home-hero')).toContain(text('es-ES', 'home', 'hero.cta_shop'));
      await page.reload();
      await page.getByTestId('home-hero').waitFor();
      expect(await testIdText(page, 'join-now')).toBe(text('es-ES', 'home', 'nav.join_now'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-ES');
    } finally {
      await context.close();
    }
  });
});

describe('reduced motion', () => {
  /**
   * Opens the phone menu and answers whether antd moved it there: an init script records every
   * motion class (`…-motion-…-enter-active` and the like) that appears while it opens.
   */
  async function menuMoves(motion: boolean): Promise<boolean> {
    const session = await apiLogin('agent@example.com');
    const context = await signedInContext(browser, session, { consent: 'accepted', width: WIDTHS.phone, motion });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __motion: string[] }).__motion = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            const target = record.target as Element;
            if (typeof target.className === 'string' && /-motion-/.test(target.className)) seen.push(target.className);
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
      });
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-greeting').waitFor();
      await settle(page);
      await page.evaluate(() => ((window as unknown as { __motion: string[] }).__motion.length = 0));
      await page.getByTestId('nav-toggle').click();
      await page.locator('.ant-drawer-open .ant-drawer-close').waitFor();
      await page.waitForTimeout(500);
      return page.evaluate(() => (window as unknown as { __motion: string[] }).__motion.length > 0);
    } finally {
      await context.close();
    }
  }

  it('slides the phone menu in by default, and opens it at once when the system asks for reduced motion', async () => {
    expect(await menuMoves(true)).toBe(true);
    expect(await menuMoves(false)).toBe(false);
  });
});

describe('journey 5: the cookie banner', () => {
  const consentBanner = (page: Page) => page.getByTestId('cookie-consent');

  it.each([
    ['accept', 'accepted', '/', 'home-hero', '/signin', 'login-form'],
    ['reject', 'rejected', '/signin', 'login-form', '/', 'home-hero'],
  ] as const)('hides for good after %s', async (choice, stored, first, firstTestId, second, secondTestId) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await page.goto(first);
      await page.getByTestId(firstTestId).waitFor();
      await consentBanner(page).waitFor();
      expect(await consentBanner(page).textContent()).toContain(text('en-US', 'common', 'cookies.title'));

      await page.getByTestId(`cookie-${choice}`).click();
      await consentBanner(page).waitFor({ state: 'detached', timeout: 5_000 });
      expect(await page.evaluate(() => window.localStorage.getItem('nearcast.cookie-consent'))).toBe(stored);

      // After a reload, and on a page of the other shell, it stays away.
      await page.reload();
      await page.getByTestId(firstTestId).waitFor();
      await settle(page);
      expect(await consentBanner(page).count()).toBe(0);
      await page.goto(second);
      await page.getByTestId(secondTestId).waitFor();
      await settle(page);
      expect(await consentBanner(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('is there for a visitor who has not chosen yet, on every shell', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      for (const [target, testId] of [
        ['/privacy', 'privacy-policy'],
        ['/', 'home-hero'],
        ['/signin', 'login-form'],
      ] as const) {
        await page.goto(target);
        await page.getByTestId(testId).waitFor();
        await expect.poll(() => consentBanner(page).isVisible()).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});

describe('journey 6: screenshots of Home, Sign-in and the dashboard frame', () => {
  let agent: ApiSession;
  beforeAll(async () => {
    agent = await apiLogin('agent@example.com');
  });

  /** Anything wider than the viewport: a page on a phone must not scroll sideways. */
  async function overflow(page: Page): Promise<string | null> {
    return page.evaluate(() => {
      const width = window.innerWidth;
      if (document.documentElement.scrollWidth <= width) return null;
      const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.right > width + 1;
        })
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
      return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${culprits.join(', ')}`;
    });
  }

  /**
   * Untranslated text: a catalogue key shown as it is (i18next prints the key it cannot find,
   * e.g. `links.items.promotion`), in the page's text, placeholders or accessible labels.
   */
  async function rawKeys(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const key = /^(?:[a-z]+:)?[a-z][a-z0-9_]*(?:\.[a-z0-9_]+){2,}$|^[a-z]+:[a-z][a-z0-9_.]*$/;
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent?.trim() ?? '';
        if (key.test(value)) found.add(value);
      }
      for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
        for (const name of ['placeholder', 'aria-label', 'title']) {
          const value = element.getAttribute(name)?.trim() ?? '';
          if (key.test(value)) found.add(`${name}="${value}"`);
        }
      }
      return Array.from(found);
    });
  }

  /**
   * Light-theme leftovers: a visible surface (not a tiny accent dot) painted in a near-white
   * colour, on a product whose theme is dark throughout (spec §1, design.md "Look and feel").
   */
  async function lightSurfaces(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const found: string[] = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const style = getComputedStyle(element);
        const match = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(style.backgroundColor);
        if (!match || style.visibility === 'hidden') continue;
        const alpha = match[4] === undefined ? 1 : Number(match[4]);
        const luminance = (0.2126 * Number(match[1]) + 0.7152 * Number(match[2]) + 0.0722 * Number(match[3])) / 255;
        const box = element.getBoundingClientRect();
        if (alpha > 0.5 && luminance > 0.6 && box.width * box.height >= 200 && box.bottom > 0 && box.top < window.innerHeight) {
          const label = (element.textContent ?? '').trim().slice(0, 40);
          found.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} (${style.backgroundColor}) "${label}"`);
        }
      }
      return found;
    });
  }

  async function shoot(page: Page, name: string, problems: string[]): Promise<void> {
    await settle(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const file = await screenshot(page, name);
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    const wide = await overflow(page);
    if (wide) problems.push(`${name}: overflows sideways: ${wide}`);
    // Known app bug (found by this journey): the dashboard's quick link to /promotion shows the
    // raw key `links.items.promotion` in every language — apps/web/src/locales/*/dashboard.json
    // has no `links.items.promotion` (rendered by dashboard-page.tsx, `t(`links.items.${route.key}`)`).
    for (const raw of await rawKeys(page)) problems.push(`${name}: untranslated catalogue key ${raw}`);
    // Known app bug (found by this journey): the dashboard's role tag (dashboard-page.tsx,
    // <Tag color="#7c5cff" variant="filled">) is painted near-white, rgb(235, 229, 255), on the
    // dark theme.
    for (const surface of await lightSurfaces(page)) problems.push(`${name}: light surface on the dark theme: ${surface}`);
  }

  it.each(LANGUAGES.flatMap((language) => [WIDTHS.phone, WIDTHS.desktop].map((width) => [language, width] as const)))(
    '%s at %i px',
    async (language, width) => {
      const context = await newContext(browser, { language, width, consent: 'accepted' });
      const page = await context.newPage();
      const problems: string[] = [];
      try {
        await page.goto('/');
        await page.getByTestId('home-hero').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await testIdText(page, 'home-hero')).toContain(text(language, 'home', 'hero.cta_shop'));
        await shoot(page, `home-${language}-${width}`, problems);

        await page.goto('/signin');
        await page.getByTestId('login-form').waitFor();
        expect(await testIdText(page, 'page-title')).toBe(text(language, 'auth', 'login.title'));
        await shoot(page, `signin-${language}-${width}`, problems);

        await injectSession(page, agent);
        await page.goto('/dashboard');
        await page.getByTestId('dashboard-greeting').waitFor();
        expect(pathOf(page)).toBe('/dashboard');
        expect(await testIdText(page, 'page-title')).toBe(text(language, 'common', 'routes.dashboard'));
        await shoot(page, `dashboard-${language}-${width}`, problems);
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
  );
});
