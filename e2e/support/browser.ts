import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');
export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const WIDTHS = { phone: 375, desktop: 1440 } as const;
export const LANGUAGES = ['en-US', 'zh-CN', 'es-ES'] as const;

/** Debian's Chromium, headless, with the flags this closed network needs (design.md "Tests"). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface ContextOptions {
  width?: number;
  /** Stored language preference, set before the first page load. */
  language?: (typeof LANGUAGES)[number];
  /** Accept the cookie banner up front so it does not cover what a journey looks at. */
  consent?: 'accepted' | 'rejected';
  /** Keep the app's transitions (the journeys otherwise ask for reduced motion). */
  motion?: boolean;
  /** Another browser's user agent: two contexts on one machine are then two visitors. */
  userAgent?: string;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const width = options.width ?? WIDTHS.desktop;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width <= WIDTHS.phone ? 812 : 900 },
    deviceScaleFactor: 1,
    colorScheme: 'dark',
    // The journeys' browser asks for reduced motion, as a system setting can: the app then drops
    // antd's transitions (lib/theme.ts), so a step waits for the state it looks for, not for a
    // dropdown or drawer to finish moving, and a click never lands on an option mid-animation.
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const storage: Record<string, string> = {};
  if (options.language) storage['nearcast.language'] = options.language;
  if (options.consent) storage['nearcast.cookie-consent'] = options.consent;
  if (Object.keys(storage).length) {
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      }
    }, storage);
  }
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // Finite CSS animations and transitions are run to their end first: a dialog still fading in
  // or a drawer sliding is not what the user looks at a moment later.
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
  return file;
}

/**
 * Waits until the page has drawn what the last action changed and every animation with an end
 * has ended (a dialog opening, a message fading, a dropdown closing); endless ones (a spinner,
 * a shimmer) are not waited for.
 */
export async function transitionsDone(page: Page, timeout = 5_000): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))),
    undefined,
    { timeout, polling: 'raf' },
  );
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
