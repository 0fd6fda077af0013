
import { enUS } from '@nearcast/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { baseUrl, screenshot, WIDTHS, type LANGUAGES } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';
import { chooseOption } from '../support/select';
import { catalogue } from '../support/catalogue';

// The production line in the browser, end to end: the demo studio opens /video on its
// production tab, picks its merchant, adjusts and saves the creative brief, writes scripts in
// the three languages at the script desk and edits a line, renders one video and watches its
// bar move to done over the notification stream (the render reads that poll are cut off, so
// only the stream can move it), plays the draft, approves it into a post, follows the link to
// the post and sees it go out to the merchant's sandbox platforms with numbers; a second draft
// is turned down with a reason. Then the same board in Chinese and Spanish on a 375 px phone,
// and the merchant on its phone: its drafts, its brief, and the published video's plays on its
// dashboard.
//
// Renders cost ffmpeg time on two shared cores: the chain renders one video from the desk at the
// server's configured size (1080×1920; global-setup sets no RENDER_SIZE), and the draft to turn
// down is a second, short render asked for through the API. The publish engine moves the post
// out through the server's job queue on its own; the sandbox then takes minutes to review, which
// the journey skips with the video clock hook (support/test-hooks.ts), as video.test.ts does.

type Language = (typeof LANGUAGES)[number];

const RUN = Date.now().toString(36).slice(-6);
const MERCHANT = 'client@example.com';
const STUDIO = 'studio@example.com';
const TITLE = `Taco Tuesday ${RUN}`;
const HOOK = `Two tacos, five dollars ${RUN}`;
const OFFER = `Taco Tuesday: two tacos for $5 (${RUN})`;
const CALL_TO_ACTION = 'Order at the counter or call ahead';
const SECOND_TITLE = `Martes de tacos ${RUN}`;
const REASON = `The offer on screen ended last week (${RUN})`;
/** A render at full size takes 15–60 s here, longer while other runs share the cores. */
const RENDER_TIMEOUT = 300_000;
const { open } = useBrowser();


const words = (language: Language) => catalogue(language, 'creative');

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, '') || 0);

/** Runs the publish engine and the statistics collector as if `minutes` had passed (support/test-hooks.ts). */
async function advance(minutes: number): Promise<void> {
  const response = await fetch(`${baseUrl()}/__e2e/video/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ minutes }) });
  if (!response.ok) throw new Error(`the video clock hook answered ${response.status}: ${await response.text()}`);
}

/** The board of one day (YYYY-MM-DD), typed into its date field as the user would. */
async function showDay(page: Page, day: string): Promise<void> {
  const field = page.getByTestId('board-date');
  const shown = day.replaceAll('-', '/');
  if ((await field.inputValue()) === shown) return;
  await field.click();
  await field.fill(shown);
  await field.press('Enter');
  await expect.poll(() => field.inputValue()).toBe(shown);
}

/** Scrolls a section to the top of the screen, below the sticky header. */
async function scrollToTop(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    const header = document.querySelector('.nc-main__header');
    if (element) window.scrollBy(0, element.getBoundingClientRect().top - (header?.getBoundingClientRect().height ?? 0) - 8);
  }, testId);
}

/** A render's card on the board or the merchant's list. */
const cardOf = (scope: Page | Locator, id: number) => scope.getByTestId(`render-${id}`);

interface RenderRead {
  id: number;
  state: string;
  draft: string;
  progress: number;
  post_id: number | null;
  create_time: string;
  plan_date: string | null;
}

let merchantId = 0;
let merchantName = '';
let studioToken = '';
let connected: string[] = [];
let merchantZone = 'UTC';

/** A moment as the wall clock of `zone` shows it, in the approve dialog's formats. */
function wallClock(at: Date, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}/${parts.month}/${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
/** Filled in by the chain, read by the checks after it. */
const made = { first: 0, second: 0, post: 0, day: '' };

describe('the production line', () => {
  beforeAll(async () => {
    // The demo merchant is served by the demo studio (another journey may have moved it).
    const [admin, merchant, studio] = await Promise.all([apiLogin('super@example.com'), apiLogin(MERCHANT), apiLogin(STUDIO)]);
    merchantId = (merchant.user as unknown as { id: number }).id;
    studioToken = studio.token;
    await apiPost('/v1/client/studio/set', { client_id: merchantId, studio_id: (studio.user as unknown as { id: number }).id }, admin.token);
    const connections = await apiPost<{ list: { merchant_name: string; connections: { platform: string; state: string }[] }[] }>('/v1/video/connections', { merchant_id: merchantId }, studioToken);
    merchantName = connections.list[0]?.merchant_name ?? '';
    // The brief names the merchant as every picker does.
    expect((await apiPost<{ merchant_name: string }>('/v1/creative/brief/get', { merchant_id: merchantId }, studioToken)).merchant_name).toBe(merchantName);
    connected = (connections.list[0]?.connections ?? []).filter((item) => item.state === 'connected' || item.state === 'expiring').map((item) => item.platform);
    if (connected.length === 0) throw new Error('the demo merchant has no connected account');
    merchantZone = (await apiPost<{ time_zone: string }>('/v1/creative/plan/get', { merchant_id: merchantId }, studioToken)).time_zone;
    // The renders cut from the merchant's library, which the server makes in the background at
    // its start: wait for it rather than render from whatever is there yet.
    const deadline = Date.now() + 120_000;
    while ((await apiPost<{ total: number }>('/v1/footage/list', { merchant_id: merchantId, type: 'video', status: 'active', page_size: 1 }, studioToken)).total === 0) {
      if (Date.now() > deadline) throw new Error('the demo merchant’s material library was never made');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  });

  it('a studio takes one video from the brief to a published post with numbers, and turns a second draft down', { timeout: 900_000 }, async () => {
    const t = words('en-US');
    const tv = catalogue('en-US', 'video');
    const page = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(page, STUDIO, '/video?tab=production');

    // No merchant yet: the production tab asks for one; picking it opens its line.
    const pick = page.getByTestId('production-pick');
    await pick.waitFor({ timeout: 20_000 });
    await expect(pick.textContent()).resolves.toContain(t('workspace.pick_merchant'));
    await chooseOption(page, 'video-merchant', merchantName, { search: 'Carmen' });
    await page.waitForURL((url) => url.searchParams.get('merchant') === String(merchantId) && url.searchParams.get('tab') === 'production');
    const workspace = page.getByTestId('production-workspace');
    await workspace.waitFor();

    // The brief (setup): adjusted and saved, and the server keeps what was typed.
    await workspace.getByTestId('production-view-setup').click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'setup');
    const brief = workspace.getByTestId('brief-card');
    await brief.getByTestId('brief-form').waitFor({ timeout: 20_000 });
    await chooseOption(page, 'brief-category', t('category.restaurant'), { search: true });
    await brief.getByTestId('brief-offer').fill(OFFER);
    await brief.getByTestId('brief-call_to_action').fill(CALL_TO_ACTION);
    await chooseOption(page, brief.getByTestId('brief-tone'), t('tone.energetic'));
    await scrollToTop(page, 'brief-card');
    await screenshot(page, 'production-desktop-brief');
    await brief.getByTestId('brief-save').click();
    await page.locator('.ant-message-notice', { hasText: t('brief.saved') }).waitFor({ timeout: 15_000 });
    await expect.poll(() => brief.getByTestId('brief-prefilled').count()).toBe(0);
    type Localized = { en: string; es: string; zh: string };
    const saved = await apiPost<{ offer: Localized; call_to_action: Localized; tone: string; category: string; languages: string[]; update_time: string | null }>(
      '/v1/creative/brief/get',
      { merchant_id: merchantId },
      studioToken,
    );
    // Typed in the English boxes, the texts are the brief's English ones (each language has its own).
    expect(saved).toMatchObject({ offer: { en: OFFER }, call_to_action: { en: CALL_TO_ACTION }, tone: 'energetic', category: 'restaurant' });
    expect(saved.update_time).not.toBeNull();
    expect([...saved.languages].sort()).toEqual(['en', 'es', 'zh']);

    // The script desk: one desk per language of the brief, each writing a script in its own language.
    await workspace.getByTestId('production-view-scripts').click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'scripts');
    const desk = workspace.getByTestId('script-desk');
    await desk.waitFor();
    for (const language of ['en', 'es', 'zh'] as const) {
      const column = desk.getByTestId(`desk-${language}`);
      await expect(column.locator('h3').textContent()).resolves.toBe(t(`language.${language}`));
      await column.getByTestId(`desk-${language}-generate`).click();
      await column.getByTestId(`desk-${language}-script-title`).waitFor({ timeout: 30_000 });
      expect(await column.getByTestId(`desk-${language}-script-hook-on-screen`).inputValue()).not.toBe('');
    }
    // Each in its own language (the brief's offer and call to action are quoted as the merchant typed them).
    const textOf = async (language: string) => (await desk.getByTestId(`desk-${language}-script`).locator('input, textarea').evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))).join(' ');
    const [enText, esText, zhText] = await Promise.all([textOf('en'), textOf('es'), textOf('zh')]);
    expect(zhText).toMatch(/[\u4e00-\u9fff]{4}/);
    expect(esText).toMatch(/[¿¡áéíóúñ]|\b(de|la|el|tu|con|para|los|las|del|nuestro|aquí)\b/i);
    expect(enText).not.toMatch(/[\u4e00-\u9fff]/);

    // Edit the English script: its title and its hook, the count and the timing follow.
    const en = desk.getByTestId('desk-en');
    const timing = en.getByTestId('desk-en-script-timing');
    const before = Number(await timing.getAttribute('data-seconds'));
    await en.getByTestId('desk-en-script-title').fill(TITLE);
    await en.getByTestId('desk-en-script-hook-on-screen').fill(HOOK);
    // Longer than the written hook, whatever it was, so the timing estimate must grow.
    const writtenSpoken = await en.getByTestId('desk-en-script-hook-spoken').inputValue();
    await en.getByTestId('desk-en-script-hook-spoken').fill(`${HOOK}, every Tuesday at Carmen’s. ${writtenSpoken}`.slice(0, 240).trim());
    await expect(en.getByTestId('desk-en-script-hook-on-screen-count').textContent()).resolves.toBe(t('script.count', { length: String(HOOK.length), max: '60' }));
    await expect.poll(async () => Number(await timing.getAttribute('data-seconds'))).toBeGreaterThan(before);
    await en.getByTestId('desk-en-script-hook').scrollIntoViewIfNeeded();
    await screenshot(page, 'production-desktop-scripts');

    // Render it. The board's reads of single renders are cut off from here on: only the
    // notification stream can move the bar.
    await page.route('**/api/v1/creative/render/get', (route) => route.abort());
    await en.getByTestId('desk-en-render').click();
    await page.locator('.ant-message-notice', { hasText: t('scripts.render_queued', { title: TITLE }) }).waitFor({ timeout: 15_000 });
    await en.getByTestId('desk-en-follow').click();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    const board = workspace.getByTestId('drafts-board');
    const card = board.locator('li[data-testid^="render-"]', { hasText: TITLE });
    await card.waitFor({ timeout: 20_000 });
    made.first = Number((await card.getAttribute('data-testid'))!.replace('render-', ''));
    // Listed under the merchant's own day of asking, which the board followed to.
    const first = await apiPost<RenderRead>('/v1/creative/render/get', { id: made.first }, studioToken);
    made.day = first.plan_date ?? new Intl.DateTimeFormat('en-CA', { timeZone: merchantZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(first.create_time));
    await expect(board.getByTestId('board-date').inputValue()).resolves.toBe(made.day.replaceAll('-', '/'));

    // Watch the bar: every value it shows is written down in the page, until the card is done.
    await page.evaluate((id) => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const timer = window.setInterval(() => {
        const card = document.querySelector(`[data-testid="render-${id}"]`);
        const value = card?.querySelector('[data-testid="render-progress"]')?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
        if (card?.getAttribute('data-state') === 'done') window.clearInterval(timer);
      }, 50);
    }, made.first);
    const bar = cardOf(board, made.first).getByTestId('render-progress');
    await expect.poll(async () => ((await bar.count()) ? Number(await bar.getAttribute('aria-valuenow')) : -1), { timeout: RENDER_TIMEOUT, interval: 250 }).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'production-desktop-rendering');
    await expect.poll(() => cardOf(board, made.first).getAttribute('data-state'), { timeout: RENDER_TIMEOUT, interval: 500 }).toBe('done');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    const moving = seen.filter((value) => value > 0 && value < 100);
    // Several steps between 0 and 100, only forwards, though no render was read by itself.
    expect(moving.length, `the bar showed ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(3);
    expect([...moving].sort((a, b) => a - b)).toEqual(moving);
    await page.unroute('**/api/v1/creative/render/get');

    // The draft to turn down later: a short script, rendering while the first goes out. Asked for
    // only now, so that no board read it brought about moved the first one's bar above.
    const line = (text: string) => ({ on_screen: text, spoken: '' });
    const second = await apiPost<RenderRead>(
      '/v1/creative/render/add',
      {
        merchant_id: merchantId,
        language: 'es',
        music: 'none',
        script: { title: SECOND_TITLE, hook: line('¿Tacos hoy?'), beats: [line('Recién hechos'), line('Cada martes'), line('En Main St')], call_to_action: line('Ven hoy'), captions: [] },
      },
      studioToken,
    );
    made.second = second.id;

    // Done: a draft waiting for the studio, in the "to review" column.
    const pending = board.getByTestId('board-pending');
    await cardOf(pending, made.first).waitFor({ timeout: 20_000 });
    await expect(pending.locator('h3').textContent()).resolves.toContain(t('board.column_pending'));
    await expect(cardOf(pending, made.first).getAttribute('data-draft')).resolves.toBe('pending');
    await expect(cardOf(pending, made.first).getByTestId('render-state').textContent()).resolves.toBe(t('draft.pending'));
    await screenshot(page, 'production-desktop-board-pending');

    // Play it: the preview plays the rendered file, upright, with the edited hook among its lines.
    await cardOf(pending, made.first).getByTestId('render-preview').click();
    const preview = page.getByTestId('draft-preview');
    await preview.waitFor();
    await expect(preview.textContent()).resolves.toContain(HOOK);
    const player = preview.getByTestId('draft-player');
    expect(await player.getAttribute('src')).toMatch(/signature=/);
    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
    const frame = await player.evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, height: video.videoHeight, duration: video.duration }));
    expect(frame.height * 9).toBe(frame.width * 16);
    expect(frame.duration).toBeGreaterThan(5);
    await screenshot(page, 'production-desktop-preview');

    // Approve it from the preview: now, to every connected account, without asking the merchant.
    await page.getByTestId('preview-approve').click();
    const approve = page.getByTestId('approve-form');
    await approve.waitFor();
    await approve.getByTestId('approve-when').getByText(t('approve.when_at')).click();
    // The day and the clock time are the merchant's, typed as its wall clock reads now (the
    // browser runs in another zone); a minute's start is within the server's slack for "now".
    const now = wallClock(new Date(), merchantZone);
    for (const [field, value] of [['approve-day', now.day], ['approve-time', now.time]] as const) {
      await approve.getByTestId(field).click();
      await approve.getByTestId(field).fill(value);
      await page.keyboard.press('Enter');
      await expect.poll(() => approve.getByTestId(field).inputValue()).toBe(value);
    }
    await expect(approve.getByTestId('approve-zone').textContent()).resolves.toContain(merchantZone);
    await approve.getByTestId('approve-approval').getByText(t('approve.merchant_skip')).click();
    await page.getByTestId('approve-submit').click();
    await page.locator('.ant-message-notice', { hasText: t('approve.done', { title: TITLE }) }).waitFor({ timeout: 15_000 });
    const approved = board.getByTestId('board-approved');
    await cardOf(approved, made.first).waitFor({ timeout: 15_000 });
    await expect(cardOf(approved, made.first).getByTestId('render-state').textContent()).resolves.toBe(t('draft.approved'));
    const postLink = cardOf(approved, made.first).getByTestId('render-post');
    await expect(postLink.textContent()).resolves.toBe(t('board.open_post'));

    // Follow the link to the post: the video's own page, going out to each connected account.
    await postLink.click();
    await page.waitForURL((url) => Number(url.searchParams.get('post')) > 0);
    made.post = Number(new URL(page.url()).searchParams.get('post'));
    expect((await apiPost<RenderRead>('/v1/creative/render/get', { id: made.first }, studioToken)).post_id).toBe(made.post);
    const drawer = page.getByTestId('video-post-drawer');
    const detail = drawer.getByTestId('video-post-detail');
    await detail.waitFor({ timeout: 20_000 });
    await expect(drawer.locator('.ant-drawer-title').textContent()).resolves.toBe(TITLE);
    expect(await drawer.getByTestId('video-player').getAttribute('src')).toMatch(/signature=/);
    const jobs = drawer.locator('[data-testid="video-jobs"] > li');
    await expect.poll(() => jobs.count(), { timeout: 20_000 }).toBe(connected.length);
    // The publish engine takes it from the job queue by itself: up to each platform and into review.
    for (const platform of connected) {
      await expect.poll(() => drawer.getByTestId(`job-${platform}`).getAttribute('data-state'), { timeout: 60_000 }).toMatch(/^(reviewing|published|approved)$/);
    }
    await drawer.getByTestId('video-jobs').scrollIntoViewIfNeeded();
    await screenshot(page, 'production-desktop-post-reviewing');
    // The sandbox's review takes minutes: the engine and the collector run as if they had passed.
    await advance(3);
    await advance(90);
    for (const platform of connected) {
      await expect.poll(() => drawer.getByTestId(`job-${platform}`).getAttribute('data-state'), { timeout: 20_000 }).toBe('approved');
      await expect(drawer.getByTestId(`job-${platform}`).getByTestId('video-job-state').textContent()).resolves.toBe(tv('job.state.approved'));
    }
    await expect
      .poll(async () => {
        let plays = 0;
        for (const platform of connected) plays += digits(await drawer.getByTestId(`job-${platform}`).getByTestId('job-plays').textContent());
        return plays;
      }, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => detail.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    await drawer.getByTestId('video-jobs').scrollIntoViewIfNeeded();
    await screenshot(page, 'production-desktop-post-published');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('post'));

    // The second draft, turned down: a reason is required, and it stays on the card.
    const secondCard = cardOf(board, made.second);
    await expect.poll(() => secondCard.getAttribute('data-state'), { timeout: RENDER_TIMEOUT, interval: 500 }).toBe('done');
    await cardOf(pending, made.second).getByTestId('render-reject').click();
    const reject = page.getByTestId('reject-form');
    await reject.waitFor();
    await page.getByTestId('reject-submit').click();
    await expect(reject.locator('.ant-form-item-explain-error').first().textContent()).resolves.toBe(enUS['creative.reason_required']);
    await reject.getByTestId('reject-reason').fill(REASON);
    await page.getByTestId('reject-submit').click();
    await page.locator('.ant-message-notice', { hasText: t('reject.done') }).waitFor({ timeout: 15_000 });
    const rejected = board.getByTestId('board-rejected');
    await cardOf(rejected, made.second).waitFor({ timeout: 15_000 });
    await expect(cardOf(rejected, made.second).getByTestId('render-reject-reason').textContent()).resolves.toBe(t('board.rejected_because', { reason: REASON }));
    expect(await cardOf(rejected, made.second).getByTestId('render-approve').count()).toBe(0);
    // Neither draft still waits (the pending column may hold the rejected plan draft's replacement).
    expect(await cardOf(pending, made.second).count()).toBe(0);
    expect(await cardOf(pending, made.first).count()).toBe(0);
    await board.scrollIntoViewIfNeeded();
    await screenshot(page, 'production-desktop-board-decided');
    const decided = await apiPost<RenderRead>('/v1/creative/render/get', { id: made.second }, studioToken);
    expect(decided).toMatchObject({ draft: 'rejected', post_id: null });
  });

  for (const language of ['zh-CN', 'es-ES'] as const) {
    it(`the production tab and the day's board read in ${language} on a 375 px phone`, async () => {
      if (!made.first) throw new Error('the chain above made no drafts');
      const t = words(language);
      const code = language.slice(0, 2);
      const phone = await open(WIDTHS.phone, language);
      await signInThroughForm(phone, STUDIO, `/video?tab=production&merchant=${merchantId}`);
      const workspace = phone.getByTestId('production-workspace');
      await workspace.waitFor({ timeout: 20_000 });
      await expect(phone.getByTestId('video-tab-production').textContent()).resolves.toBe(t('workspace.tab'));
      for (const view of ['drafts', 'scripts', 'setup'] as const) {
        await expect(workspace.getByTestId(`production-view-${view}`).textContent()).resolves.toBe(t(`workspace.view_${view}`));
      }
      const board = workspace.getByTestId('drafts-board');
      await board.waitFor();
      await showDay(phone, made.day);
      await cardOf(board, made.first).waitFor({ timeout: 20_000 });
      await expect(board.locator('#cr-board-title').textContent()).resolves.toBe(t('board.title'));
      await expect(board.getByTestId('board-approved').locator('h3').textContent()).resolves.toContain(t('board.column_approved'));
      await expect(board.getByTestId('board-rejected').locator('h3').textContent()).resolves.toContain(t('board.column_rejected'));
      await expect(cardOf(board, made.first).getByTestId('render-state').textContent()).resolves.toBe(t('draft.approved'));
      await expect(cardOf(board, made.first).getByTestId('render-post').textContent()).resolves.toBe(t('board.open_post'));
      await expect(cardOf(board, made.second).getByTestId('render-state').textContent()).resolves.toBe(t('draft.rejected'));
      // The studio's reason stays in the studio's words; the frame around it is the reader's.
      await expect(cardOf(board, made.second).getByTestId('render-reject-reason').textContent()).resolves.toBe(t('board.rejected_because', { reason: REASON }));
      await expect(board.getByTestId('board-today').textContent()).resolves.toBe(t('board.today'));
      expect(await pageWidth(phone)).toBeLessThanOrEqual(WIDTHS.phone);
      await scrollToTop(phone, 'production-workspace');
      await screenshot(phone, `production-375-${code}-board`);

      // The script desk on a phone: one language at a time, as tabs, in the reader's words.
      await workspace.getByTestId('production-view-scripts').click();
      const desk = workspace.getByTestId('script-desk');
      await desk.waitFor();
      for (const script of ['en', 'es', 'zh'] as const) {
        await expect(desk.getByTestId(`desk-tab-${script}`).textContent()).resolves.toBe(t(`language.${script}`));
      }
      await expect(desk.getByTestId('desk-en-generate').textContent()).resolves.toBe(t('scripts.generate'));
      // The desk keeps its scripts on the server: after the chain it lists them; an empty desk offers one by hand.
      if (await desk.getByTestId('desk-en-empty').count()) await expect(desk.getByTestId('desk-en-by-hand').textContent()).resolves.toBe(t('scripts.by_hand'));
      else await expect(desk.getByTestId('desk-en-script-title').first().isVisible()).resolves.toBe(true);
      expect(await pageWidth(phone)).toBeLessThanOrEqual(WIDTHS.phone);
      await scrollToTop(phone, 'production-workspace');
      await screenshot(phone, `production-375-${code}-scripts`);
    });
  }

  it('the merchant follows its drafts, keeps its brief and sees the published video’s plays on its phone', async () => {
    if (!made.post) throw new Error('the chain above published nothing');
    const t = words('en-US');
    const tv = catalogue('en-US', 'video');
    const phone = await open(WIDTHS.phone, 'en-US');
    await signInThroughForm(phone, MERCHANT, '/dashboard');

    // Its drafts: both, as the studio left them, to watch and not to decide.
    const mine = phone.getByTestId('merchant-creative');
    await mine.waitFor({ timeout: 20_000 });
    const drafts = mine.getByTestId('merchant-drafts');
    await cardOf(drafts, made.first).waitFor({ timeout: 20_000 });
    await expect(cardOf(drafts, made.first).getByTestId('render-state').textContent()).resolves.toBe(t('draft.approved'));
    await expect(cardOf(drafts, made.second).getByTestId('render-state').textContent()).resolves.toBe(t('draft.rejected'));
    expect(await mine.locator('[data-testid="render-approve"], [data-testid="render-reject"], [data-testid="render-cancel"]').count()).toBe(0);
    await scrollToTop(phone, 'merchant-creative');
    // The covers come to the merchant too (signed URLs of its own library).
    await phone.waitForFunction(() => {
      const covers = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="merchant-drafts"] img'));
      return covers.length >= 2 && covers.every((cover) => cover.complete && cover.naturalWidth > 0);
    }, undefined, { timeout: 20_000 });
    expect(await pageWidth(phone)).toBeLessThanOrEqual(WIDTHS.phone);
    await screenshot(phone, 'production-merchant-375-drafts');

    await cardOf(drafts, made.first).getByTestId('render-preview').click();
    const preview = phone.getByTestId('draft-preview');
    await preview.waitFor();
    await expect(preview.textContent()).resolves.toContain(HOOK);
    expect(await preview.getByTestId('draft-player').getAttribute('src')).toMatch(/signature=/);
    expect(await phone.getByTestId('preview-approve').count()).toBe(0);
    await screenshot(phone, 'production-merchant-375-preview');
    await phone.getByTestId('preview-close').click();
    await preview.waitFor({ state: 'detached' });

    // Its brief, as the studio saved it, for the merchant to keep up to date.
    await mine.getByTestId('merchant-brief-toggle').click();
    const brief = mine.getByTestId('brief-form');
    await brief.waitFor({ timeout: 20_000 });
    await expect(brief.getByTestId('brief-offer').inputValue()).resolves.toBe(OFFER);
    await expect(brief.getByTestId('brief-call_to_action').inputValue()).resolves.toBe(CALL_TO_ACTION);
    await brief.getByTestId('brief-save').waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(WIDTHS.phone);
    await brief.getByTestId('brief-offer').scrollIntoViewIfNeeded();
    await screenshot(phone, 'production-merchant-375-brief');

    // The published video with its plays, among the merchant's videos on its dashboard.
    const videos = phone.getByTestId('merchant-videos');
    const video = videos.getByTestId(`merchant-video-${made.post}`);
    await video.waitFor({ timeout: 20_000 });
    await expect(video.textContent()).resolves.toContain(TITLE);
    expect(digits(await video.locator(`[title="${tv('metric.plays')}"]`).textContent())).toBeGreaterThan(0);
    await video.scrollIntoViewIfNeeded();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(WIDTHS.phone);
    await screenshot(phone, 'production-merchant-375-videos');
  });
});
