import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';

// The promotion tool's QR code as a studio, drawn by the real browser's canvas and downloaded as
// the PNG file a printer gets. The page's words, states and requests in three languages are its
// component test's (promotion-page.test.tsx); the area and zone pages', theirs.

const { open } = useBrowser();
const signIn = signInThroughForm;

/** The newest toast's text. */
async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Width and height from a PNG's IHDR chunk: bytes 16–19 and 20–23, big-endian. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the promotion QR code', () => {
  it('a studio generates a 512 px QR code of its link and downloads exactly that PNG', async () => {
    const page = await open();
    await signIn(page, 'studio@example.com', '/promotion');
    const link = await page.locator('[data-testid=promotion-link]').inputValue();
    expect(link).toMatch(/\/signin\?mode=register&join=business&ref=\w+/);

    // Download before generating is refused (spec §5).
    await page.click('[data-testid=qr-download]');
    await toast(page, 'Please generate the QR code first');

    // The link is required.
    await page.fill('[data-testid=qr-link]', '');
    await page.click('[data-testid=qr-generate]');
    await page.getByText('Please enter the link').waitFor();
    await page.fill('[data-testid=qr-link]', link);

    await page.click('[data-testid=qr-size-512]');
    await page.click('[data-testid=qr-generate]');
    await page.waitForSelector('[data-testid=qr-preview][data-generated=true][data-size="512"]');
    await screenshot(page, 'promotion-qr-512');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=qr-download]')]);
    expect(download.suggestedFilename()).toMatch(/^nearcast-qr-\w+-512\.png$/);
    const file = await download.path();
    expect(pngSize(fs.readFileSync(file))).toEqual({ width: 512, height: 512 });

    // Another size invalidates the shown code until it is generated again.
    await page.click('[data-testid=qr-size-128]');
    await page.waitForSelector('[data-testid=qr-preview][data-generated=false]');
    await page.click('[data-testid=qr-download]');
    await toast(page, 'Please generate the QR code first');
  });
});
