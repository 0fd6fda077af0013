import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { screenshot, tempDir, WIDTHS, type LANGUAGES } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';
import { catalogue } from '../support/catalogue';

// The material center: a merchant hands its studio a video, an image and an audio clip (by
// drag and drop on a desktop, from the file picker — a phone's camera roll — at 375 px), sees
// each one processed to active with its duration and thumbnail, and its studio marks one
// completed and one unusable, which the merchant then reads on its library. Real files, made
// here with the ffmpeg the server itself uses, so the processing is the real one.

type Language = (typeof LANGUAGES)[number];

const RUN = Date.now().toString(36).slice(-6);
const MERCHANT = 'client@example.com';
const STUDIO = 'studio@example.com';
const NAMES = { video: `shop-${RUN}.mp4`, image: `dish-${RUN}.jpg`, audio: `voice-${RUN}.m4a` } as const;
const MIMES = { video: 'video/mp4', image: 'image/jpeg', audio: 'audio/mp4' } as const;
type Kind = keyof typeof NAMES;

const { open } = useBrowser();
const files = {} as Record<Kind, string>;

const words = (language: Language) => catalogue(language, 'material');

/** A few seconds of real media: a 2 s H.264 clip with sound, a JPEG, a 3 s AAC voice clip. */
function makeMedia(dir: string): void {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const run = (...args: string[]) => execFileSync(ffmpeg, ['-y', '-loglevel', 'error', ...args], { stdio: 'pipe' });
  files.video = path.join(dir, NAMES.video);
  files.image = path.join(dir, NAMES.image);
  files.audio = path.join(dir, NAMES.audio);
  run('-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', files.video);
  run('-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', files.image);
  run('-f', 'lavfi', '-i', 'sine=frequency=660:duration=3', '-c:a', 'aac', files.audio);
}

/** Drops files on an element the way a desktop browser does: dragover, then drop with a DataTransfer. */
async function dropFiles(page: Page, testId: string, kinds: Kind[]): Promise<void> {
  const payload = kinds.map((kind) => ({ name: NAMES[kind], mime: MIMES[kind], base64: fs.readFileSync(files[kind]).toString('base64') }));
  await page.getByTestId(testId).evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.mime }));
    }
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, payload);
}

const card = (page: Page, kind: Kind) => page.locator(`[data-testid^="material-card-"][data-name^="${NAMES[kind].split('.')[0]}"]`);

/** Waits until the library shows the material active (processing → active happens on screen, by polling). */
async function waitActive(page: Page, kind: Kind): Promise<void> {
  const item = card(page, kind);
  await item.waitFor({ timeout: 30_000 });
  await expect.poll(() => item.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('active');
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

describe('material center', () => {
  beforeAll(async () => {
    makeMedia(tempDir('nearcast-material-'));
    // The demo merchant is served by the demo studio (another journey may have moved it).
    const [admin, merchant, studio] = await Promise.all([apiLogin('super@example.com'), apiLogin(MERCHANT), apiLogin(STUDIO)]);
    const merchantId = (merchant.user as unknown as { id: number }).id;
    const studioId = (studio.user as unknown as { id: number }).id;
    await apiPost('/v1/client/studio/set', { client_id: merchantId, studio_id: studioId }, admin.token);
  });

  it('a merchant drops a video and an image on its library at 1440 px and sees them processed', async () => {
    const t = words('en-US');
    const page = await open(WIDTHS.desktop, 'en-US');
    await signInThroughForm(page, MERCHANT, '/material');
    // The limits are on screen before anything is sent.
    const limits = page.getByTestId('material-limits');
    await expect(limits.textContent()).resolves.toContain('500 MB and 10 minutes');
    await expect(limits.textContent()).resolves.toContain('20 MB');

    await dropFiles(page, 'material-drop', ['video', 'image']);
    const items = page.getByTestId('material-upload-item');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid=material-upload-item][data-status=done]').count(), { timeout: 30_000 }).toBe(2);
    await screenshot(page, 'material-desktop-uploaded');

    await waitActive(page, 'video');
    await waitActive(page, 'image');
    // Probed from the file: the clip's two seconds, and a poster frame for each.
    await expect(card(page, 'video').getByTestId('material-duration').textContent()).resolves.toBe('0:02');
    await card(page, 'video').getByTestId('material-thumb').waitFor();
    await card(page, 'image').getByTestId('material-thumb').waitFor();
    await screenshot(page, 'material-desktop-active');

    // The preview plays the file through its signed URL; the merchant leaves a note for the studio.
    // From the keyboard: the card's one opener takes the focus and Enter.
    await card(page, 'video').getByTestId('material-open').focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('material-drawer');
    const player = drawer.getByTestId('material-player-video');
    await player.waitFor();
    expect(await player.getAttribute('src')).toMatch(/^(https?:\/\/[^/]+)?\/files\/.+signature=/);
    expect(await player.getAttribute('poster')).toBeTruthy();
    await expect(drawer.getByTestId('material-detail-duration').textContent()).resolves.toBe('0:02');
    await drawer.getByTestId('material-note').fill('Use this for the lunch offer');
    await drawer.getByTestId('material-save').click();
    await toast(page, t('feedback.saved'));
    await screenshot(page, 'material-desktop-preview');
    await page.keyboard.press('Escape');

    // The list view shows the same, with the spec's fields as columns.
    await page.getByTestId('material-view').getByText(t('view.list')).click();
    await page.getByTestId('material-table').waitFor();
    await expect(page.getByTestId('material-table').textContent()).resolves.toContain(t('fields.upload_time'));
  });

  it('on a phone the merchant picks an audio clip from its files and sees it processed', async () => {
    const t = words('es-ES');
    const page = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(page, MERCHANT, '/material');
    await page.getByTestId('material-input').setInputFiles(files.audio);
    await page.locator('[data-testid=material-upload-item][data-status=done]').waitFor({ timeout: 30_000 });
    await waitActive(page, 'audio');
    await expect(card(page, 'audio').getByTestId('material-duration').textContent()).resolves.toBe('0:03');
    // A waveform as the audio's thumbnail.
    await card(page, 'audio').getByTestId('material-thumb').waitFor();
    await expect(card(page, 'audio').getByTestId('material-status').textContent()).resolves.toBe(t('status.active'));
    // A few small files in a store of gigabytes: "menos del 1 %", never a rounded-up "1 %".
    const merchant = await apiLogin(MERCHANT);
    const storage = await apiPost<{ used_bytes: number; quota_bytes: number }>('/v1/footage/storage', {}, merchant.token);
    expect(storage.used_bytes / storage.quota_bytes, 'the journey’s files fill less than 1 % of the quota').toBeLessThan(0.01);
    await expect.poll(() => page.getByTestId('material-storage-text').textContent()).toMatch(/\(menos del 1 %\)$/);
    // Nothing runs off the side of a 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
    await screenshot(page, 'material-phone-active');
  });

  it('the studio marks the video completed and the image unusable; the merchant sees both', async () => {
    const zh = words('zh-CN');
    const studio = await open(WIDTHS.desktop, 'zh-CN');
    await signInThroughForm(studio, STUDIO, '/clients');
    await studio.fill('[data-testid=filter-keyword] input', MERCHANT);
    await studio.keyboard.press('Enter');
    const row = studio.locator(`[data-testid="row-${MERCHANT}"]`);
    await row.waitFor();
    await row.getByTestId('row-materials').click();
    const drawer = studio.getByTestId('client-material-drawer');
    await card(studio, 'video').waitFor();
    // Active materials only: the studio sees what the merchant handed over.
    expect(await drawer.locator('[data-testid^="material-card-"]:not([data-status="active"])').count()).toBe(0);

    await card(studio, 'video').getByTestId('material-mark').click();
    await studio.getByTestId('mark-usage-completed').click();
    await studio.getByTestId('mark-submit').click();
    await toast(studio, zh('feedback.marked').replace('{{usage}}', zh('usage.completed')));
    await expect.poll(() => card(studio, 'video').getByTestId('material-usage').getAttribute('data-usage')).toBe('completed');

    // Unusable needs a reason the merchant can act on.
    await card(studio, 'image').getByTestId('material-mark').click();
    await studio.getByTestId('mark-usage-failed').click();
    await studio.getByTestId('mark-submit').click();
    await studio.getByText(zh('mark.reason_required')).waitFor();
    await studio.getByTestId('mark-reason').fill('Too dark');
    await studio.getByTestId('mark-submit').click();
    await expect.poll(() => card(studio, 'image').getByTestId('material-usage').getAttribute('data-usage')).toBe('failed');
    await studio.getByTestId('mark-submit').waitFor({ state: 'hidden' });
    await screenshot(studio, 'material-studio-marked');

    const es = words('es-ES');
    const merchant = await open(WIDTHS.phone, 'es-ES');
    await signInThroughForm(merchant, MERCHANT, '/material');
    await expect(card(merchant, 'video').getByTestId('material-usage').textContent()).resolves.toBe(es('usage.completed'));
    await expect(card(merchant, 'image').getByTestId('material-usage').textContent()).resolves.toBe(es('usage.failed'));
    // The whole card opens it, its name too, not only the thumbnail.
    // (A pointer click where the name is: the card's cover takes it, as it does a finger's.)
    const nameOnCard = card(merchant, 'image').locator('.material-card__name');
    await nameOnCard.scrollIntoViewIfNeeded();
    const name = await nameOnCard.boundingBox();
    if (!name) throw new Error('the material card shows no name');
    await merchant.mouse.click(name.x + name.width / 2, name.y + name.height / 2);
    const detail = merchant.getByTestId('material-usage-detail');
    await expect(detail.textContent()).resolves.toContain('Too dark');
    await screenshot(merchant, 'material-phone-usage');
  });
});
