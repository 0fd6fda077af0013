import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { chooseOption } from '../support/select';

// The area pages (areas, zones) as the super admin and the promotion
// tool's QR code as a studio, against the built app and the demo accounts.
// Names unique to this run, so a kept data directory (E2E_KEEP) never trips on a duplicate.
const RUN = Date.now().toString(36).slice(-5);

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

describe('area and promotion', () => {
  it('the super admin adds a city under a state and finds it in the list', async () => {
    const page = await open();
    await signIn(page, 'super@example.com', '/area');
    await page.waitForSelector('[data-testid="area-row-United States"]');

    // Drill down: United States, then Vermont found with the keyword inside it.
    await page.click('[data-testid="area-row-United States"]');
    await page.waitForSelector('[data-testid="area-crumb-United States"]');
    await page.fill('[data-testid=area-filter-keyword] input', 'Vermont');
    await page.keyboard.press('Enter');
    await page.click('[data-testid="area-row-Vermont"]');
    await page.waitForSelector('[data-testid="area-crumb-Vermont"]');

    const city = `Nearcast Falls ${RUN}`;
    await page.click('[data-testid=area-add-city]');
    // The state being browsed is proposed; the city name is required (spec §5).
    await expect.poll(() => page.locator('[data-testid=city-state]').textContent()).toContain('Vermont');
    await page.click('[data-testid=city-submit]');
    await page.getByText('Please enter the city name').waitFor();
    await screenshot(page, 'area-city-required');

    // Another state, chosen by searching, then the name.
    await chooseOption(page, 'city-state', 'New Hampshire', { search: true });
    await page.fill('[data-testid=city-name]', city);
    await page.click('[data-testid=city-submit]');
    await toast(page, `Created: ${city}`);

    // The list opens on the chosen state, filtered to the new city.
    const row = page.locator(`[data-testid="area-row-${city}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('City');
    await page.waitForSelector('[data-testid="area-crumb-New Hampshire"]');
    await screenshot(page, 'area-city-added');

    // And a search of the whole tree finds it too.
    await page.click('[data-testid=area-crumb-top]');
    await page.waitForSelector('[data-testid="area-row-United States"]');
    await page.fill('[data-testid=area-filter-keyword] input', city);
    await page.keyboard.press('Enter');
    await row.waitFor();
    expect(await page.locator('[data-testid^="area-row-"]').count()).toBe(1);

    // A state with cities under it is not deleted: the server's reason is shown. ("Vermont" is
    // also a city in Illinois; the search result names each row's state.)
    await page.fill('[data-testid=area-filter-keyword] input', 'Vermont');
    await page.keyboard.press('Enter');
    const state = page.locator('[data-testid="area-row-Vermont"]', { hasText: 'United States' });
    await state.waitFor();
    await state.locator('[data-testid="area-delete-Vermont"]').click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.click('[data-testid=confirm-ok]');
    await toast(page, 'Delete the areas under it first');
    await screenshot(page, 'area-delete-refused');

    // The new city has nothing under it: it goes.
    await page.fill('[data-testid=area-filter-keyword] input', city);
    await page.keyboard.press('Enter');
    await page.click(`[data-testid="area-delete-${city}"]`);
    await page.click('[data-testid=confirm-ok]');
    await toast(page, 'Deleted');
    await row.waitFor({ state: 'detached' });
  });

  it('the super admin adds a zone with two cities and sees it listed', async () => {
    const page = await open(WIDTHS.phone);
    await signIn(page, 'super@example.com', '/zone');

    const zone = `South Bay ${RUN}`;
    await page.click('[data-testid=zone-add]');
    await page.click('[data-testid=zone-submit]');
    await page.getByText('Please enter the zone name').waitFor();
    await page.getByText('Please choose a state').waitFor();
    await page.getByText('Please choose at least one city').waitFor();

    await page.fill('[data-testid=zone-name]', zone);
    await chooseOption(page, 'zone-state', 'California', { search: true });
    // Cities load from the chosen state as the user types.
    await chooseOption(page, 'zone-cities', 'San Diego', { search: true });
    await chooseOption(page, 'zone-cities', 'Chula Vista', { search: true });
    await page.keyboard.press('Escape');
    await screenshot(page, 'area-zone-form-phone');
    await page.click('[data-testid=zone-submit]');
    await toast(page, `Created: ${zone}`);

    const row = page.locator(`[data-testid="zone-row-${zone}"]`);
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('California');
    expect(text).toContain('San Diego');
    expect(text).toContain('Chula Vista');
    await screenshot(page, 'area-zone-added-phone');

    // The keyword filter finds it by one of its cities.
    await page.fill('[data-testid=zone-filter-keyword] input', 'Chula');
    await page.keyboard.press('Enter');
    await row.waitFor();
  });

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
    await screenshot(page, 'area-promotion-qr-512');

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
