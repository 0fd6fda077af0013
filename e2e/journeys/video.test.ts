
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { baseUrl, screenshot, WIDTHS, type LANGUAGES } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';
import { chooseOption } from '../support/select';
import { catalogue } from '../support/catalogue';

// Video publishing: the demo studio connects a sandbox account (Pinterest, which the demo seed
// leaves unconnected) for its merchant through the OAuth round trip, composes a post from one of
// the merchant's materials with captions in English, Spanish and Chinese, publishes it, and
// watches it go through reviewing to "all approved" with statistics. Then the merchant approves
// a second post from its review link on a 375 px phone, without signing in. The sandbox moves a
// post over minutes; the journey moves the engine's and collector's clock forward through a
// test-only hook (the real engine, sandbox and collector), instead of waiting.

type Language = (typeof LANGUAGES)[number];

const RUN = Date.now().toString(36).slice(-6);
const MERCHANT = 'client@example.com';
const STUDIO = 'studio@example.com';
const TITLE = `Lunch offer ${RUN}`;
const { open } = useBrowser();

const words = (language: Language) => catalogue(language, 'video');

/** Runs the engine and the collector as if `minutes` had passed. */
async function advance(minutes: number): Promise<void> {
  const response = await fetch(`${baseUrl()}/__e2e/video/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ minutes }) });
  if (!response.ok) throw new Error(`the video clock hook answered ${response.status}: ${await response.text()}`);
}

let merchantId = 0;
let studioToken = '';

describe('video publishing', () => {
  beforeAll(async () => {
    // The demo merchant is served by the demo studio (another journey may have moved it).
    const [admin, merchant, studio] = await Promise.all([apiLogin('super@example.com'), apiLogin(MERCHANT), apiLogin(STUDIO)]);
    merchantId = (merchant.user as unknown as { id: number }).id;
    studioToken = studio.token;
    await apiPost('/v1/client/studio/set', { client_id: merchantId, studio_id: (studio.user as unknown as { id: number }).id }, admin.token);
  });

  it('a studio connects a sandbox account, publishes a post in three languages and sees it approved with numbers', async () => {
    const t = words('en-US');
    const page = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(page, STUDIO, `/video?tab=connections&merchant=${merchantId}`);
    const cell = page.getByTestId(`video-connections-${merchantId}`).getByTestId('connection-pinterest');
    await cell.waitFor();
    await screenshot(page, 'video-desktop-connections');

    // Connect: to the platform's authorization (the sandbox answers at once) and back through /video/connected.
    if ((await cell.getAttribute('data-state')) !== 'connected') {
      await cell.getByTestId('connect-pinterest').click();
      await page.waitForURL((url) => url.pathname === '/video' && url.searchParams.get('tab') === 'connections', { timeout: 30_000 });
    }
    const connected = page.getByTestId(`video-connections-${merchantId}`).getByTestId('connection-pinterest');
    await expect.poll(() => connected.getAttribute('data-state'), { timeout: 15_000 }).toBe('connected');
    // Labelled as the sandbox wherever it appears.
    await connected.getByTestId('video-sandbox').waitFor();
    await screenshot(page, 'video-desktop-connected');

    // Compose from a material, with a caption and hashtags in each language.
    await page.getByTestId('video-compose').click();
    const composer = page.getByTestId('video-composer');
    await chooseOption(page, composer.getByTestId('composer-material'), null);
    await composer.getByTestId('composer-title').fill(TITLE);
    const captions: Record<string, [string, string]> = {
      en: ['Two tacos and a drink for $9 until 3 pm.', 'lunch'],
      es: ['Dos tacos y una bebida por 9 $ hasta las 3.', 'almuerzo'],
      zh: ['下午三点前，两个塔可加一杯饮料只要 9 美元。', '午餐'],
    };
    for (const [language, [caption, tag]] of Object.entries(captions)) {
      await composer.getByTestId(`caption-tab-${language}`).click();
      await composer.getByTestId(`caption-${language}`).fill(caption);
      // A separator turns what was typed into a tag.
      await composer.locator(`[data-testid="hashtags-${language}"] input`).fill(`${tag},`);
    }
    await composer.getByTestId('composer-platform-pinterest').click();
    await screenshot(page, 'video-desktop-composer');
    await composer.getByTestId('composer-submit').click();

    // The new post opens on its own page: player, three captions, one job per platform. The
    // embedded database serves the post's creation behind whatever the queue is doing (the
    // demo's renders among it), so a loaded machine may take a while.
    const drawer = page.getByTestId('video-post-drawer');
    await drawer.getByTestId('video-post-detail').waitFor({ timeout: 45_000 });
    const player = drawer.getByTestId('video-player');
    await player.waitFor();
    expect(await player.getAttribute('src')).toMatch(/signature=/);
    await expect.poll(() => drawer.locator('[data-testid=video-captions] li').count()).toBe(3);
    await expect(drawer.getByTestId('video-captions').textContent()).resolves.toContain('#almuerzo');
    await drawer.getByTestId('job-pinterest').waitFor({ timeout: 15_000 });

    // The sandbox takes it: reviewing, then published, then all approved — shown as it happens (the page polls).
    await advance(0);
    await expect.poll(() => drawer.getByTestId('job-pinterest').getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(uploading|reviewing|published|approved)$/);
    await advance(3);
    await expect.poll(() => drawer.getByTestId('job-pinterest').getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(published|approved)$/);
    await advance(90);
    await expect.poll(() => drawer.getByTestId('job-pinterest').getAttribute('data-state'), { timeout: 20_000 }).toBe('approved');
    await expect(drawer.getByTestId('job-pinterest').getByTestId('video-job-state').textContent()).resolves.toBe(t('job.state.approved'));
    // Its numbers: plays counted, and the chart drawn.
    await expect.poll(async () => Number((await drawer.getByTestId('job-pinterest').getByTestId('job-plays').textContent())?.replace(/\D/g, '') || 0), { timeout: 20_000 }).toBeGreaterThan(0);
    await drawer.getByTestId('video-chart').waitFor({ timeout: 20_000 });
    await screenshot(page, 'video-desktop-approved');
    await page.keyboard.press('Escape');

    // The list shows the post with each platform's status in the spec's words.
    const row = page.locator('[data-testid^="post-"]', { hasText: TITLE }).first();
    await page.getByTestId('video-tab-posts').click();
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('row-job-pinterest').getAttribute('data-state')).resolves.toBe('approved');
    await screenshot(page, 'video-desktop-list');
  });

  it('the merchant approves a second post from its review link on a 375 px phone', async () => {
    const es = words('es-ES');
    // The studio prepares a post that waits for the merchant, and mints its link.
    const materials = await apiPost<{ list: { id: number }[] }>('/v1/footage/list', { merchant_id: merchantId, type: 'video', status: 'active', page_size: 1 }, studioToken);
    const footage = materials.list[0];
    if (!footage) throw new Error('the demo merchant has no active video material');
    const post = await apiPost<{ id: number }>(
      '/v1/video/add',
      {
        merchant_id: merchantId,
        title: `Weekend brunch ${RUN}`,
        footage_id: footage.id,
        captions: [
          { language: 'es', caption: 'Brunch de fin de semana con música en vivo.', hashtags: ['brunch'] },
          { language: 'en', caption: 'Weekend brunch with live music.', hashtags: ['brunch'] },
        ],
        language: 'es',
        platforms: ['pinterest'],
        require_approval: true,
      },
      studioToken,
    );
    const link = await apiPost<{ url: string; token: string }>('/v1/video/review/link', { id: post.id }, studioToken);

    const phone = await open(WIDTHS.phone, 'es-ES');
    await phone.goto(`/review/${encodeURIComponent(link.token)}`);
    const body = phone.getByTestId('review-body');
    await body.waitFor({ timeout: 20_000 });
    expect(await phone.getByTestId('review-player').getAttribute('src')).toMatch(/signature=/);
    await expect(phone.getByTestId('review-caption').textContent()).resolves.toContain('Brunch de fin de semana');
    await phone.getByTestId('review-language-en').click();
    await expect(phone.getByTestId('review-caption').textContent()).resolves.toContain('Weekend brunch');
    // Nothing runs off the side of the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
    await screenshot(phone, 'video-phone-review');

    // Asking for a change needs a word; approving does not.
    await phone.getByTestId('review-mode-changes').click();
    await phone.getByTestId('review-submit').click();
    await phone.locator('.ant-form-item-explain-error').first().waitFor();
    await phone.getByTestId('review-mode-approve').click();
    await phone.getByTestId('review-comment').fill('¡Perfecto!');
    await phone.getByTestId('review-submit').click();
    const decision = phone.getByTestId('review-decision');
    await decision.waitFor({ timeout: 15_000 });
    await expect(decision.getAttribute('data-approval')).resolves.toBe('approved');
    await expect(decision.textContent()).resolves.toContain(es('review.approved'));
    await screenshot(phone, 'video-phone-approved');

    // Approved: the post is released to its platform, with the merchant's words on it.
    const after = await apiPost<{ approval: string; approval_comment: string | null; status: string }>('/v1/video/get', { id: post.id }, studioToken);
    expect(after.approval).toBe('approved');
    expect(after.approval_comment).toBe('¡Perfecto!');
    expect(['publishing', 'done']).toContain(after.status);

    // The link opened again shows the decision, not the buttons.
    await phone.reload();
    await phone.getByTestId('review-decision').waitFor({ timeout: 15_000 });
    expect(await phone.getByTestId('review-submit').count()).toBe(0);
  });

  it('the workspace fits a 375 px phone in Chinese: numbers, posts, a post, the composer', async () => {
    const zh = words('zh-CN');
    const page = await open(WIDTHS.phone, 'zh-CN');
    await signInThroughForm(page, STUDIO, `/video?tab=posts&merchant=${merchantId}`);
    await page.getByTestId('video-stats-tiles').waitFor();
    await expect(page.getByTestId('video-stats-range').textContent()).resolves.toContain(zh('range.30d'));
    const first = page.locator('[data-testid^="post-"]', { hasText: TITLE }).first();
    await first.waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
    await screenshot(page, 'video-phone-workspace');
    await first.click();
    const drawer = page.getByTestId('video-post-drawer');
    await drawer.getByTestId('job-pinterest').waitFor({ timeout: 15_000 });
    await expect(drawer.getByTestId('job-pinterest').getByTestId('video-job-state').textContent()).resolves.toBe(zh('job.state.approved'));
    await screenshot(page, 'video-phone-post');
    await page.keyboard.press('Escape');
    await page.getByTestId('video-compose').click();
    await page.getByTestId('video-composer').getByTestId('composer-title').waitFor();
    // Or a final video uploaded here instead of a material.
    await page.getByTestId('composer-source').getByText(zh('composer.source_upload')).click();
    await page.getByTestId('video-composer').getByTestId('composer-upload').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
    await screenshot(page, 'video-phone-composer');
  });
});
