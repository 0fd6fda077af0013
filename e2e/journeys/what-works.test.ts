import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, overflowProblem, overflowReport, textOverflowProblem, textOverflowReport } from '../support/a11y';
import { LANGUAGES, screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';

// What the learning loop shows people, opened as they open it: the plan's learning panel for one
// merchant on the studio's /video, and a published video's redeem confirmation on the merchant's
// dashboard, on a phone and a desktop in every language. The route walk (a11y-layout) opens
// /video without a merchant, where the panel only says how to pick one, and never opens a
// confirmation; these are the states it cannot reach. No serious or critical axe finding,
// nothing sticking out of the screen, no text cut. What the panel and the button say and send
// are their component tests' (learning-panel.test.tsx, redeem-button.test.tsx).

const { open } = useBrowser();

async function expectClean(page: Page, what: string): Promise<void> {
  const findings = await axeFindings(page);
  expect(findings, `${what}: axe ${JSON.stringify(findings)}`).toEqual([]);
  expect(overflowProblem(await overflowReport(page)), `${what}: overflow`).toBeNull();
  expect(textOverflowProblem(await textOverflowReport(page)), `${what}: text`).toBeNull();
}

describe('what works, as the studio and the merchant open it', () => {
  for (const language of LANGUAGES) {
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      it(`the learning panel and the redeem confirmation in ${language} at ${width} px`, async () => {
        const merchant = (await apiLogin('client@example.com')).user;
        const studio = await open(width, language);
        await signInThroughForm(studio, 'studio@example.com', `/video?merchant=${String(merchant.id)}`);
        const panel = studio.getByTestId('learning-panel');
        await panel.waitFor();
        await studio.getByTestId('learning-loading').waitFor({ state: 'detached' });
        await panel.scrollIntoViewIfNeeded();
        await screenshot(studio, `what-works-learning-${language}-${width}`);
        await expectClean(studio, `learning panel ${language} ${width}`);

        const shop = await open(width, language);
        await signInThroughForm(shop, 'client@example.com', '/dashboard');
        const redeem = shop.locator('[data-testid^="redeem-"]').first();
        await redeem.waitFor();
        await redeem.scrollIntoViewIfNeeded();
        await redeem.click();
        await shop.locator('.ant-popconfirm').waitFor();
        await screenshot(shop, `what-works-redeem-${language}-${width}`);
        await expectClean(shop, `redeem confirmation ${language} ${width}`);
        // Turned down here: a redemption is a count the merchant means, and this is a look.
        await shop.keyboard.press('Escape');
      });
    }
  }
});
