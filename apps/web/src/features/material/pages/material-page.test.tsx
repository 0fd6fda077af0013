// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type Footage, type ResponseOf } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { pick } from '../../../test/antd';
import { MaterialPage } from './material-page';

const MB = 1024 * 1024;
const GB = 1024 * MB;

function footage(id: number, name: string, patch: Partial<Footage> = {}): Footage {
  return {
    id,
    merchant_id: 7,
    merchant_name: 'Carmen’s Tacos',
    type: 'image',
    origin: 'upload',
    status: 'active',
    name,
    tags: [],
    note: '',
    mime: 'image/jpeg',
    size: 2 * MB,
    duration: null,
    width: 1080,
    height: 1920,
    codec: 'mjpeg',
    // Noon UTC: the same day in every time zone the test may run in.
    upload_time: '2026-11-20T12:00:00.000Z',
    update_time: '2026-11-20T12:00:00.000Z',
    failure_reason: null,
    file_url: `/files/${id}?sig=abc`,
    preview_url: `/files/${id}-preview?sig=abc`,
    thumbnail_url: `/files/${id}-thumb.jpg?sig=abc`,
    url_expires_at: '2026-12-01T12:00:00.000Z',
    usage: 'pending',
    usage_reason: '',
    usage_video_ids: [],
    usage_time: null,
    usage_by: null,
    ...patch,
  };
}

/** A video the studio used, a photo waiting for it, and a recording that could not be read. */
const clip = footage(21, 'Taco line.mp4', { type: 'video', mime: 'video/mp4', size: 48 * MB, duration: 42.4, codec: 'h264', usage: 'completed', tags: ['tacos', 'lunch'] });
const photo = footage(22, 'Menu board.jpg');
const voice = footage(23, 'Welcome.m4a', { type: 'audio', mime: 'audio/mp4', status: 'failed', failure_reason: '无法读取此文件', thumbnail_url: null, preview_url: null, width: null, height: null, codec: null });
const luzPhoto = footage(31, 'Pan dulce.jpg', { merchant_id: 8, merchant_name: 'Luz Bakery' });

/** A page of the library, 24 to a page. */
const libraryPage = (list: Footage[]): ResponseOf<typeof api.footage.list> => pageOf(list, { page_size: 24 });
const counts: ResponseOf<typeof api.footage.count> = { total: 3, video: 1, image: 1, audio: 1, processing: 0, active: 2, inactive: 0, failed: 1, studio: 2 };
const limit = { formats: ['jpg'], max_bytes: 20 * MB, max_seconds: null };
const storage: ResponseOf<typeof api.footage.storage> = { used_bytes: 1.5 * GB, quota_bytes: 5 * GB, plan_name: 'Growth', limits: { video: limit, image: limit, audio: limit } };

const server = new FakeApi();
const answerLibrary = (list: Footage[] = [clip, photo, voice]) =>
  server.ok(api.footage.list, libraryPage(list)).ok(api.footage.count, counts).ok(api.footage.storage, storage);

function openLibrary(search = '') {
  return renderPage(<MaterialPage />, { path: '/material', url: `/material${search}` });
}

const tileValue = (key: string) => screen.getByTestId(`tile-${key}-value`).textContent;

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'material']);
  setViewportWidth(1280);
});
beforeEach(() => {
  server.reset();
  signInAs('client', { id: 7 });
});

describe('the material center for a merchant, in Chinese', () => {
  it('shows placeholders while its library, counts and storage are read, newest first', async () => {
    server.hang(api.footage.list).hang(api.footage.count).hang(api.footage.storage);
    openLibrary();
    expect(screen.getByTestId('material-grid-loading')).toHaveAttribute('aria-busy', 'true');
    expect(within(screen.getByTestId('material-tiles')).queryByTestId('tile-total-value')).toBeNull();
    expect(within(screen.getByTestId('material-storage')).getByText('存储空间')).toBeInTheDocument();
    // The merchant uploads from here.
    expect(screen.getByTestId('material-drop')).toBeInTheDocument();
    await waitFor(() => expect(server.bodiesOf(api.footage.list)).toEqual([{ page: 1, page_size: 24, sort: 'newest' }]));
    expect(server.bodiesOf(api.footage.count)).toEqual([{}]);
    expect(server.bodiesOf(api.footage.storage)).toEqual([{}]);
  });

  it('shows each material as a card with its type, duration, status and use, and counts the library beside the storage used', async () => {
    answerLibrary();
    openLibrary();
    const grid = await screen.findByTestId('material-grid');
    expect([...grid.querySelectorAll('[data-testid^="material-card-"]')].map((card) => card.getAttribute('data-name'))).toEqual(['Taco line.mp4', 'Menu board.jpg', 'Welcome.m4a']);

    const video = screen.getByTestId('material-card-21');
    expect(video).toHaveTextContent('视频');
    expect(video).toHaveTextContent('48 MB');
    expect(video).toHaveTextContent('2026/11/20');
    expect(within(video).getByTestId('material-duration')).toHaveTextContent('0:42');
    expect(within(video).getByTestId('material-status')).toHaveTextContent('启用');
    expect(within(video).getByTestId('material-usage')).toHaveTextContent('已完成');
    // A merchant's own library does not name the merchant on every card.
    expect(video).not.toHaveTextContent('Carmen’s Tacos');

    const failed = screen.getByTestId('material-card-23');
    expect(within(failed).getByTestId('material-status')).toHaveTextContent('失败');
    // Nothing to use in a file that could not be read: no usage.
    expect(within(failed).queryByTestId('material-usage')).toBeNull();
    expect(within(screen.getByTestId('material-card-22')).getByTestId('material-usage')).toHaveTextContent('待使用');

    // The counts by type, the studio's videos apart; nothing processing, so no tile for it.
    await waitFor(() => expect(tileValue('total')).toBe('3'));
    expect([tileValue('video'), tileValue('image'), tileValue('audio'), tileValue('studio')]).toEqual(['1', '1', '1', '2']);
    expect(screen.getByTestId('tile-studio')).toHaveTextContent('工作室制作');
    expect(screen.queryByTestId('tile-processing')).toBeNull();
    const meter = screen.getByTestId('material-storage');
    expect(meter).toHaveTextContent('Growth 套餐');
    expect(within(meter).getByTestId('material-storage-text')).toHaveTextContent('已用 1.5 GB / 5 GB（30%）');
  });

  it('tells a merchant with no material yet how to start', async () => {
    answerLibrary([]);
    openLibrary();
    const empty = await screen.findByTestId('material-grid-empty');
    expect(empty).toHaveTextContent('还没有素材');
    expect(empty).toHaveTextContent('在上方拖入几段店铺的视频、照片或一段语音，工作室会把它们做成短视频。');
  });

  it('shows a failed library with the server’s reason and a retry, and the storage’s own retry', async () => {
    server
      .sequence(api.footage.list, [
        { code: '500', msg: '服务器错误', data: null },
        { code: '200', data: libraryPage([photo]) },
      ])
      .ok(api.footage.count, counts)
      .fail(api.footage.storage, '500', '服务器错误');
    openLibrary();
    const failed = await screen.findByTestId('material-grid-error');
    expect(failed).toHaveTextContent('搜索失败，请重试');
    expect(failed).toHaveTextContent('服务器错误');
    expect(await screen.findByTestId('material-storage-retry')).toBeInTheDocument();
    await newUser().click(within(failed).getByTestId('load-retry'));
    expect(await screen.findByTestId('material-card-22')).toBeInTheDocument();
  });

  it('narrows the list by type, origin and keyword, and says when nothing matches', async () => {
    server.on(api.footage.list, (body) => ({ code: '200', data: libraryPage(body.keyword ? [] : [clip]) })).ok(api.footage.count, counts).ok(api.footage.storage, storage);
    openLibrary();
    await screen.findByTestId('material-card-21');
    const user = newUser();
    await pick(user, 'filter-type', '视频');
    await waitFor(() => expect(server.bodiesOf(api.footage.list).at(-1)).toEqual({ page: 1, page_size: 24, sort: 'newest', type: 'video' }));
    // The merchant's uploads are what the server lists unless asked for the studio's videos.
    await pick(user, 'filter-origin', '工作室制作');
    await waitFor(() => expect(server.bodiesOf(api.footage.list).at(-1)).toEqual({ page: 1, page_size: 24, sort: 'newest', type: 'video', origin: 'studio' }));

    await user.type(screen.getByTestId('material-keyword').querySelector('input')!, ' salsa {Enter}');
    await waitFor(() => expect(server.bodiesOf(api.footage.list).at(-1)).toEqual({ page: 1, page_size: 24, sort: 'newest', type: 'video', origin: 'studio', keyword: 'salsa' }));
    const empty = await screen.findByTestId('material-grid-empty');
    expect(empty).toHaveTextContent('没有符合筛选条件的结果');
    // The counts are the whole library's, whatever the filters.
    expect(server.bodiesOf(api.footage.count)).toEqual([{}]);
  });

  it('switches to the list view and keeps it in the address, and opens a material’s details from a row', async () => {
    answerLibrary();
    server.ok(api.footage.get, clip);
    const { router } = openLibrary();
    await screen.findByTestId('material-grid');
    const user = newUser();
    await user.click(within(screen.getByTestId('material-view')).getByText('列表'));
    const row = await screen.findByTestId('material-row-21');
    expect(router.state.location.search).toBe('?view=list');
    expect(screen.queryByTestId('material-grid')).toBeNull();
    expect(within(row).getByTestId('material-duration')).toHaveTextContent('0:42');
    expect(row).toHaveTextContent('tacos, lunch');

    await user.click(within(row).getByTestId('row-open'));
    const facts = await screen.findByTestId('material-facts');
    expect(server.bodiesOf(api.footage.get)).toEqual([{ id: 21 }]);
    expect(within(facts).getByTestId('material-detail-duration')).toHaveTextContent('0:42');
    expect(screen.getByTestId('material-name')).toHaveValue('Taco line.mp4');
  });
});

describe('the material center for the super admin, in Chinese', () => {
  beforeEach(() => signInAs('super'));

  it('lists every merchant’s materials with whose each is, without an uploader or a storage read', async () => {
    answerLibrary([clip, luzPhoto]);
    openLibrary();
    const grid = await screen.findByTestId('material-grid');
    expect(within(grid).getByTestId('material-card-31')).toHaveTextContent('Luz Bakery');
    expect(within(grid).getByTestId('material-card-21')).toHaveTextContent('Carmen’s Tacos');
    expect(screen.getByText('所有商家的素材库。选择一个商家即可查看其存储用量。')).toBeInTheDocument();
    expect(screen.queryByTestId('material-drop')).toBeNull();
    expect(screen.queryByTestId('material-storage')).toBeNull();
    expect(server.bodiesOf(api.footage.storage)).toEqual([]);
  });

  it('says when no merchant has uploaded anything yet', async () => {
    answerLibrary([]);
    openLibrary();
    expect(await screen.findByTestId('material-grid-empty')).toHaveTextContent('还没有商家上传素材');
  });

  it('narrows the library, its counts and its storage to the merchant picked', async () => {
    answerLibrary([clip, luzPhoto]);
    server.ok(api.client.all, { list: [{ id: 7, name: 'Carmen’s Tacos', email: 'client@example.com' }, { id: 8, name: 'Luz Bakery', email: 'luz@example.com' }] });
    openLibrary();
    await screen.findByTestId('material-grid');
    await pick(newUser(), 'filter-merchant', 'Luz Bakery');
    await waitFor(() => expect(server.bodiesOf(api.footage.list).at(-1)).toEqual({ page: 1, page_size: 24, sort: 'newest', merchant_id: 8 }));
    await waitFor(() => expect(server.bodiesOf(api.footage.count).at(-1)).toEqual({ merchant_id: 8 }));
    expect(await screen.findByTestId('material-storage-text')).toHaveTextContent('已用 1.5 GB / 5 GB（30%）');
    expect(server.bodiesOf(api.footage.storage)).toEqual([{ merchant_id: 8 }]);
  });
});
