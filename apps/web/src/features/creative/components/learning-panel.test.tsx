// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, HOOK_STYLES, LEARNING_DIMENSIONS, LOOK_IDS, PLAN_LENGTH_BANDS, PLAN_POSTING_HOURS, type LearningArmBelief, type LearningBeliefs, type LearningDimension, type LearningSettings } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LearningPanel } from './learning-panel';

const arms = { hook_style: [...HOOK_STYLES], look: [...LOOK_IDS], length_band: [...PLAN_LENGTH_BANDS], posting_hour: [...PLAN_POSTING_HOURS] };

/** One arm's belief: an even draw among the others, none of the merchant's posts, unless told. */
const belief = (arm: string, extra: Partial<LearningArmBelief> = {}): LearningArmBelief => ({
  arm,
  state: 'in_draw',
  posts: 0,
  pool_posts: 0,
  reward: { mean: 0, low: -0.9, high: 0.9 },
  ratio: { mean: 1, low: 0.4, high: 2.5 },
  p_best: 0.1,
  exploring: false,
  days_since_tried: null,
  ...extra,
});

/**
 * The learner's beliefs as the server would give them: English (3 slots a day) where question
 * hooks lead on 12 posts and an opening on local pride is due for a try, Spanish (2 slots) where
 * bold claims lead; per merchant, its pins and bans applied.
 */
const beliefsOf = (settings: Pick<LearningSettings, 'pins' | 'bans'>, noOffer: boolean): LearningBeliefs => {
  const language = (code: 'en' | 'es', slots: number, special: Record<string, Partial<LearningArmBelief>>) => ({
    language: code,
    slots,
    posts: 30,
    dimensions: Object.fromEntries(
      LEARNING_DIMENSIONS.map((dimension: LearningDimension) => {
        const pin = settings.pins[dimension];
        const bans = (settings.bans[dimension] ?? []) as string[];
        return [
          dimension,
          arms[dimension].map((arm) => {
            const own = belief(arm, special[`${dimension}:${arm}`]);
            if (pin !== undefined) return { ...own, state: arm === pin ? 'pinned' : 'held', p_best: arm === pin ? 1 : 0 };
            if (bans.includes(arm)) return { ...own, state: 'banned', p_best: 0 };
            if (noOffer && arm === 'offer_first') return { ...own, state: 'off', p_best: 0 };
            return own;
          }),
        ];
      }),
    ) as LearningBeliefs['languages'][number]['dimensions'],
  });
  return {
    day: '2026-12-02',
    draws: 1000,
    window_days: 90,
    languages: [
      language('en', 3, {
        'hook_style:question': { posts: 12, p_best: 0.72, ratio: { mean: 2, low: 1.4, high: 2.9 } },
        'hook_style:bold_claim': { posts: 5, p_best: 0.004, ratio: { mean: 0.8, low: 0.5, high: 1.2 } },
        'hook_style:local_pride': { exploring: true, days_since_tried: 16, posts: 2 },
        'hook_style:behind_the_scenes': { pool_posts: 40 },
        'look:street_pop': { posts: 4, p_best: 0.55 },
        'posting_hour:18:30': { posts: 9, p_best: 0.3 },
      }),
      language('es', 2, { 'hook_style:bold_claim': { posts: 8, p_best: 0.81 } }),
    ],
  };
};

/** Merchant 2 has a pinned length and a banned look; 3 nothing set (and no offer); 4's read fails; 5's save fails. */
const settingsOf = (merchantId: number, saved?: Pick<LearningSettings, 'pins' | 'bans'>): LearningSettings => {
  const own = saved ?? (merchantId === 3 ? { pins: {}, bans: {} } : { pins: { length_band: 'short' as const }, bans: { look: ['classic' as const] } });
  return {
    merchant_id: merchantId,
    ...own,
    arms,
    update_time: saved ? '2026-12-02T16:00:00.000Z' : merchantId === 3 ? null : '2026-11-30T10:00:00.000Z',
    beliefs: beliefsOf(own, merchantId === 3),
  };
};

const asked: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerApi((path, body) => {
        asked.push({ path, body });
        const merchant = (body as { merchant_id: number }).merchant_id;
        // Only the offer is read here: merchant 3's brief has none in any language.
        if (path === api.creative.briefGet.path) return { code: '200', data: { merchant_id: merchant, offer: merchant === 3 ? { en: '', es: '', zh: '' } : { en: '2-for-1 tacos', es: '', zh: '' } } };
        if (path === api.creative.learningGet.path) return merchant === 4 ? { code: '500', msg: 'Something went wrong', data: null } : { code: '200', data: settingsOf(merchant) };
        if (path === api.creative.learningSet.path) {
          if (merchant === 5) return { code: '400', msg: 'Leave at least one choice allowed', data: { fields: { 'bans.look': 'Leave at least one choice allowed' } } };
          const { pins, bans } = body as Pick<LearningSettings, 'pins' | 'bans'>;
          return { code: '200', data: settingsOf(merchant, { pins, bans }) };
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
  it('shows where each option stands and the learner’s own figures: pinned, paused, banned, likely best, due for a try, in the draw, not tried', async () => {
    renderInShell(<LearningPanel merchantId={2} canEdit />);
    await screen.findByTestId('learning-hook_style');
    // English first: the plan makes most of its videos in it.
    expect(standing('hook_style', 'question')).toBe('Likely best');
    expect(standing('hook_style', 'bold_claim')).toBe('In the draw');
    expect(standing('hook_style', 'local_pride')).toBe('Due for a try');
    expect(standing('hook_style', 'offer_first')).toBe('Not tried yet');
    expect(standing('look', 'classic')).toBe('Banned');
    expect(standing('look', 'street_pop')).toBe('Likely best');
    expect(standing('length_band', 'short')).toBe('Pinned');
    expect(standing('length_band', 'long')).toBe('Paused by the pin');
    expect(standing('posting_hour', '18:30')).toBe('In the draw');
    const question = screen.getByTestId('learning-choice-hook_style-question');
    expect(question).toHaveTextContent('72% chance of being best');
    expect(question).toHaveTextContent('12 of its posts · most likely 1.4× to 2.9× its typical post');
    expect(within(question).getByRole('meter')).toHaveAttribute('aria-valuenow', '72');
    expect(screen.getByTestId('learning-choice-hook_style-bold_claim')).toHaveTextContent('under 1% chance of being best');
    expect(screen.getByTestId('learning-choice-hook_style-local_pride')).toHaveTextContent('2 of its posts · most likely 0.4× to 2.5× its typical post · not tried for 16 days');
    expect(screen.getByTestId('learning-choice-hook_style-behind_the_scenes')).toHaveTextContent('none of its posts yet; a guess from 40 posts of similar shops');
    expect(screen.getByTestId('learning-choice-hook_style-problem_solution')).toHaveTextContent('none of its posts yet · nothing to go on yet');
    // Out of the draw: no chance shown, the evidence still is.
    expect(within(screen.getByTestId('learning-choice-look-classic')).queryByRole('meter')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('learning-choice-length_band-long')).queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.getByTestId('learning-choice-length_band-short')).toHaveTextContent('Short (3 beats)');
    expect(screen.getByTestId('learning-choice-posting_hour-18:30')).toHaveTextContent('6:30 PM');
    expect(screen.getByTestId('learning-choice-posting_hour-18:30')).toHaveTextContent('30% chance of being best');
    expect(screen.getByTestId('learning-source')).toHaveTextContent('each chance is the share of 1000 draws');
    expect(screen.queryByTestId('learning-empty')).not.toBeInTheDocument();
    // No guessing from the insights any more: the learner says it all.
    expect(asked.some((call) => call.path === api.creative.insightsGet.path)).toBe(false);
  });

  it('shows another language’s figures when picked', async () => {
    const user = newUser();
    renderInShell(<LearningPanel merchantId={2} canEdit />);
    await screen.findByTestId('learning-hook_style');
    await user.click(within(screen.getByTestId('learning-language')).getByText('Spanish'));
    expect(standing('hook_style', 'bold_claim')).toBe('Likely best');
    expect(standing('hook_style', 'question')).toBe('Not tried yet');
    expect(screen.getByTestId('learning-choice-hook_style-bold_claim')).toHaveTextContent('81% chance of being best');
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
    expect(standing('length_band', 'long')).toBe('Not tried yet');
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
    expect(standing('hook_style', 'question')).toBe('Likely best');
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
