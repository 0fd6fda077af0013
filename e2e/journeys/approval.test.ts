
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiPost } from '../support/api';
import { screenshot, WIDTHS, type LANGUAGES } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { mailContaining } from '../support/mailbox';
import { apiLogin } from '../support/session';
import { catalogue } from '../support/catalogue';

// Approval inside the app: the studio asks the demo merchant to approve a post with one button;
// the merchant is told (bell, notification center, mail), lands on its dashboard with the post
// open in the review drawer, and approves it there, without anyone copying a link. Then the
// merchant's panel and drawer on a 375 px phone in Chinese and Spanish: a change asked for
// (its comment required, in the reader's words), an answer given elsewhere meanwhile (409), a
// post that is not the merchant's (404), and the panel's empty and failed states.

type Language = (typeof LANGUAGES)[number];

const RUN = Date.now().toString(36).slice(-6);
const MERCHANT = 'client@example.com';
const STUDIO = 'studio@example.com';
const { open } = useBrowser();

const words = (language: Language) => catalogue(language, 'video');

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

let merchantId = 0;
let merchantName = '';
let merchantToken = '';
let studioToken = '';
let footageId = 0;
let platform = '';

/** A post for the demo merchant that waits for its approval (not yet asked for). */
async function makePost(title: string): Promise<number> {
  const post = await apiPost<{ id: number }>(
    '/v1/video/add',
    {
      merchant_id: merchantId,
      title,
      footage_id: footageId,
      captions: [
        { language: 'en', caption: 'Fresh pastries every morning from 7.', hashtags: ['bakery'] },
        { language: 'es', caption: 'Bollería recién hecha cada mañana desde las 7.', hashtags: ['panaderia'] },
        { language: 'zh', caption: '每天早上 7 点起供应新鲜出炉的糕点。', hashtags: ['烘焙'] },
      ],
      language: 'en',
      platforms: [platform],
      require_approval: true,
    },
    studioToken,
  );
  return post.id;
}

describe('approval inside the app', () => {
  beforeAll(async () => {
    // The demo merchant is served by the demo studio (another journey may have moved it).
    const [admin, merchant, studio] = await Promise.all([apiLogin('super@example.com'), apiLogin(MERCHANT), apiLogin(STUDIO)]);
    merchantId = (merchant.user as unknown as { id: number }).id;
    merchantToken = merchant.token;
    studioToken = studio.token;
    await apiPost('/v1/client/studio/set', { client_id: merchantId, studio_id: (studio.user as unknown as { id: number }).id }, admin.token);
    const materials = await apiPost<{ list: { id: number }[] }>('/v1/footage/list', { merchant_id: merchantId, type: 'video', status: 'active', page_size: 1 }, studioToken);
    footageId = materials.list[0]?.id ?? 0;
    if (!footageId) throw new Error('the demo merchant has no active video material');
    // One of the merchant's accounts the demo connected (through the sandbox).
    const connections = await apiPost<{ list: { merchant_name: string; connections: { platform: string; state: string }[] }[] }>(
      '/v1/video/connections',
      { merchant_id: merchantId },
      studioToken,
    );
    const row = connections.list[0];
    merchantName = row?.merchant_name ?? '';
    platform = row?.connections.find((connection) => connection.state === 'connected' || connection.state === 'expiring')?.platform ?? '';
    if (!platform) throw new Error('the demo merchant has no connected account');
  });

  it('the studio asks for approval, and the merchant approves from its notification without a link', async () => {
    const en = words('en-US');
    const title = `Morning pastries ${RUN}`;
    const id = await makePost(title);
    const since = Date.now();

    // The studio: one action on the post, and the modal says the merchant was told.
    const studio = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(studio, STUDIO, `/video?post=${id}`);
    const drawer = studio.getByTestId('video-post-drawer');
    await drawer.getByTestId('video-post-detail').waitFor({ timeout: 20_000 });
    const ask = drawer.getByTestId('video-ask-approval');
    await expect(ask.textContent()).resolves.toContain(en('review_link.create'));
    await ask.click();
    const modal = studio.getByTestId('review-link-modal');
    await modal.getByTestId('review-link-sent').waitFor();
    await expect(modal.getByTestId('review-link-sent').textContent()).resolves.toBe(en('review_link.sent', { merchant: merchantName }));
    // The link is still there to send some other way.
    expect(await modal.getByTestId('review-link-url').inputValue()).toMatch(/\/review\/[\w-]+$/);
    await modal.getByTestId('review-link-copy').waitFor();
    await screenshot(studio, 'approval-studio-asked');
    await modal.getByTestId('review-link-done').click();
    await modal.waitFor({ state: 'hidden' });

    // The mail leads to the same place as the notification.
    await mailContaining(MERCHANT, since, `/dashboard?post=${id}`);

    // The merchant: the bell, the center, the notification, and the drawer on its dashboard.
    const merchant = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(merchant, MERCHANT, '/dashboard');
    const panel = merchant.getByTestId('approvals-panel');
    await panel.getByTestId(`approval-${id}`).waitFor({ timeout: 20_000 });
    await expect(panel.getByTestId(`approval-${id}`).textContent()).resolves.toContain(title);
    await screenshot(merchant, 'approval-merchant-panel-desktop');
    await merchant.getByTestId('notification-bell').click();
    await merchant.waitForURL((url) => url.pathname === '/notifications');
    await merchant.getByTestId('notifications-tab-interactive').click();
    const note = merchant.locator('[data-testid^="notification-"][data-kind="approval_requested"]', { hasText: title }).first();
    await note.waitFor({ timeout: 20_000 });
    await note.getByTestId('notification-open').click();
    await merchant.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('post') === String(id));
    const review = merchant.getByTestId('approval-drawer');
    const detail = review.getByTestId('approval-detail');
    await detail.waitFor({ timeout: 20_000 });
    await expect(detail.getAttribute('data-waiting')).resolves.toBe('true');
    await review.getByTestId('video-player').waitFor();
    expect(await review.getByTestId('video-player').getAttribute('src')).toMatch(/signature=/);
    await expect(review.getByTestId('review-caption').textContent()).resolves.toContain('Fresh pastries');
    await screenshot(merchant, 'approval-merchant-drawer-desktop');

    await review.getByTestId('review-comment').fill('Lovely, go ahead');
    await review.getByTestId('review-submit').click();
    const decision = review.getByTestId('review-decision');
    await decision.waitFor({ timeout: 15_000 });
    await expect(decision.getAttribute('data-approval')).resolves.toBe('approved');
    await expect(decision.textContent()).resolves.toContain(en('review.approved'));
    expect(await review.getByTestId('review-submit').count()).toBe(0);
    // The panel let go of it at once.
    await expect.poll(() => panel.getByTestId(`approval-${id}`).count()).toBe(0);
    await screenshot(merchant, 'approval-merchant-approved-desktop');
    // Closing takes ?post out of the address.
    await review.locator('.ant-drawer-close').click();
    await merchant.waitForURL((url) => url.pathname === '/dashboard' && !url.searchParams.has('post'));

    // The studio sees it approved, with the merchant's words.
    await studio.reload();
    const after = studio.getByTestId('video-post-drawer').getByTestId('video-post-detail');
    await after.waitFor({ timeout: 20_000 });
    await expect(after.getAttribute('data-approval')).resolves.toBe('approved');
    await expect(after.getByTestId('video-post-approval').textContent()).resolves.toBe(en('post.approval.approved'));
    await expect(after.getByTestId('video-approval-comment').textContent()).resolves.toContain('Lovely, go ahead');
    await screenshot(studio, 'approval-studio-approved');
  });

  for (const language of ['zh-CN', 'es-ES'] as const) {
    it(`the merchant's panel and drawer on a 375 px phone in ${language}`, async () => {
      const t = words(language);
      const code = language.slice(0, 2);
      const title = `${code === 'zh' ? '早餐糕点' : 'Bollería'} ${RUN}`;
      const id = await makePost(title);
      await apiPost('/v1/video/review/link', { id }, studioToken);

      const phone = await open(WIDTHS.phone, language);
      await signInThroughForm(phone, MERCHANT, '/dashboard');
      const panel = phone.getByTestId('approvals-panel');
      const card = panel.getByTestId(`approval-${id}`);
      await card.waitFor({ timeout: 20_000 });
      await expect(panel.textContent()).resolves.toContain(t('approvals.title'));
      await card.scrollIntoViewIfNeeded();
      expect(await noOverflow(phone)).toBeLessThanOrEqual(WIDTHS.phone);
      // The action spans the card: a thumb reaches it.
      const [button, box] = await Promise.all([card.getByTestId('approval-review').boundingBox(), card.boundingBox()]);
      expect(button?.width ?? 0).toBeGreaterThan((box?.width ?? Infinity) * 0.85);
      expect(button?.height ?? 0).toBeGreaterThanOrEqual(44);
      await screenshot(phone, `approval-panel-375-${code}`);

      await card.getByTestId('approval-review').click();
      await phone.waitForURL((url) => url.searchParams.get('post') === String(id));
      const drawer = phone.getByTestId('approval-drawer');
      await drawer.getByTestId('approval-detail').waitFor({ timeout: 20_000 });
      // The captions open in the reader's own language.
      await expect(drawer.getByTestId('review-caption').getAttribute('data-language')).resolves.toBe(code);
      await drawer.getByTestId('video-player').waitFor();
      await screenshot(phone, `approval-drawer-375-${code}`);

      // A change needs a word, said in the reader's language by the contract.
      await drawer.getByTestId('review-mode-changes').click();
      await drawer.getByTestId('review-submit').click();
      const error = drawer.locator('.ant-form-item-explain-error').first();
      await error.waitFor();
      expect(await error.textContent()).toMatch(code === 'zh' ? /[\u4e00-\u9fff]/ : /[áéíóúñ¿]|cambiar|comentario/i);
      await drawer.getByTestId('review-submit').scrollIntoViewIfNeeded();
      await screenshot(phone, `approval-drawer-375-${code}-required`);

      if (code === 'zh') {
        await drawer.getByTestId('review-comment').fill('请把价格放大一些');
        await drawer.getByTestId('review-submit').click();
        const decision = drawer.getByTestId('review-decision');
        await decision.waitFor({ timeout: 15_000 });
        await expect(decision.getAttribute('data-approval')).resolves.toBe('changes_requested');
        await expect(decision.textContent()).resolves.toContain(t('review.changes_sent'));
        await screenshot(phone, 'approval-drawer-375-zh-changes');
      } else {
        // Answered meanwhile through the other door: the drawer shows the answer that counts.
        await apiPost('/v1/video/approve', { id, comment: 'Desde el móvil' }, merchantToken);
        await drawer.getByTestId('review-mode-approve').click();
        await drawer.getByTestId('review-submit').click();
        const decision = drawer.getByTestId('review-decision');
        await decision.waitFor({ timeout: 15_000 });
        await expect(decision.getAttribute('data-approval')).resolves.toBe('approved');
        await expect(decision.textContent()).resolves.toContain('Desde el móvil');
        await expect(drawer.getByTestId('approval-answered-elsewhere').textContent()).resolves.toContain(t('approvals.answered_elsewhere'));
        expect(await phone.locator('.ant-message-notice').count()).toBe(0);
        await screenshot(phone, 'approval-drawer-375-es-conflict');
      }
      await drawer.locator('.ant-drawer-close').click();
      await phone.waitForURL((url) => url.pathname === '/dashboard' && !url.searchParams.has('post'));
      await expect.poll(() => card.count()).toBe(0);

      // Opened again from the address, a post that no longer waits is read-only.
      await phone.goto(`/dashboard?post=${id}`);
      const again = phone.getByTestId('approval-drawer').getByTestId('approval-detail');
      await again.waitFor({ timeout: 20_000 });
      await expect(again.getAttribute('data-waiting')).resolves.toBe('false');
      expect(await again.getByTestId('review-submit').count()).toBe(0);
      await again.getByTestId('review-decision').waitFor();
    });
  }

  it('a post that is not the merchant’s opens as not available, and the panel’s empty and failed states', async () => {
    const t = words('es-ES');
    // Another merchant's post: the studio's own demo history holds posts of the network's merchants.
    const others = await apiPost<{ list: { id: number; merchant_id: number }[] }>('/v1/video/list', { page_size: 50 }, (await apiLogin('super@example.com')).token);
    const foreign = others.list.find((post) => post.merchant_id !== merchantId)?.id ?? 2_000_000_000;
    expect((await apiCall('/v1/video/get', { id: foreign }, merchantToken)).code).toBe('404');

    const phone = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(phone, MERCHANT, `/dashboard?post=${foreign}`);
    const missing = phone.getByTestId('approval-drawer').getByTestId('approval-not-found');
    await missing.waitFor({ timeout: 20_000 });
    await expect(missing.textContent()).resolves.toContain(t('approvals.not_found'));
    expect(await phone.locator('.ant-message-notice').count()).toBe(0);
    await screenshot(phone, 'approval-drawer-375-es-not-found');
    await missing.getByTestId('approval-not-found-close').click();
    await phone.waitForURL((url) => url.pathname === '/dashboard' && !url.searchParams.has('post'));

    // Nothing waiting: the panel says so (the list answered empty).
    await phone.route('**/api/v1/video/list', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: '200', msg: 'ok', data: { list: [], total: 0, page: 1, page_size: 50, capped: false } }) }),
    );
    await phone.reload();
    const empty = phone.getByTestId('approvals-empty');
    await empty.waitFor({ timeout: 20_000 });
    await expect(empty.textContent()).resolves.toContain(t('approvals.empty'));
    await empty.scrollIntoViewIfNeeded();
    await screenshot(phone, 'approval-panel-375-es-empty');

    // The list failed: the panel offers a retry, and the retry brings it back.
    await phone.unroute('**/api/v1/video/list');
    await phone.route('**/api/v1/video/list', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: '500', msg: 'Error del servidor', data: null }) }));
    await phone.reload();
    const failed = phone.getByTestId('approvals-error');
    await failed.waitFor({ timeout: 20_000 });
    await failed.scrollIntoViewIfNeeded();
    await screenshot(phone, 'approval-panel-375-es-error');
    await phone.unroute('**/api/v1/video/list');
    await failed.getByTestId('approvals-retry').click();
    await expect.poll(() => phone.getByTestId('approvals-panel').getAttribute('data-count'), { timeout: 15_000 }).toMatch(/^\d+$/);
    expect(await phone.getByTestId('approvals-error').count()).toBe(0);
  });
});
