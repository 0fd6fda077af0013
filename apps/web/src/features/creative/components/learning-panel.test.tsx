// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, HOOK_STYLES, LOOK_IDS, PLAN_LENGTH_BANDS, PLAN_POSTING_HOURS, type Insights, type LearningSettings } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LearningPanel } from './learning-panel';

const arms = { hook_style: [...HOOK_STYLES], look: [...LOOK_IDS], length_band: [...PLAN_LENGTH_BANDS], posting_hour: [...PLAN_POSTING_HOURS] };

/** Merchant 2 has a pinned length and a banned look; 3 nothing set (and no offer); 4's read fails; 5's save fails. */
const settingsOf = (merchantId: number): LearningSettings =>
  merchantId === 3
    ? { merchant_id: 3, pins: {}, bans: {}, arms, update_time: null }
    : { merchant_id: merchantId, pins: { length_band: 'short' }, bans: { look: ['classic'] }, arms, update_time: '2026-11-30T10:00:00.000Z' };

const figures = (typical: number, videos: number) => ({
  posts: videos,
  videos,
  measured: videos,
  median_plays_24h: typical,
  median_plays_7d: typical,
  typical_plays_24h: typical,
  interval: videos > 1 ? { low: typical * 0.8, high: typical * 1.25 } : null,
  engagement_rate: 0.05,
  visits: null,
  redemptions: null,
});

const insights = (merchantId: number): Insights => ({
  source: 'merchant',
  merchant_id: merchantId,
  category: 'restaurant',
  range: '90d',
  since: '2026-09-01T00:00:00.000Z',
  min_videos: 10,
  own_measured: 30,
  links_counted: false,
  sampled: false,
  totals: figures(1000, 30),
  choices: [
    { dimension: 'hook_style', value: 'question', ...figures(2100, 12) },
    { dimension: 'hook_style', value: 'bold_claim', ...figures(900, 5) },
    // One video is too few to lead, however many plays it got.
    { dimension: 'hook_style', value: 'offer_first', ...figures(9000, 1) },
    { dimension: 'look', value: 'street_pop', ...figures(1500, 4) },
  ],
  best: [],
  worst: [],
});

const asked: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerApi((path, body) => {
        asked.push({ path, body });
        const merchant = (body as { merchant_id: number }).merchant_id;
        if (path === api.creative.insightsGet.path) return { code: '200', data: insights(merchant) };
        // Only the offer is read here: merchant 3's brief has none in any language.
        if (path === api.creative.briefGet.path) return { code: '200', data: { merchant_id: merchant, offer: merchant === 3 ? { en: '', es: '', zh: '' } : { en: '2-for-1 tacos', es: '', zh: '' } } };
        if (path === api.creative.learningGet.path) return merchant === 4 ? { code: '500', msg: 'Something went wrong', data: null } : { code: '200', data: settingsOf(merchant) };
        if (path === api.creative.learningSet.path) {
          if (merchant === 5) return { code: '400', msg: 'Leave at least one choice allowed', data: { fields: { 'bans.look': 'Leave at least one choice allowed' } } };
          const { pins, bans } = body as Pick<LearningSettings, 'pins' | 'bans'>;
          return { code: '200', data: { merchant_id: merchant, pins, bans, arms, update_time: '2026-12-02T16:00:00.000Z' } };
        }
        return { code: '404', msg: `no ${path}`, data: null };
      }),
    ),
  );
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  asked.length = 0;
});

const standing = (dimension: string, arm: string) => screen.getByTestId(`learning-standing-${dimension}-${arm}`).textContent;
const sets = () => asked.filter((call) => call.path === api.creative.learningSet.path);

describe('what the plan learns', () => {
  it('shows where each option stands: pinned, paused by a pin, banned, off, most plays, in the draw, not tried', async () => {
    renderInShell(<LearningPanel merchantId={2} canEdit />);
    await screen.findByTestId('learning-hook_style');
    await waitFor(() => expect(standing('hook_style', 'question')).toBe('Most plays so far'));
    expect(standing('hook_style', 'bold_claim')).toBe('In the draw');
    expect(standing('hook_style', 'offer_first')).toBe('In the draw');
    expect(standing('hook_style', 'local_pride')).toBe('Not tried yet');
    expect(standing('look', 'classic')).toBe('Banned');
    expect(standing('look', 'street_pop')).toBe('Most plays so far');
    expect(standing('length_band', 'short')).toBe('Pinned');
    expect(standing('length_band', 'long')).toBe('Paused by the pin');
    expect(standing('posting_hour', '18:30')).toBe('In the draw');
    expect(screen.getByTestId('learning-choice-hook_style-question')).toHaveTextContent('12 videos · typically 2,100 plays in 24 h');
    expect(screen.getByTestId('learning-choice-length_band-short')).toHaveTextContent('Short (3 beats)');
    expect(screen.getByTestId('learning-choice-posting_hour-18:30')).toHaveTextContent('6:30 PM');
    expect(screen.queryByTestId('learning-empty')).not.toBeInTheDocument();
  });

  it('pins and bans after a confirmation, sending the whole of the pins and bans to learning/set', async () => {
    const user = newUser();
    renderInShell(<LearningPanel merchantId={2} canEdit />);
    await user.click(await screen.findByTestId('learning-pin-hook_style-bold_claim'));
    await user.click(screen.getByTestId('learning-ban-look-editorial'));
    // Pinning a banned option allows it again; banning the pinned one lifts the pin.
    await user.click(screen.getByTestId('learning-pin-look-classic'));
    await user.click(screen.getByTestId('learning-ban-look-classic'));
    expect(standing('hook_style', 'bold_claim')).toBe('Pinned');
    expect(standing('hook_style', 'question')).toBe('Paused by the pin');
    expect(sets()).toHaveLength(0);

    await user.click(screen.getByTestId('learning-save'));
    const body = await screen.findByTestId('learning-confirm-body');
    expect(body).toHaveTextContent('Hook: always A bold claim');
    expect(body).toHaveTextContent('Look: never Editorial and Classic');
    expect(body).toHaveTextContent('Length: always Short (3 beats)');
    expect(sets()).toHaveLength(0);
    await user.click(screen.getByTestId('confirm-ok'));

    await waitFor(() => expect(sets()).toHaveLength(1));
    expect(sets()[0]!.body).toEqual({ merchant_id: 2, pins: { length_band: 'short', hook_style: 'bold_claim' }, bans: { look: ['editorial', 'classic'] } });
    expect(await screen.findByText('Saved. The next plan days follow these pins and bans.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('learning-unsaved')).not.toBeInTheDocument());
  });

  it('lifts a pin, discards unsaved changes, and keeps one option allowed', async () => {
    const user = newUser();
    renderInShell(<LearningPanel merchantId={2} canEdit />);
    await user.click(await screen.findByTestId('learning-pin-length_band-short'));
    expect(standing('length_band', 'long')).toBe('In the draw');
    await user.click(screen.getByTestId('learning-discard'));
    expect(standing('length_band', 'short')).toBe('Pinned');

    await user.click(screen.getByTestId('learning-ban-length_band-medium'));
    await user.click(screen.getByTestId('learning-ban-length_band-long'));
    // The pinned short is the last allowed: it cannot be banned too.
    expect(screen.getByTestId('learning-ban-length_band-short')).toBeDisabled();
    await user.click(screen.getByTestId('learning-save'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sets()).toHaveLength(1));
    expect(sets()[0]!.body).toEqual({ merchant_id: 2, pins: { length_band: 'short' }, bans: { look: ['classic'], length_band: ['medium', 'long'] } });
  });

  it('says so when a save fails, and keeps the changes to try again', async () => {
    const user = newUser();
    renderInShell(<LearningPanel merchantId={5} canEdit />);
    await user.click(await screen.findByTestId('learning-ban-look-editorial'));
    await user.click(screen.getByTestId('learning-save'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText("The plan's pins and bans were not saved — Leave at least one choice allowed")).toBeInTheDocument();
    expect(screen.getByTestId('learning-unsaved')).toBeInTheDocument();
    expect(standing('look', 'editorial')).toBe('Banned');
  });

  it('has an error state with a retry, an empty state, and a way to pick a merchant', async () => {
    renderInShell(<LearningPanel merchantId={4} canEdit />);
    expect(await screen.findByTestId('learning-retry')).toBeInTheDocument();
    renderInShell(<LearningPanel merchantId={3} canEdit />);
    expect(await screen.findByTestId('learning-empty')).toBeInTheDocument();
    // With no offer in the brief the plan never opens on one, though nothing is banned.
    await waitFor(() => expect(standing('hook_style', 'offer_first')).toBe('Off: the brief has no offer'));
    expect(standing('hook_style', 'question')).toBe('Most plays so far');
    renderInShell(<LearningPanel merchantId={null} canEdit />);
    expect(screen.getByTestId('learning-pick')).toBeInTheDocument();
  });

  it('is read-only for an operator: the standings without a button', async () => {
    renderInShell(<LearningPanel merchantId={2} canEdit={false} />);
    const card = await screen.findByTestId('learning-look');
    expect(screen.getByTestId('learning-read-only')).toBeInTheDocument();
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(standing('look', 'classic')).toBe('Banned');
  });
});
