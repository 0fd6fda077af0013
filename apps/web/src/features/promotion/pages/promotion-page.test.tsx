// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type PromotionStats, type ResponseOf } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { PromotionPage } from './promotion-page';

type PromotionLink = ResponseOf<typeof api.promotion.link>;

// A studio's link signs up merchants; an agent's link signs up studios.
const studioLink: PromotionLink = { code: 'SOL2026', url: 'https://nearcast.example/join?ref=SOL2026', join_type: 'business', signups: 1234 };
const agentLink: PromotionLink = { code: 'AGT7', url: 'https://nearcast.example/join?ref=AGT7', join_type: 'studio', signups: 3 };

const stats = (visits: number): PromotionStats => ({
  account_id: 1,
  code: studioLink.code,
  days: visits ? [{ day: '2026-11-30', visits, scans: 10, signups: 30, paid: 6, commission_cents: 12_550 }] : [],
  totals: { visits, scans: visits ? 10 : 0, signups: visits ? 30 : 0, paid: visits ? 6 : 0, commission_cents: visits ? 12_550 : 0 },
});

const server = new FakeApi();

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'promotion']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('studio');
  server.reset().ok(api.promotion.link, studioLink).ok(api.promotion.stats, stats(0));
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'isSecureContext', { value: undefined, configurable: true });
});

const show = () => renderPage(<PromotionPage />, { path: '/promotion' });

describe('the promotion tool', () => {
  it('shows placeholders while the link is read', async () => {
    server.hang(api.promotion.link);
    show();
    expect(await screen.findByTestId('promotion-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('promotion-link')).toBeNull();
  });

  it('says the link could not be read, and reads it again on retry', async () => {
    server.sequence(api.promotion.link, [
      { code: '500', msg: '服务器繁忙', data: null },
      { code: '200', data: studioLink },
    ]);
    show();
    const failed = await screen.findByTestId('load-failed');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙');
    expect(failed).toHaveTextContent('无法加载你的推广链接。');
    await newUser().click(within(failed).getByTestId('promotion-retry'));
    expect(await screen.findByTestId('promotion-link')).toHaveValue(studioLink.url);
  });

  it('gives a studio its link, who it signs up and how many did, and a QR code of the same link marked as scanned', async () => {
    show();
    expect(await screen.findByTestId('promotion-link')).toHaveValue(studioLink.url);
    expect(screen.getByTestId('promotion-code')).toHaveTextContent('SOL2026');
    expect(screen.getByTestId('promotion-signups')).toHaveTextContent('1,234');
    expect(screen.getByTestId('promotion-audience')).toHaveTextContent('通过此链接注册的店主将成为由你的工作室服务的商家。');
    expect(screen.getByText('商家')).toBeInTheDocument();
    expect(screen.getByTestId('qr-link')).toHaveValue('https://nearcast.example/join?ref=SOL2026&src=qr');
  });

  it('tells an agent its link signs up studios, and staff that theirs places nobody under them', async () => {
    signInAs('partner');
    server.ok(api.promotion.link, agentLink);
    const { unmount } = show();
    expect(await screen.findByTestId('promotion-audience')).toHaveTextContent('通过此链接注册的 AI 工作室将加入你的代理团队。');
    expect(screen.getByText('AI 工作室')).toBeInTheDocument();
    unmount();

    signInAs('admin');
    server.ok(api.promotion.link, studioLink);
    show();
    expect(await screen.findByTestId('promotion-audience')).toHaveTextContent('通过此链接注册的店主将以商家身份加入平台。');
  });

  it('copies the link, and says when the browser refused', async () => {
    const user = newUser();
    // The Clipboard API is only there on a secure page.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    show();
    await user.click(await screen.findByTestId('copy-link'));
    expect(await screen.findByText('链接已复制')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(studioLink.url);
    // Refused, and no older copy command to fall back on.
    await user.click(screen.getByTestId('copy-link'));
    expect(await screen.findByText('复制失败')).toBeInTheDocument();
  });

  it('asks for a link before it draws a code, and for a code before the download', async () => {
    const user = newUser();
    show();
    const link = await screen.findByTestId('qr-link');
    await user.click(screen.getByTestId('qr-download'));
    expect(await screen.findByText('请先生成二维码')).toBeInTheDocument();
    await user.clear(link);
    await user.click(screen.getByTestId('qr-generate'));
    expect(await screen.findByText('请输入链接')).toBeInTheDocument();
    expect(screen.getByTestId('qr-preview')).toHaveAttribute('data-generated', 'false');
  });

  it('draws the code at the chosen size and downloads it as a PNG named after the code', async () => {
    const user = newUser();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:qr');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    show();
    // happy-dom draws nothing: the canvas gets a 2D context that records, and a PNG of a few bytes.
    const canvas = (await screen.findByTestId('qr-canvas')) as HTMLCanvasElement;
    const fillRect = vi.fn();
    Object.assign(canvas, {
      getContext: () => ({ fillStyle: '', fillRect }),
      toBlob: (done: BlobCallback) => done(new Blob(['png'], { type: 'image/png' })),
    });
    await user.click(screen.getByTestId('qr-size-512'));
    expect(screen.getByText('PNG 尺寸为 512 × 512 像素')).toBeInTheDocument();
    await user.click(screen.getByTestId('qr-generate'));
    const preview = screen.getByTestId('qr-preview');
    await waitFor(() => expect(preview).toHaveAttribute('data-generated', 'true'));
    expect(preview).toHaveAttribute('data-size', '512');
    expect(canvas.width).toBe(512);
    expect(fillRect).toHaveBeenCalledWith(0, 0, 512, 512);
    expect(canvas).toHaveAccessibleName('https://nearcast.example/join?ref=SOL2026&src=qr 的二维码');
    expect(within(preview).getByText('PNG，512 × 512 像素')).toBeInTheDocument();

    await user.click(screen.getByTestId('qr-download'));
    expect(await screen.findByText('二维码已下载')).toBeInTheDocument();
    expect(saved).toEqual(['nearcast-qr-SOL2026-512.png']);

    // A changed link makes the code out of date: it must be drawn again.
    await user.type(screen.getByTestId('qr-link'), 'x');
    expect(preview).toHaveAttribute('data-generated', 'false');
  });

  it('shows what the link brought over the last 30 days, step by step, and another range on request', async () => {
    const user = newUser();
    server.on(api.promotion.stats, (body) => ({ code: '200', data: stats(body.days === 7 ? 0 : 120) }));
    show();
    const funnel = await screen.findByTestId('promotion-funnel');
    expect(within(funnel).getByTestId('funnel-visits-value')).toHaveTextContent('120');
    expect(within(funnel).getByTestId('funnel-visits')).toHaveTextContent('10 位来自二维码');
    expect(within(funnel).getByTestId('funnel-signups')).toHaveTextContent('占上一步的 25%');
    expect(within(funnel).getByTestId('funnel-paid')).toHaveTextContent('占上一步的 20%');
    expect(within(funnel).getByTestId('funnel-commission-value')).toHaveTextContent('$125.50');
    expect(within(funnel).getByTestId('funnel-chart')).toHaveAccessibleName('该时段共 120 位访客，按天显示');
    expect(server.bodiesOf(api.promotion.stats)).toEqual([{ days: 30 }]);

    await user.click(screen.getByTestId('funnel-days-7'));
    expect(await screen.findByTestId('funnel-empty')).toHaveTextContent('该时段暂无访客。分享您的链接或二维码：每位访客每天计一次。');
    expect(server.bodiesOf(api.promotion.stats).at(-1)).toEqual({ days: 7 });
    // No visitors, no rate of nothing.
    expect(screen.getByTestId('funnel-signups')).not.toHaveTextContent('%');
  });

  it('offers a retry when the funnel could not be read', async () => {
    server.sequence(api.promotion.stats, [
      { code: '500', msg: '服务器繁忙', data: null },
      { code: '200', data: stats(0) },
    ]);
    show();
    await newUser().click(await screen.findByTestId('funnel-retry'));
    expect(await screen.findByTestId('funnel-empty')).toBeInTheDocument();
  });
});
