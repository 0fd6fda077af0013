// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type Render } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderCard, type RenderActions } from './render-card';

/** A finished draft waiting for the studio; only what the card and the approve dialog read. */
const draft = {
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
  duration: 31.6,
  video_url: '/files/1.mp4',
  download_url: null,
  cover_url: null,
  create_time: '2026-11-27T15:00:00.000Z',
} as unknown as Render;

const asked: { path: string; body: unknown }[] = [];
const server = vi.fn(
  answerApi((path, body) => {
    asked.push({ path, body });
    switch (path) {
      case api.creative.draftApprove.path:
        return { code: '200', data: { ...draft, draft: 'approved', post_id: 501 } };
      case api.video.connections.path:
        return { code: '200', data: { list: [], total: 0, page: 1, page_size: 1 } };
      default:
        return { code: '404', msg: `no ${path}`, data: null };
    }
  }),
);

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  asked.length = 0;
});

const show = (actions: Partial<RenderActions>) =>
  renderInShell(
    <ul>
      <RenderCard render={draft} actions={{ onPreview: () => undefined, ...actions }} />
    </ul>,
  );

describe('a draft’s card', () => {
  it('approves at once with the defaults, or with options through the approve dialog', async () => {
    const user = newUser();
    const quick = vi.fn();
    show({ onApprove: quick });

    await user.click(screen.getByRole('button', { name: 'Approve Taco Tuesday' }));
    expect(quick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More ways to approve Taco Tuesday' }));
    await user.click(await screen.findByText('Approve with options…'));
    const heading = await screen.findByText('Approve “Taco Tuesday”', { selector: '.ant-modal-title' }, { timeout: 5_000 });
    const dialog = heading.closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(dialog).getByLabelText('Publish without asking'));
    await user.click(within(dialog).getByTestId('approve-submit'));

    await waitFor(() => expect(asked.filter((call) => call.path === api.creative.draftApprove.path)).toHaveLength(1));
    // The options chosen go with this draft; the quick approval was not used for it.
    expect(asked.find((call) => call.path === api.creative.draftApprove.path)!.body).toEqual({ id: 1, require_approval: false });
    expect(quick).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('“Taco Tuesday” is approved and scheduled as a post.')).toBeInTheDocument();
  }, 20_000);

  it('offers no second way where Approve already opens the dialog (the drafts board)', () => {
    show({ onApprove: vi.fn(), approveOpensOptions: true });
    expect(screen.getByRole('button', { name: 'Approve Taco Tuesday' })).toBeInTheDocument();
    expect(screen.queryByTestId('render-approve-more')).not.toBeInTheDocument();
  });

  it('offers neither to a reader who cannot act', () => {
    show({});
    expect(screen.queryByTestId('render-approve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('render-approve-more')).not.toBeInTheDocument();
  });
});
