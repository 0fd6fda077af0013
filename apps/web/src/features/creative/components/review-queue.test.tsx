// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type Render, type ReviewCount } from '@nearcast/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { ReviewQueue } from './review-queue';

function draft(id: number, merchant: number, day: string, patch: Partial<Render> = {}): Render {
  return {
    id,
    merchant_id: merchant,
    merchant_name: merchant === 7 ? 'Carmen’s Tacos' : 'Luz Bakery',
    language: 'en',
    script_id: 100 + id,
    script: {
      title: `Draft ${id}`,
      hook: { on_screen: 'Hungry?', spoken: '' },
      beats: [1, 2, 3].map((beat) => ({ on_screen: `Beat ${beat}`, spoken: '' })),
      call_to_action: { on_screen: 'Book today', spoken: '' },
      captions: [],
    },
    footage_ids: [],
    voice: 'none',
    music: 'auto',
    music_footage_id: null,
    state: 'done',
    progress: 100,
    attempts: 1,
    error: null,
    notes: [],
    origin: 'plan',
    plan_date: day,
    draft: 'pending',
    reject_reason: '',
    post_id: null,
    merchant_answer: null,
    quality: [],
    output_footage_id: null,
    duration: 20,
    video_url: `/files/${id}.mp4`,
    cover_url: null,
    url_expires_at: null,
    timings: { queued_at: '2026-11-27T15:00:00.000Z', started_at: null, finished_at: null, render_ms: null },
    create_time: '2026-11-27T15:00:00.000Z',
    ...patch,
  };
}

let queue: Render[] = [];
let counts: ReviewCount[] = [];
const asked: { path: string; body: unknown }[] = [];
const askedFor = (path: string) => asked.filter((call) => call.path === path);

const server = vi.fn(
  answerApi((path, body) => {
    asked.push({ path, body });
    const id = (body as { id?: number } | null)?.id;
    switch (path) {
      case api.creative.renderList.path:
        return { code: '200', data: { list: queue, total: queue.length, page: 1, page_size: 100, by_merchant: counts } };
      case api.creative.planGet.path:
        return { code: '404', msg: 'no plan', data: null };
      case api.creative.draftBulkApprove.path:
        return { code: '200', data: { results: (body as { ids: number[] }).ids.map((one) => ({ id: one, ok: true, render: null, error: null })) } };
      case api.creative.draftReject.path:
        return { code: '200', data: queue.find((render) => render.id === id) };
      case api.creative.renderRetry.path:
        return { code: '200', data: { ...queue.find((render) => render.id === id)!, state: 'queued' } };
      default:
        return { code: '404', msg: `no ${path}`, data: null };
    }
  }),
);

function showQueue() {
  return renderInShell(
    <MemoryRouter>
      <ReviewQueue canAct merchant={null} onMerchantChange={() => undefined} />
    </MemoryRouter>,
  );
}

const reviewed = () => screen.getByTestId('review-mode').getAttribute('data-render');
const press = (user: ReturnType<typeof newUser>, key: string) => user.keyboard(key);

beforeAll(async () => {
  vi.stubGlobal('fetch', server);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
  queue = [draft(1, 7, '2026-11-25'), draft(2, 8, '2026-11-26'), draft(3, 7, '2026-11-27')];
  counts = [
    { merchant_id: 7, merchant_name: 'Carmen’s Tacos', pending: 2, failed: 1, changes_requested: 0 },
    { merchant_id: 8, merchant_name: 'Luz Bakery', pending: 1, failed: 0, changes_requested: 0 },
  ];
  asked.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the review queue', () => {
  it('asks for every merchant’s pending drafts oldest plan day first, and counts each merchant (in Spanish)', async () => {
    await setLanguage('es-ES', ['common', 'creative', 'video']);
    showQueue();
    const cards = await screen.findByTestId('queue-cards');
    const request = askedFor(api.creative.renderList.path)[0]!.body as Record<string, unknown>;
    expect(request).toMatchObject({ review: 'pending', sort: 'plan_day', page_size: 100 });
    expect(request).not.toHaveProperty('merchant_id');
    expect(within(cards).getAllByRole('listitem').map((item) => item.getAttribute('data-testid'))).toEqual(['render-1', 'render-2', 'render-3']);
    expect(within(screen.getByTestId('render-1')).getByTestId('render-merchant')).toHaveTextContent('Carmen’s Tacos · 2026/11/25');
    expect(screen.getByTestId('queue-chip-7')).toHaveTextContent('Carmen’s Tacos 2');
    expect(screen.getByTestId('queue-chip-8')).toHaveTextContent('Luz Bakery 1');
    expect(screen.getByTestId('queue-total')).toHaveTextContent('3');
    expect(screen.getByTestId('queue-state-failed')).toHaveTextContent('Fallidos (1)');
    expect(screen.getByTestId('queue-start')).toHaveTextContent('Revisar uno a uno');
  });

  it('reviews with the keyboard: J/K move, A approves, R rejects with a quick reason; keys typed in a field do nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = newUser();
    showQueue();
    await screen.findByTestId('queue-cards');
    await user.click(screen.getByTestId('queue-start'));
    await screen.findByTestId('review-mode');
    expect(reviewed()).toBe('1');
    expect(screen.getByTestId('review-video')).toHaveAttribute('src', '/files/1.mp4');
    // The next draft's video is loaded ahead.
    expect(screen.getByTestId('review-prefetch')).toHaveAttribute('src', '/files/2.mp4');
    await press(user, 'j');
    expect(reviewed()).toBe('2');
    await press(user, 'k');
    expect(reviewed()).toBe('1');

    await press(user, 'a');
    // Held back: the card leaves the queue, nothing is sent yet, the next draft is on screen.
    await waitFor(() => expect(reviewed()).toBe('2'));
    expect(screen.getByTestId('undo-item')).toHaveTextContent('Approved “Draft 1”');
    expect(askedFor(api.creative.draftBulkApprove.path)).toHaveLength(0);

    await press(user, 'r');
    const reason = await screen.findByTestId('review-reason');
    // Typing in the reason: j, a and r are letters here, not shortcuts.
    await user.type(reason, 'jar');
    expect(reason).toHaveValue('jar');
    expect(reviewed()).toBe('2');
    await user.clear(reason);
    // A quick reason by its number (focus back on the dialog, out of the field).
    reason.blur();
    await press(user, '2');
    await waitFor(() => expect(reviewed()).toBe('3'));

    await act(async () => {
      vi.advanceTimersByTime(10_500);
    });
    await waitFor(() => expect(askedFor(api.creative.draftBulkApprove.path)).toHaveLength(1));
    expect(askedFor(api.creative.draftBulkApprove.path)[0]!.body).toEqual({ ids: [1] });
    await waitFor(() => expect(askedFor(api.creative.draftReject.path)).toHaveLength(1));
    expect(askedFor(api.creative.draftReject.path)[0]!.body).toEqual({ id: 2, reason: 'The footage does not fit' });
  });

  it('keeps a sent decision’s draft out of the review while the list in hand still says it is pending', { timeout: 20_000 }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = newUser();
    showQueue();
    await screen.findByTestId('queue-cards');
    await user.click(screen.getByTestId('queue-start'));
    await screen.findByTestId('review-mode');
    await press(user, 'a');
    await waitFor(() => expect(reviewed()).toBe('2'));
    // Sent after its 10 s; the list fetched afterwards was read before the approval landed.
    await act(async () => {
      vi.advanceTimersByTime(10_500);
    });
    await waitFor(() => expect(askedFor(api.creative.draftBulkApprove.path)).toHaveLength(1));
    await waitFor(() => expect(askedFor(api.creative.renderList.path).length).toBeGreaterThan(1));
    expect(reviewed()).toBe('2');
    expect(screen.queryByTestId('render-1')).not.toBeInTheDocument();
    // Nothing is decided twice: the next A is the second draft's.
    await press(user, 'a');
    await waitFor(() => expect(reviewed()).toBe('3'));
  });

  it('sends nothing when a decision is undone within 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = newUser();
    showQueue();
    await screen.findByTestId('queue-cards');
    await user.click(within(screen.getByTestId('render-1')).getByTestId('render-select'));
    await user.click(within(screen.getByTestId('render-2')).getByTestId('render-select'));
    await user.click(screen.getByTestId('queue-approve-selected'));
    expect(screen.getByTestId('undo-item')).toHaveTextContent('Approved 2 drafts');
    expect(screen.queryByTestId('render-1')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(9_000);
    });
    await user.click(screen.getByTestId('undo-button'));
    expect(await screen.findByTestId('render-1')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(askedFor(api.creative.draftBulkApprove.path)).toHaveLength(0);
    expect(screen.queryByTestId('undo-bar')).not.toBeInTheDocument();
  });

  it('retries a failed render, and offers every settled card an edit and a named download', async () => {
    queue = [draft(4, 7, '2026-11-25', { state: 'failed', error: 'The clip could not be read', video_url: null, duration: null }), draft(5, 7, '2026-11-26')];
    const user = newUser();
    showQueue();
    await screen.findByTestId('render-4');
    expect(within(screen.getByTestId('render-4')).getByTestId('render-edit')).toHaveTextContent('Edit and render again');
    expect(within(screen.getByTestId('render-5')).getByTestId('render-download')).toHaveAttribute('download', 'carmen-s-tacos-2026-11-26-en-1.mp4');
    await user.click(within(screen.getByTestId('render-4')).getByTestId('render-retry'));
    await waitFor(() => expect(askedFor(api.creative.renderRetry.path)).toHaveLength(1));
    expect(askedFor(api.creative.renderRetry.path)[0]!.body).toEqual({ id: 4 });
  });

  it('shows the merchant’s answer on the card, with its words', async () => {
    queue = [draft(6, 7, '2026-11-25', { draft: 'approved', post_id: 9, merchant_answer: { state: 'changes_requested', note: 'Use the new price', time: '2026-11-27T16:00:00.000Z' } })];
    showQueue();
    const card = await screen.findByTestId('render-6');
    expect(within(card).getByTestId('render-state')).toHaveTextContent('Changes asked');
    expect(within(card).getByTestId('render-merchant-answer')).toHaveTextContent('The merchant asked for changes');
    expect(within(card).getByTestId('render-merchant-answer')).toHaveTextContent('Use the new price');
  });
});
