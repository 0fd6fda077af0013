import type { Page, Request } from 'playwright-core';

/**
 * When a page has finished: no request of its own in flight, no spinner or skeleton on screen,
 * and nothing moving — what an audit (a11y.ts) and a check of false errors wait for first.
 */

/** What is on screen while a page is still loading its data or its code. */
const BUSY_SELECTOR = [
  '[data-testid="page-loading"]',
  '.ant-spin-spinning',
  '.ant-skeleton-active',
  '.ant-btn-loading',
  '[aria-busy="true"]',
].join(', ');

export interface RequestTracker {
  inFlight: () => number;
  /** How many requests the page has started so far (a new one between two looks means it is not done). */
  started: () => number;
  /** API answers whose body is still being read to check its code: a failure may still be noted. */
  reading: () => number;
  /** The API calls that answered anything but code '200' since the last call, in words. */
  takeFailures: () => string[];
}

/**
 * The notification stream stays open for as long as a signed-in page is (Server-Sent Events):
 * it is never "in flight" in the sense of a page still loading, and a page left cuts it on purpose.
 */
export function isLongLivedStream(url: string): boolean {
  return new URL(url).pathname.endsWith('/v1/notification/stream');
}

/**
 * Counts a page's requests in flight, so an audit can wait until the page has stopped asking,
 * and notes API calls that failed: a page audited while it shows its error state was not audited.
 */
export function trackRequests(page: Page): RequestTracker {
  const pending = new Set<Request>();
  let failures: string[] = [];
  let started = 0;
  let reading = 0;
  page.on('request', (request) => {
    if (isLongLivedStream(request.url())) return;
    pending.add(request);
    started += 1;
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    // A request cancelled on purpose (a superseded query, a page left) is no failure.
    if (request.url().includes('/api/') && !isLongLivedStream(request.url()) && !/ERR_ABORTED/.test(request.failure()?.errorText ?? '')) {
      failures.push(`${new URL(request.url()).pathname} failed: ${request.failure()?.errorText ?? ''}`);
    }
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || isLongLivedStream(response.url())) return;
    // An answer's HTTP status mirrors its envelope's code (the server's sendEnvelope): only one
    // that is not 200 has a body worth reading, each read being a round trip to the browser.
    if (response.status() === 200) return;
    reading += 1;
    response
      .json()
      .then((body: { code?: string; msg?: string }) => {
        if (body.code !== '200') failures.push(`${url.pathname} answered ${body.code}: ${body.msg}`);
      })
      .catch(() => undefined)
      .finally(() => {
        reading -= 1;
      });
  });
  // A navigation abandons the previous document's requests without always reporting them.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) for (const request of pending) if (request.frame() !== frame) pending.delete(request);
  });
  return {
    inFlight: () => pending.size,
    started: () => started,
    reading: () => reading,
    takeFailures: () => {
      const taken = failures;
      failures = [];
      return taken;
    },
  };
}

/**
 * Waits until the page is quiet: no request in flight and nothing spinning, for `quietMs`
 * together (data that arrives starts renders that may ask for more). Answers a problem when the
 * page did not get there within `timeoutMs`; the audit then runs on what is there anyway.
 */
export async function waitUntilQuiet(
  page: Page,
  requests: Pick<RequestTracker, 'inFlight'>,
  { quietMs = 400, timeoutMs = 20_000 } = {},
): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const busy = requests.inFlight() > 0 || (await page.locator(BUSY_SELECTOR).count()) > 0;
    if (busy) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) {
      // Fonts change line widths: measure with the final ones.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return null;
    }
    await page.waitForTimeout(50);
  }
  const spinning = await page.locator(BUSY_SELECTOR).count();
  return `never settled within ${timeoutMs} ms (${requests.inFlight()} requests in flight, ${spinning} loading indicators)`;
}

/**
 * Waits until the page is still, judged by what it does rather than by a fixed pause: nothing in
 * flight (requests, API answers still being read), nothing spinning, and then two animation
 * frames in which the document did not change, no request started and no finite animation ran
 * (data that arrives re-renders the page, and a render that asks for more starts a request,
 * both within a frame or two). The navigation progress bar is left out: it fades on its own
 * timers and is decoration. A page that keeps changing for its own reasons (a ticker, a
 * carousel) still counts as settled after `quietMs` without requests or spinners, exactly as
 * `waitUntilQuiet` decides, so this never waits longer than that, only usually much less.
 * Answers a problem when neither happened within `timeoutMs`.
 */
export async function waitUntilStill(
  page: Page,
  requests: Pick<RequestTracker, 'inFlight' | 'started' | 'reading'>,
  { quietMs = 400, timeoutMs = 20_000 } = {},
): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const idle = () => requests.inFlight() === 0 && requests.reading() === 0;
    if (!idle()) {
      quietSince = 0;
      // Requests are only seen from here, not in the page: look again shortly.
      await page.waitForTimeout(20);
      continue;
    }
    const before = requests.started();
    const look = await page
      .evaluate(async (busySelector) => {
        const decoration = (node: Node | null) => {
          const element = node instanceof Element ? node : node?.parentElement;
          return !!element?.closest('[data-testid="progress-bar"]');
        };
        let changed = false;
        const observer = new MutationObserver((records) => {
          if (records.some((record) => !decoration(record.target))) changed = true;
        });
        observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
        await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
        observer.disconnect();
        const animating = document.getAnimations().some((animation) => {
          if (animation.playState !== 'running') return false;
          const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
          // Endless ones (a spinner's turn, a shimmer) never end; the busy selector sees those that mean loading.
          return !decoration(target) && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime));
        });
        return { busy: document.querySelector(busySelector) !== null, changed, animating };
      }, BUSY_SELECTOR)
      // The document was replaced while looking (a redirect that reloads): not still, look again.
      .catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { busy: true, changed: true, animating: false };
      });
    if (look.busy || !idle() || requests.started() !== before) {
      quietSince = 0;
      continue;
    }
    if (!quietSince) quietSince = Date.now();
    const still = !look.changed && !look.animating;
    if (still || Date.now() - quietSince >= quietMs) {
      // Fonts change line widths: measure with the final ones.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return null;
    }
  }
  const spinning = await page.locator(BUSY_SELECTOR).count();
  return `never settled within ${timeoutMs} ms (${requests.inFlight()} requests in flight, ${spinning} loading indicators)`;
}
