// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../../../test/dom';
import type { Render } from '@nearcast/contract';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RenderCard } from './render-card';

const REASON = 'Question hooks bring this shop 2.1× the plays of bold claims; exploring: the Night market look, not tried in 15 days';

/** A plan draft waiting for the studio; only what the card reads. */
const draftWith = (reason: string | null | undefined) =>
  ({
    id: 1,
    merchant_id: 7,
    merchant_name: 'Carmen’s Tacos',
    language: 'en',
    script_id: null,
    script: { title: 'Taco Tuesday', hook: { on_screen: 'Hungry?', spoken: '' }, beats: [], call_to_action: { on_screen: 'Book today', spoken: '' }, captions: [] },
    footage_ids: [],
    state: 'done',
    progress: 100,
    attempts: 1,
    error: null,
    notes: [],
    origin: 'plan',
    plan_date: '2026-11-27',
    draft: 'pending',
    reject_reason: '',
    post_id: null,
    merchant_answer: null,
    reason,
    duration: 31.6,
    video_url: '/files/1.mp4',
    download_url: null,
    cover_url: null,
    create_time: '2026-11-27T15:00:00.000Z',
  }) as unknown as Render;

const show = (reason: string | null | undefined) =>
  renderInShell(
    <ul>
      <RenderCard render={draftWith(reason)} actions={{ onPreview: () => undefined }} />
    </ul>,
  );

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
});

describe('the plan’s reason on a draft card', () => {
  it('shows why the plan chose the draft as one line, whole in a tooltip on hover', async () => {
    const user = newUser();
    show(REASON);
    const line = screen.getByTestId('render-reason');
    expect(line).toHaveTextContent(REASON);
    // Named for a screen reader, whose user does not see the bulb.
    expect(line).toHaveTextContent(`Why the plan chose it: ${REASON}`);

    await user.hover(line);
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
  });

  it('opens the whole reason for the keyboard too', async () => {
    const user = newUser();
    show(REASON);
    const line = screen.getByTestId('render-reason');
    await user.tab();
    await user.tab();
    expect(line).toHaveFocus();
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
  });

  it('is left out for a draft with no reason (made by hand, or before the plan learned)', () => {
    show(null);
    expect(screen.queryByTestId('render-reason')).not.toBeInTheDocument();
    show(undefined);
    expect(screen.queryByTestId('render-reason')).not.toBeInTheDocument();
    show('  ');
    expect(screen.queryByTestId('render-reason')).not.toBeInTheDocument();
  });
});
