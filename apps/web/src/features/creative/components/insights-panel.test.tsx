// @vitest-environment happy-dom
import { answerApi, renderInShell, setLanguage } from '../../../test/dom';
import { api, type Insights } from '@nearcast/contract';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InsightsPanel } from './insights-panel';
import { WhatWorksCard } from './what-works-card';

const figures = (typical: number, videos: number) => ({
  posts: videos,
  videos,
  measured: videos,
  median_plays_24h: typical,
  median_plays_7d: typical * 2,
  typical_plays_24h: typical,
  interval: videos > 1 ? { low: typical * 0.8, high: typical * 1.25 } : null,
  engagement_rate: 0.05,
  visits: null,
  redemptions: null,
});

const answerOf = (merchantId: number): Insights => ({
  source: merchantId === 1 ? 'category_prior' : 'merchant',
  merchant_id: merchantId,
  category: 'restaurant',
  range: '90d',
  since: '2026-09-01T00:00:00.000Z',
  min_videos: 10,
  own_measured: merchantId === 1 ? 3 : 40,
  links_counted: false,
  sampled: false,
  totals: figures(1000, merchantId === 3 ? 0 : 40),
  choices:
    merchantId === 3
      ? []
      : [
          { dimension: 'hook_style', value: 'question', ...figures(2100, 12) },
          { dimension: 'hook_style', value: 'offer_first', ...figures(400, 1) },
          { dimension: 'posting_hour', value: '18', ...figures(1500, 8) },
        ],
  best: [],
  worst: [],
});

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerApi((path, body) => {
        if (path !== api.creative.insightsGet.path) return { code: '200', data: null };
        const merchant = (body as { merchant_id?: number }).merchant_id ?? 2;
        return merchant === 4 ? { code: '500', msg: 'Something went wrong', data: null } : { code: '200', data: answerOf(merchant) };
      }),
    ),
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the studio’s insights panel', () => {
  it('shows each value of a choice with its interval, or that one video is too few to say', async () => {
    renderInShell(<InsightsPanel merchantId={2} />);
    const table = await screen.findByTestId('insights-table');
    expect(within(table).getByText('A question')).toBeTruthy();
    expect(within(table).getByText('1,680–2,625')).toBeTruthy();
    expect(within(table).getByText('too few to say')).toBeTruthy();
    expect(screen.getByTestId('insights-source').textContent).toBe("This merchant's videos");
    expect(screen.queryByTestId('insights-prior')).toBeNull();
  });

  it('says when the figures are the category’s', async () => {
    renderInShell(<InsightsPanel merchantId={1} />);
    expect((await screen.findByTestId('insights-prior')).textContent).toContain('Only 3 of this merchant');
  });

  it('has an empty and an error state', async () => {
    renderInShell(<InsightsPanel merchantId={3} />);
    expect(await screen.findByTestId('insights-empty')).toBeTruthy();
    renderInShell(<InsightsPanel merchantId={4} />);
    expect(await screen.findByTestId('insights-retry')).toBeTruthy();
  });
});

describe('what works for the merchant’s shop', () => {
  it('names the best value of each choice and how many times the usual plays it got', async () => {
    renderInShell(<WhatWorksCard merchantId={2} />);
    const card = await screen.findByTestId('what-works');
    await within(card).findByText('A question');
    expect(within(card).getByText('2.1× your usual plays')).toBeTruthy();
    expect(within(card).getByText('6 PM')).toBeTruthy();
  });

  it('says the figures are its category’s until it has results of its own', async () => {
    renderInShell(<WhatWorksCard merchantId={1} />);
    expect((await screen.findByTestId('what-works-prior')).textContent).toContain('restaurant');
  });
});
