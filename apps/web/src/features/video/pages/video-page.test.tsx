// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import {
  api,
  type Role,
  type VideoConnection,
  type VideoMetrics,
  type VideoPost,
  type VideoPublishJob,
  type VideoStats,
} from '@nearcast/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, type Envelope, useFakeApi } from '../../../test/page';
import { pick } from '../../../test/antd';
import { VideoPage } from './video-page';

// ——— Contract-typed answers ———

const metrics = (plays: number | null, likes: number | null = null): VideoMetrics => ({ plays, likes, comments: 4, shares: 0, collections: null });

function job(id: number, platform: VideoPublishJob['platform'], state: VideoPublishJob['state'], patch: Partial<VideoPublishJob> = {}): VideoPublishJob {
  return {
    id,
    platform,
    sandbox: false,
    mode: 'api',
    language: 'es',
    state,
    url: state === 'approved' ? `https://${platform}.example/${id}` : null,
    reason: null,
    private_only: false,
    attempts: 1,
    run_after: null,
    deferred_reason: null,
    published_at: state === 'approved' ? '2026-11-20T18:05:00.000Z' : null,
    approved_at: state === 'approved' ? '2026-11-20T18:30:00.000Z' : null,
    metrics: metrics(state === 'approved' ? 12_400 : null),
    metrics_at: null,
    ...patch,
  };
}

function post(id: number, patch: Partial<VideoPost> = {}): VideoPost {
  return {
    id,
    merchant_id: 7,
    merchant_name: 'Carmen’s Tacos',
    title: `Post ${id}`,
    footage_id: 900 + id,
    file_name: `post-${id}.mp4`,
    file_size: 8_400_000,
    duration: 24,
    thumbnail_url: null,
    captions: [{ language: 'es', caption: 'Martes de tacos', hashtags: ['tacos'] }],
    platform_captions: [],
    language: 'es',
    platforms: ['youtube', 'tiktok'],
    status: 'done',
    approval: 'not_required',
    approval_comment: null,
    approval_at: null,
    scheduled_at: null,
    released_at: '2026-11-20T18:00:00.000Z',
    created_by: 'Demo studio',
    create_time: '2026-11-19T10:00:00.000Z',
    update_time: '2026-11-20T18:30:00.000Z',
    jobs: [],
    totals: metrics(null),
    ...patch,
  };
}

// Done, with a failed platform: neither post is still moving, so the list does not poll.
const tacoTuesday = post(501, {
  title: 'Taco Tuesday',
  // Given out of the spec's order: the row lists TikTok before YouTube all the same.
  jobs: [job(11, 'youtube', 'approved'), job(12, 'tiktok', 'failed', { reason: 'Video too short' })],
  totals: metrics(12_400, 310),
});
// Waits for its time and the merchant's approval: no jobs yet, its platforms listed instead.
const deadBread = post(502, {
  merchant_id: 8,
  merchant_name: 'Luz Bakery',
  title: 'Pan de muerto',
  status: 'scheduled',
  approval: 'pending',
  platforms: ['instagram', 'tiktok'],
  released_at: null,
  scheduled_at: '2026-12-02T17:00:00.000Z',
});

const postsPage = (list: VideoPost[]) => ({ ...pageOf(list), capped: false });

function connection(merchant: number, platform: VideoConnection['platform'], state: VideoConnection['state'], patch: Partial<VideoConnection> = {}): VideoConnection {
  const connected = state !== 'not_connected';
  return {
    id: connected ? merchant * 100 + platform.length : null,
    merchant_id: merchant,
    platform,
    state,
    sandbox: platform === 'sandbox',
    mode: 'api',
    account_name: connected ? `@${platform}-${merchant}` : null,
    connected_at: connected ? '2026-10-01T09:00:00.000Z' : null,
    expires_at: connected ? '2027-01-10T09:00:00.000Z' : null,
    last_error: null,
    ...patch,
  };
}

const connectionsPage = {
  list: [
    {
      merchant_id: 7,
      merchant_name: 'Carmen’s Tacos',
      // Out of order on purpose: the card shows them in the spec's platform order.
      connections: [connection(7, 'sandbox', 'connected'), connection(7, 'youtube', 'connected'), connection(7, 'tiktok', 'not_connected')],
    },
    {
      merchant_id: 8,
      merchant_name: 'Luz Bakery',
      connections: [connection(8, 'instagram', 'needs_reconnect', { last_error: 'The user revoked access' })],
    },
  ],
  total: 2,
  page: 1,
  page_size: 10,
};

const stats: VideoStats = {
  range: '30d',
  videos: 14,
  totals: { plays: 48_200, likes: 1_250, comments: 310, shares: 0, collections: null },
  platforms: [],
};

// A page this size takes more than Testing Library's one second to draw on a busy machine (the
// suite runs beside other jobs on two cores): waits give it longer. A broken page still fails.
configure({ asyncUtilTimeout: 4000 });

const server = new FakeApi();

/** What every render of the page reads besides the tab under test. */
function answerTheFrame() {
  server
    .reset()
    .ok(api.creative.renderList, { list: [], total: 0, page: 1, page_size: 100, by_merchant: [] })
    .ok(api.client.all, {
      list: [
        { id: 7, name: 'Carmen’s Tacos', email: 'carmen@example.com' },
        { id: 8, name: 'Luz Bakery', email: 'luz@example.com' },
      ],
    })
    .ok(api.video.platforms, { list: [] })
    .ok(api.video.stats, stats)
    // The insights and learning panels below the tabs have their own tests: left loading here.
    .hang(api.creative.insightsGet)
    .hang(api.creative.learningGet)
    .hang(api.video.get)
    .ok(api.video.list, postsPage([tacoTuesday, deadBread]))
    .ok(api.video.connections, connectionsPage);
}

const TAB_KEYS = ['queue', 'production', 'posts', 'calendar', 'connections'] as const;
const tabKeys = () => TAB_KEYS.filter((key) => screen.queryByTestId(`video-tab-${key}`) !== null);
const tabOf = (key: (typeof TAB_KEYS)[number]) => screen.getByTestId(`video-tab-${key}`).closest<HTMLElement>('[role="tab"]')!;
const activeTab = () => TAB_KEYS.find((key) => screen.queryByTestId(`video-tab-${key}`) && tabOf(key).getAttribute('aria-selected') === 'true');
/** The open tab's panel (the others are hidden, or gone once left: destroyOnHidden). */
const openPanel = () => document.querySelector<HTMLElement>('[role="tabpanel"][aria-hidden="false"]')!;

function open(url = '/video', role: Role = 'studio') {
  signInAs(role);
  return renderPage(<VideoPage />, { path: '/video', url });
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'video', 'creative']);
});
beforeEach(() => {
  setViewportWidth(1280);
  answerTheFrame();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the video page: tabs per role, in Spanish', () => {
  const STAFF_SUBTITLE = 'Las cuentas, publicaciones y cifras de todos los comercios.';
  it.each<[Role, string, string[], string]>([
    ['super', '/video', ['queue', 'production', 'posts', 'calendar', 'connections'], 'queue'],
    ['admin', '/video', ['queue', 'production', 'posts', 'calendar', 'connections'], 'queue'],
    ['studio', '/video', ['queue', 'production', 'posts', 'calendar', 'connections'], 'queue'],
    // An operator reviews nothing: an address naming the queue opens its first tab instead.
    ['operator', '/video?tab=queue', ['production', 'posts', 'calendar', 'connections'], 'posts'],
  ])('shows %s at %s the tabs %j and opens on %s', async (role, url, tabs, first) => {
    open(url, role);
    expect(tabKeys()).toEqual(tabs);
    expect(activeTab()).toBe(first);
    expect(document.querySelector('[role="tablist"]')!.textContent).toBe(
      (role === 'operator' ? [] : ['Cola de revisión']).concat(['Producción', 'Publicaciones', 'Calendario', 'Cuentas']).join(''),
    );
    const staff = role === 'super' || role === 'admin';
    // Staff read one merchant's numbers here, the whole platform's on the dashboard.
    expect(screen.queryByText(STAFF_SUBTITLE) !== null).toBe(staff);
    expect(screen.queryByTestId('video-stats-pick') !== null).toBe(staff);
    expect(screen.queryByTestId('video-stats') !== null).toBe(!staff);
    if (staff) {
      expect(within(screen.getByTestId('video-stats-pick')).getByRole('link', { name: 'Abrir el panel' })).toHaveAttribute('href', '/dashboard');
      await waitFor(() => expect(server.bodiesOf(api.video.platforms)).toHaveLength(1));
      expect(server.bodiesOf(api.video.stats)).toEqual([]);
    }
    if (role === 'operator') {
      expect(await screen.findByTestId('post-501')).toBeInTheDocument();
      expect(server.bodiesOf(api.creative.renderList)).toEqual([]);
    }
  });

  it('opens a studio on the review queue with its numbers below, and leaves the posts unread until their tab opens', async () => {
    open();
    expect(await screen.findByTestId('queue-empty')).toHaveTextContent('No hay borradores por revisar');
    expect(server.bodiesOf(api.creative.renderList)[0]).toMatchObject({ review: 'pending', sort: 'plan_day' });
    expect(screen.getByText(/Conecta las cuentas de tus comercios/)).toBeInTheDocument();
    // Every merchant the studio serves, over the last 30 days.
    await waitFor(() => expect(screen.getByTestId('tile-videos-value')).toHaveTextContent('14'));
    expect(screen.getByTestId('tile-plays-value')).toHaveTextContent('48,2 mil');
    expect(screen.getByTestId('tile-collections-value')).toHaveTextContent('n/d');
    expect(server.bodiesOf(api.video.stats)).toEqual([{ range: '30d' }]);
    expect(server.bodiesOf(api.video.list)).toEqual([]);
  });

  it('writes the tab in the address, in place, dropping the production section and keeping the merchant', async () => {
    const user = newUser();
    server.on(api.video.list, (body) => ({ code: '200', data: postsPage(body.merchant_id === 8 ? [] : [tacoTuesday, deadBread]) }));
    const { router } = open('/video?tab=production&view=setup');
    // No merchant picked: the production line asks for one.
    expect(await screen.findByTestId('production-pick')).toHaveTextContent('Elige un comercio para abrir su producción');

    await user.click(tabOf('posts'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=posts'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByTestId('post-501')).toBeInTheDocument();

    // The first tab is the bare address.
    await user.click(tabOf('queue'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('queue-empty')).toBeInTheDocument();

    await pick(user, within(screen.getByTestId('video-merchant')).getByRole('combobox'), 'Luz Bakery');
    await waitFor(() => expect(router.state.location.search).toBe('?merchant=8'));
    await user.click(tabOf('posts'));
    await waitFor(() => expect(router.state.location.search).toBe('?merchant=8&tab=posts'));
    // One merchant's posts: a merchant with none has nothing matching, not nothing at all.
    expect(await within(openPanel()).findByText('Nada coincide con estos filtros')).toBeInTheDocument();
    expect(server.bodiesOf(api.video.list).at(-1)).toEqual({ merchant_id: 8, page: 1, page_size: 20, sort: 'newest' });
  });
});

describe('the posts tab', () => {
  it('lists the posts with each platform’s status, in the spec’s platform order, and opens one by its address', async () => {
    const user = newUser();
    const { router } = open('/video?tab=posts');
    const row = await screen.findByTestId('post-501');
    expect(server.bodiesOf(api.video.list)).toEqual([{ page: 1, page_size: 20, sort: 'newest' }]);
    const rows = within(screen.getByTestId('video-posts')).getAllByTestId(/^post-/);
    expect(rows.map((item) => item.getAttribute('data-testid'))).toEqual(['post-501', 'post-502']);

    // No merchant picked: each row names its merchant.
    expect(row).toHaveTextContent('Carmen’s Tacos');
    expect(within(row).getByTestId('video-post-status')).toHaveTextContent('Terminada');
    expect(within(row).queryByTestId('video-post-approval')).toBeNull();
    expect(within(row).getAllByTestId(/^row-job-/).map((item) => [item.getAttribute('data-testid'), item.textContent])).toEqual([
      ['row-job-tiktok', 'TikTokFallida'],
      ['row-job-youtube', 'YouTubeTodo aprobado'],
    ]);
    expect(row).toHaveTextContent('12,4 mil');

    const waiting = screen.getByTestId('post-502');
    expect(waiting).toHaveTextContent('Luz Bakery');
    expect(within(waiting).getByTestId('video-post-status')).toHaveTextContent('Programada');
    expect(within(waiting).getByTestId('video-post-approval')).toHaveTextContent('Pendiente de aprobación');
    expect(within(waiting).getAllByTestId(/^row-platform-/).map((item) => item.textContent)).toEqual(['TikTok', 'Instagram']);
    // No platform has counted it: not available, never 0.
    expect(waiting).toHaveTextContent('n/d');

    // A post opens as its own entry in the history, so Back closes it.
    await user.click(within(row).getByRole('button', { name: 'Abrir Taco Tuesday' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=posts&post=501'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(server.bodiesOf(api.video.get)).toEqual([{ id: 501 }]));
  });

  it('asks for one status when filtered, says when nothing matches, and asks for all again on reset', async () => {
    const user = newUser();
    server.on(api.video.list, (body) => ({ code: '200', data: postsPage(body.status === 'cancelled' ? [] : [tacoTuesday, deadBread]) }));
    open('/video?tab=posts');
    await screen.findByTestId('post-501');

    await pick(user, within(screen.getByTestId('video-filter-status')).getByRole('combobox'), 'Cancelada');
    await waitFor(() => expect(server.bodiesOf(api.video.list).at(-1)).toEqual({ status: 'cancelled', page: 1, page_size: 20, sort: 'newest' }));
    expect(await within(openPanel()).findByText('Nada coincide con estos filtros')).toBeInTheDocument();
    expect(screen.queryByTestId('post-501')).toBeNull();

    await user.click(screen.getByTestId('filter-reset'));
    expect(await screen.findByTestId('post-501')).toBeInTheDocument();
    expect(server.bodiesOf(api.video.list).at(-1)).toEqual({ page: 1, page_size: 20, sort: 'newest' });
  });

  it('shows the posts loading, then why they failed, and after a retry what would fill an empty list', async () => {
    const user = newUser();
    let answer: (envelope: Envelope) => void = () => undefined;
    server.on(api.video.list, (_, call) =>
      call === 0 ? new Promise<Envelope>((resolve) => (answer = resolve)) : { code: '200', data: postsPage([]) },
    );
    open('/video?tab=posts');
    const table = await screen.findByTestId('video-posts');
    // The table's spinner over a placeholder, not the empty state.
    await waitFor(() => expect(table.closest('.nc-table')!.querySelector('.ant-spin-spinning')).toHaveAttribute('aria-busy', 'true'));
    expect(table.querySelector('.nc-table__placeholder')).not.toBeNull();
    expect(within(table).queryByText('Aún no hay publicaciones')).toBeNull();

    answer({ code: '500', msg: 'El servidor no responde', data: null });
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('No se pudieron cargar las publicaciones.');
    expect(failed).toHaveTextContent('El servidor no responde');

    await user.click(within(failed).getByTestId('list-retry'));
    const panel = openPanel();
    expect(await within(panel).findByText('Aún no hay publicaciones')).toBeInTheDocument();
    expect(within(panel).getByText('Redacta la primera: elige un comercio, un vídeo y sus textos.')).toBeInTheDocument();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(server.bodiesOf(api.video.list)).toHaveLength(2);
  });
});

describe('the accounts tab', () => {
  it('shows each merchant’s accounts in the spec’s order, and sends the browser to a platform to connect one', async () => {
    const user = newUser();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    server.ok(api.video.connect, { authorize_url: 'https://www.tiktok.example/auth?state=abc', expires_at: '2026-12-01T10:10:00.000Z' });
    open('/video?tab=connections');
    const carmen = await screen.findByTestId('video-connections-7');
    expect(server.bodiesOf(api.video.connections)).toEqual([{ page: 1, page_size: 10 }]);
    expect(carmen).toHaveTextContent('Cuentas de Carmen’s Tacos');
    const platforms = within(carmen).getAllByTestId(/^connection-/).filter((item) => item.tagName === 'LI');
    expect(platforms.map((item) => [item.getAttribute('data-testid'), within(item).getByTestId('video-connection-state').textContent])).toEqual([
      ['connection-tiktok', 'Sin conectar'],
      ['connection-youtube', 'Conectada'],
      ['connection-sandbox', 'Conectada'],
    ]);
    expect(within(platforms[1]!).getByTestId('connection-account')).toHaveTextContent('@youtube-7');
    expect(within(platforms[2]!).getByTestId('video-sandbox')).toHaveTextContent('Sandbox');
    // Only an account that is not connected, or must be connected again, offers a button.
    expect(within(platforms[1]!).queryByRole('button', { name: /Conectar|Reconectar/ })).toBeNull();
    const luz = screen.getByTestId('video-connections-8');
    expect(within(luz).getByTestId('connect-instagram')).toHaveTextContent('Reconectar');
    expect(luz).toHaveTextContent('The user revoked access');

    await user.click(within(carmen).getByTestId('connect-tiktok'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.tiktok.example/auth?state=abc'));
    expect(server.bodiesOf(api.video.connect)).toEqual([{ merchant_id: 7, platform: 'tiktok' }]);
  });

  it('shows the accounts loading, then why they failed, and after a retry that the scope has no merchant', async () => {
    const user = newUser();
    let answer: (envelope: Envelope) => void = () => undefined;
    server.on(api.video.connections, (_, call) =>
      call === 0 ? new Promise<Envelope>((resolve) => (answer = resolve)) : { code: '200', data: { list: [], total: 0, page: 1, page_size: 10 } },
    );
    open('/video?tab=connections');
    await waitFor(() => expect(openPanel().querySelector('.ant-skeleton')).not.toBeNull());
    expect(screen.queryByTestId('video-connections')).toBeNull();

    answer({ code: '500', msg: 'Base de datos ocupada', data: null });
    const failed = await screen.findByTestId('video-connections-error');
    expect(failed).toHaveTextContent('No se pudieron cargar las cuentas.');
    expect(failed).toHaveTextContent('Base de datos ocupada');

    await user.click(within(failed).getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByTestId('video-connections-empty')).toHaveTextContent('No se encontró ningún comercio');
    expect(openPanel().querySelector('.ant-skeleton')).toBeNull();
  });
});
