// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type Render } from '@nearcast/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishRenderEvent, setRenderStreamLive } from '../../../lib/render-events';
import { DraftsBoard } from './drafts-board';

const MERCHANT = 7;
const DAY = '2026-11-27';

function renderOf(id: number, patch: Partial<Render> = {}): Render {
  return {
    id,
    merchant_id: MERCHANT,
    merchant_name: 'Carmen’s Tacos',
    language: 'en',
    script_id: null,
    script: {
      title: `Taco Tuesday ${id}`,
      hook: { on_screen: 'Hungry?', spoken: '' },
      beats: [1, 2, 3].map((beat) => ({ on_screen: `Beat ${beat}`, spoken: '' })),
      call_to_action: { on_screen: 'Book today', spoken: '' },
      captions: [],
    },
    footage_ids: [],
    voice: 'none',
    music: 'auto',
    music_footage_id: null,
    state: 'queued',
    progress: 0,
    attempts: 1,
    error: null,
    notes: [],
    origin: 'plan',
    plan_date: DAY,
    draft: 'pending',
    reject_reason: '',
    post_id: null,
    merchant_answer: null,
    quality: [],
    output_footage_id: null,
    duration: null,
    video_url: null,
    cover_url: null,
    url_expires_at: null,
    timings: { queued_at: '2026-11-27T15:00:00.000Z', started_at: null, finished_at: null, render_ms: null },
    create_time: '2026-11-27T15:00:00.000Z',
    ...patch,
  };
}

const done = (id: number, patch: Partial<Render> = {}) =>
  renderOf(id, { state: 'done', progress: 100, duration: 31.6, video_url: `/files/${id}.mp4`, cover_url: `/files/${id}.jpg`, ...patch });

/** The renders the fake server holds, and what it was asked. */
let board: Render[] = [];
let listAnswer: 'ok' | 'fail' | 'hang' = 'ok';
const asked: { path: string; body: unknown }[] = [];
const askedFor = (path: string) => asked.filter((call) => call.path === path);

const server = vi.fn(
  answerApi((path, body) => {
    asked.push({ path, body });
    const id = (body as { id?: number } | null)?.id;
    const replace = (next: Render) => {
      board = board.map((render) => (render.id === next.id ? next : render));
      return { code: '200', data: next };
    };
    switch (path) {
      case api.creative.renderList.path:
        if (listAnswer === 'hang') return new Promise<never>(() => undefined);
        if (listAnswer === 'fail') return { code: '500', msg: 'Server error', data: null };
        return { code: '200', data: { list: board, total: board.length, page: 1, page_size: 100 } };
      case api.creative.renderGet.path:
        return { code: '200', data: board.find((render) => render.id === id) };
      case api.creative.renderCancel.path:
        return replace({ ...board.find((render) => render.id === id)!, state: 'cancelled' });
      case api.creative.draftApprove.path:
        return replace({ ...board.find((render) => render.id === id)!, draft: 'approved', post_id: 501 });
      case api.creative.draftReject.path:
        return replace({ ...board.find((render) => render.id === id)!, draft: 'rejected', reject_reason: (body as { reason: string }).reason });
      case api.video.connections.path:
        return { code: '200', data: { list: [], total: 0, page: 1, page_size: 1 } };
      default:
        return { code: '404', msg: `no ${path}`, data: null };
    }
  }),
);

function showBoard({ canAct = true }: { canAct?: boolean } = {}) {
  return renderInShell(
    <DraftsBoard
      merchantId={MERCHANT}
      date={DAY}
      onDateChange={() => undefined}
      today={DAY}
      canAct={canAct}
      planHint={<p>The daily plan makes 5 videos a day.</p>}
      postLink={(postId) => <a href={`?post=${postId}`}>Open post {postId}</a>}
    />,
  );
}

const card = (id: number) => screen.getByTestId(`render-${id}`);
const column = (name: string) => screen.getByTestId(`board-${name}`);
const progressOf = (id: number) => within(card(id)).getByRole('progressbar');
/**
 * The open dialog with this title. Not by its accessible name: under test antd gives every
 * dialog the same title id, so each would be named by the first one's title.
 */
const dialogNamed = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' }, { timeout: 5_000 });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog).toBeVisible();
  return dialog;
};
/** A stream event, and the query cache's notification of it (TanStack Query tells on a timer). */
const hear = (event: Parameters<typeof publishRenderEvent>[0]) =>
  act(async () => {
    publishRenderEvent(event);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative', 'video']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  board = [];
  listAnswer = 'ok';
  asked.length = 0;
});
afterEach(() => {
  act(() => setRenderStreamLive(false));
});

describe('the drafts board', () => {
  it('shows the shape of the cards while the day loads', () => {
    listAnswer = 'hang';
    showBoard();
    expect(screen.getByTestId('board-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { name: 'Drafts of the day' })).toBeInTheDocument();
  });

  it('says when a day has no video, with what the daily plan does about it', async () => {
    showBoard();
    const empty = await screen.findByTestId('board-empty');
    expect(empty).toHaveTextContent('No videos for 2026/11/27 yet');
    expect(empty).toHaveTextContent('The daily plan makes 5 videos a day.');
    expect(screen.getByTestId('board-today')).toBeDisabled();
  });

  it('says the day could not be read, and reads it again on retry', async () => {
    listAnswer = 'fail';
    board = [done(1)];
    const user = newUser();
    showBoard();
    const failed = await screen.findByTestId('board-error');
    expect(failed).toHaveTextContent('The drafts could not be loaded');

    listAnswer = 'ok';
    await user.click(within(failed).getByTestId('board-retry'));
    expect(await screen.findByTestId('render-1')).toBeInTheDocument();
    expect(screen.queryByTestId('board-error')).not.toBeInTheDocument();
  });

  it('moves a rendering card with the stream’s events, without reading it again', async () => {
    act(() => setRenderStreamLive(true));
    board = [renderOf(1, { state: 'rendering', progress: 40 }), renderOf(2)];
    showBoard();
    await screen.findByTestId('render-1');
    expect(within(column('in_progress')).getAllByRole('listitem')).toHaveLength(2);
    expect(progressOf(1)).toHaveAttribute('aria-valuenow', '40');
    expect(card(1)).toHaveTextContent('Rendering… 40%');
    expect(card(2)).toHaveTextContent('Waiting for a free renderer');
    expect(within(card(1)).getByRole('button', { name: 'Stop rendering Taco Tuesday 1' })).toBeInTheDocument();

    await hear({ id: 1, merchant_id: MERCHANT, state: 'rendering', progress: 75 });
    expect(progressOf(1)).toHaveAttribute('aria-valuenow', '75');
    expect(card(1)).toHaveTextContent('Rendering… 75%');
    // An older event arriving late does not pull the bar back; another merchant's is not ours.
    await hear({ id: 1, merchant_id: MERCHANT, state: 'rendering', progress: 60 });
    await hear({ id: 1, merchant_id: 99, state: 'rendering', progress: 90 });
    expect(progressOf(1)).toHaveAttribute('aria-valuenow', '75');
    expect(askedFor(api.creative.renderGet.path)).toHaveLength(0);

    // Done: the event has no video in it, so what is on screen is read again and the card changes column.
    board = [done(1), renderOf(2)];
    await hear({ id: 1, merchant_id: MERCHANT, state: 'done', progress: 100 });
    await waitFor(() => expect(within(column('pending')).getByTestId('render-1')).toBeInTheDocument());
    expect(within(card(1)).getByTestId('render-state')).toHaveTextContent('Awaiting review');
    expect(within(card(1)).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reads a card being made every few seconds while the stream is closed', async () => {
    board = [renderOf(1, { state: 'rendering', progress: 10 })];
    showBoard();
    await screen.findByTestId('render-1');
    board = [renderOf(1, { state: 'rendering', progress: 55 })];
    await waitFor(() => expect(progressOf(1)).toHaveAttribute('aria-valuenow', '55'), { timeout: 6_000 });
    expect(askedFor(api.creative.renderGet.path).length).toBeGreaterThan(0);
  }, 10_000);

  it('approves a finished draft into a post', async () => {
    board = [done(1)];
    const user = newUser();
    showBoard();
    await screen.findByTestId('render-1');
    expect(within(column('pending')).getByTestId('render-1')).toHaveTextContent('32 s');

    await user.click(within(card(1)).getByRole('button', { name: 'Approve Taco Tuesday 1' }));
    const dialog = await dialogNamed('Approve “Taco Tuesday 1”');
    expect(within(dialog).getByTestId('approve-no-platforms')).toHaveTextContent('The merchant has no connected account yet');
    await user.click(within(dialog).getByTestId('approve-submit'));

    await waitFor(() => expect(askedFor(api.creative.draftApprove.path)).toHaveLength(1));
    // Nothing chosen: the plan and the merchant's accounts decide.
    expect(askedFor(api.creative.draftApprove.path)[0]!.body).toEqual({ id: 1 });
    await waitFor(() => expect(within(column('approved')).getByTestId('render-1')).toBeInTheDocument());
    expect(within(card(1)).getByRole('link', { name: 'Open post 501' })).toBeInTheDocument();
    expect(within(card(1)).queryByTestId('render-approve')).not.toBeInTheDocument();
  });

  it('rejects a finished draft with a reason, which stays on its card', async () => {
    board = [done(1)];
    const user = newUser();
    showBoard();
    await screen.findByTestId('render-1');

    await user.click(within(card(1)).getByRole('button', { name: 'Reject Taco Tuesday 1' }));
    const dialog = await dialogNamed('Reject “Taco Tuesday 1”');
    await user.click(within(dialog).getByTestId('reject-submit'));
    expect(await within(dialog).findByText('Please say why')).toBeInTheDocument();
    expect(askedFor(api.creative.draftReject.path)).toHaveLength(0);

    await user.type(within(dialog).getByTestId('reject-reason'), 'The offer ended last week');
    await user.click(within(dialog).getByTestId('reject-submit'));
    await waitFor(() => expect(within(column('rejected')).getByTestId('render-1')).toBeInTheDocument());
    expect(askedFor(api.creative.draftReject.path)[0]!.body).toEqual({ id: 1, reason: 'The offer ended last week' });
    expect(within(card(1)).getByTestId('render-reject-reason')).toHaveTextContent('Rejected: The offer ended last week');
  });

  it('links each finished video’s signed download, for a reader who cannot act too, and none while it is made', async () => {
    const signed = 'https://bucket.example/renders/1.mp4?X-Amz-Signature=abc&response-content-disposition=attachment';
    board = [done(1, { download_url: signed }), renderOf(2, { state: 'rendering', progress: 40 }), renderOf(3, { state: 'failed', error: 'The clip could not be read' })];
    showBoard({ canAct: false });
    await screen.findByTestId('render-1');

    const download = within(card(1)).getByRole('link', { name: 'Download Taco Tuesday 1' });
    expect(download).toHaveAttribute('href', signed);
    expect(download).toHaveAttribute('download');
    expect(within(card(2)).queryByTestId('render-download')).not.toBeInTheDocument();
    expect(within(card(3)).queryByTestId('render-download')).not.toBeInTheDocument();
  });

  it('shows why a render failed, and gives an operator nothing to press but the preview', async () => {
    board = [renderOf(1, { state: 'failed', attempts: 3, error: 'The clip could not be read' }), done(2), renderOf(3, { state: 'rendering', progress: 20 })];
    showBoard({ canAct: false });
    await screen.findByTestId('render-1');
    expect(within(column('stopped')).getByTestId('render-1')).toBeInTheDocument();
    expect(within(card(1)).getByTestId('render-error')).toHaveTextContent('The clip could not be read (after 3 attempts)');
    for (const testId of ['render-approve', 'render-reject', 'render-cancel']) expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    expect(within(card(2)).getByRole('button', { name: 'Watch Taco Tuesday 2' })).toBeEnabled();
    expect(within(card(3)).getByTestId('render-preview')).toBeDisabled();
    // No engine output came (the reader is not staff): no technical details to unfold.
    expect(screen.queryByTestId('render-error-detail')).not.toBeInTheDocument();
  });

  it('folds the engine’s output of a failed render away under “Technical details” when the server sent it (staff)', async () => {
    const detail = 'ffmpeg ended with 254\nError opening input file <work>/clip-0.mov.';
    board = [renderOf(1, { state: 'failed', attempts: 1, error: 'The encoder stopped unexpectedly', error_detail: detail })];
    showBoard({ canAct: false });
    await screen.findByTestId('render-1');
    expect(within(card(1)).getByTestId('render-error')).toHaveTextContent('The encoder stopped unexpectedly');
    const folded = within(card(1)).getByTestId('render-error-detail');
    expect(folded.tagName).toBe('DETAILS');
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByText('Technical details (staff only)')).toBeInTheDocument();
    expect(folded.querySelector('pre')?.textContent).toBe(detail);
  });
});
