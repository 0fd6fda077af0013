// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type Plan } from '@nearcast/contract';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlanCard } from './plan-card';

const MERCHANT = 7;

const plan: Plan = {
  merchant_id: MERCHANT,
  enabled: true,
  mix: { en: 2, es: 2, zh: 1 },
  per_day: 5,
  studio_review: true,
  merchant_approval: false,
  run_hour: 7,
  time_zone: 'America/Los_Angeles',
  last_run_date: null,
  update_time: null,
};

/** What plan/run answers next: the server makes the day in the background and says so. */
let runAnswer: { created: boolean; preparing: boolean } = { created: true, preparing: true };
const asked: string[] = [];

const server = vi.fn(
  answerApi((path, body) => {
    asked.push(path);
    switch (path) {
      case api.creative.planGet.path:
        return { code: '200', data: plan };
      case api.creative.planRun.path:
        return { code: '200', data: { merchant_id: MERCHANT, date: (body as { date: string }).date, ...runAnswer, renders: [] } };
      default:
        return { code: '200', data: { list: [], total: 0, page: 1, page_size: 20 } };
    }
  }),
);

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  asked.length = 0;
});

async function runToday(): Promise<HTMLElement> {
  const user = newUser();
  renderInShell(<PlanCard merchantId={MERCHANT} editable onRan={() => undefined} />);
  await user.click(await screen.findByTestId('plan-run'));
  return screen.findByTestId('plan-run-result');
}

describe('the plan card’s run', () => {
  it('says the plan’s videos are being made when the run starts, before any render is queued', async () => {
    runAnswer = { created: true, preparing: true };
    const result = await runToday();
    expect(asked).toContain(api.creative.planRun.path);
    // The answer lists no render yet: the count is the plan's.
    expect(result).toHaveTextContent('5 videos are being made for today.');
  });

  it('says the day is being prepared when another run is making it', async () => {
    runAnswer = { created: false, preparing: true };
    expect(await runToday()).toHaveTextContent('are being prepared');
  });

  it('says the plan already ran for a day that is made', async () => {
    runAnswer = { created: false, preparing: false };
    expect(await runToday()).toHaveTextContent('The plan already ran for');
  });
});
