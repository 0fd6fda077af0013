import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The open dropdown's options: antd renders them apart from the select, in a portal. */
export const openOptions = (page: Page): Locator => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/**
 * Chooses an option of an antd select as a person does: opens it, types `search` when the select
 * searches (`true`: the label itself), and clicks the option titled `label` (the first option when `label` is null); then
 * waits until the select shows the choice, and chooses again if it did not stick. Answers the
 * label chosen. A multiple select shows each choice as a tag with the same title, so it is
 * chosen from the same way, one option per call.
 *
 * The check is the point: on two busy cores a click sometimes reaches a list that is re-rendering
 * (options arriving, a search answered), the select stays empty, and the journey failed later on
 * a form that lacked the value. The chosen value is drawn inside the select with its label as
 * title, so the select itself says whether the choice was taken.
 */
export async function chooseOption(page: Page, selectOrTestId: Locator | string, label: string | null, { search }: { search?: string | true } = {}): Promise<string> {
  const select = typeof selectOrTestId === 'string' ? page.getByTestId(selectOrTestId) : selectOrTestId;
  // A select that waits on another (a state on its country) is disabled until that one's choice
  // has reached it; Playwright's own wait for an enabled element does not see antd's wrapper.
  await expect.poll(() => select.evaluate((element) => Boolean(element.closest('.ant-select-disabled'))), { timeout: 15_000 }).toBe(false);
  let chosen = label;
  const titled = (text: string) => `[title="${text.replaceAll('"', '\\"')}"]`;
  const shows = async () => chosen !== null && (await select.locator(titled(chosen)).count()) > 0;
  for (let attempt = 0; attempt < 3 && !(await shows()); attempt += 1) {
    await select.click();
    if (search) await page.keyboard.type(search === true ? (label ?? '') : search);
    const option = chosen === null ? openOptions(page).first() : page.locator(`.ant-select-dropdown:visible .ant-select-item-option${titled(chosen)}`);
    await option.waitFor({ timeout: 15_000 });
    chosen ??= await option.getAttribute('title');
    if (chosen === null) throw new Error('the first option has no title to recognise it by');
    await option.click();
    // The choice shows within moments when it was taken; otherwise choose again.
    await expect.poll(shows, { timeout: 3_000 }).toBe(true).catch(() => undefined);
  }
  await expect.poll(shows, { message: `the select does not show "${chosen}"` }).toBe(true);
  return chosen!;
}
