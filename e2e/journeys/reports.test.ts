import fs from 'node:fs';
import type { MonthlyReport, MonthlyReportList } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { LANGUAGES, screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin, settle } from '../support/session';

// A merchant opens last month's report on a phone, reads its figures and downloads the PDF, in
// each language. The demo's reports are the last two months', built at start from its videos
// and rollups; how a report is built, frozen, scoped and reconciled with the dashboard is the
// report API suite's, on both engines.

const { open } = useBrowser();

/** The month before this one, `YYYY-MM`, as the demo built it. */
function lastMonth(): string {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return at.toISOString().slice(0, 7);
}

/** A month as the page heads it: spec §9's style, the same in every language (2026/10). */
const monthHeading = (month: string) => month.replace('-', '/');

describe("a merchant's monthly report", () => {
  it.each(LANGUAGES)('opens last month’s report on a phone and downloads its PDF (%s)', async (language) => {
    const month = lastMonth();
    const merchant = await apiLogin('client@example.com');
    const listed = await apiPost<MonthlyReportList>('/v1/report/monthly/list', {}, merchant.token);
    const summary = listed.list.find((row) => row.month === month);
    expect(summary, `the demo's report of ${month}`).toBeDefined();

    const page = await open(WIDTHS.phone, language);
    await signInThroughForm(page, 'client@example.com', '/reports');
    // A phone shows the list first, newest month on top.
    const rows = page.getByTestId('report-row');
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('data-month')).toBe(month);
    // A month heads its row, in the spec's date style whatever the language.
    expect(await rows.first().textContent()).toContain(monthHeading(month));
    await rows.first().click();

    const detail = page.getByTestId('report-detail');
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    expect(await page.getByTestId('report-month').textContent()).toContain(monthHeading(month));
    // The page states the report's own figures.
    const plays = new Intl.NumberFormat(language).format(summary!.plays);
    expect((await page.getByTestId('report-figure-plays-value').textContent())?.replace(/\s/g, ' ')).toBe(plays.replace(/\s/g, ' '));
    expect(await page.getByTestId('report-top-video').count()).toBeGreaterThan(0);
    // What the money bought: the demo's videos have short links, so its report counts their visits.
    const built = await apiPost<MonthlyReport>('/v1/report/monthly/get', { id: summary!.id, language }, merchant.token);
    expect(built.visits).toBeGreaterThan(0);
    const visits = new Intl.NumberFormat(language).format(built.visits!);
    expect((await page.getByTestId('report-bought-visits').textContent())?.replace(/\s/g, ' ')).toContain(visits.replace(/\s/g, ' '));
    expect(await page.getByTestId('report-visit-top-video').count()).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, `reports-375-${language}`);

    // The PDF, in the page's language.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
    expect(download.suggestedFilename()).toBe(`nearcast-report-${month}-${language}.pdf`);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
    const report = await apiPost<MonthlyReport>('/v1/report/monthly/get', { id: summary!.id, language }, merchant.token);
    expect(report.pdf.file_name).toBe(download.suggestedFilename());
  });
});
