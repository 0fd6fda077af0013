// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage, setViewportWidth } from '../../../test/dom';
import { api } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedeemButton } from './redeem-button';

let redemptions = 0;
const keys: (string | null)[] = [];
const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname.replace(/^\/api/, '');
  if (path === api.attribution.redemptionAdd.path) {
    keys.push(new Headers(init?.headers).get('Idempotency-Key'));
    redemptions += 1;
  }
  return answerApi((called) =>
    called === api.attribution.linkGet.path
      ? {
          code: '200',
          data: { post_id: 41, merchant_id: 7, code: 'k3x9m2pq', url: 'https://near.example/go/k3x9m2pq', target_url: 'https://taqueria.example', coupon_code: 'TACO5', visits: 12, redemptions, expire_time: '2027-12-01T00:00:00.000Z', expired: false },
        }
      : called === api.attribution.redemptionAdd.path
        ? { code: '200', data: { redemption: { id: 1, code: 'k3x9m2pq', post_id: 41, merchant_id: 7, coupon_code: 'TACO5', recorded_by_id: 7, create_time: '2026-12-02T12:00:00.000Z' }, redemptions } }
        : { code: '404', msg: `no ${called}`, data: null },
  )(input, init);
});

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'video']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => vi.unstubAllGlobals());

describe('the post’s short link', () => {
  it('shows the link, its visits and coupon, and records a redemption in two taps with one key', async () => {
    setViewportWidth(375);
    const user = newUser();
    renderInShell(<RedeemButton postId={41} />);
    expect(await screen.findByText('https://near.example/go/k3x9m2pq')).toBeInTheDocument();
    expect(screen.getByTestId('short-link-visits-41')).toHaveTextContent('12 visits');
    expect(screen.getByText('Coupon TACO5')).toBeInTheDocument();
    await user.click(screen.getByTestId('redeem-41'));
    expect(redemptions).toBe(0);
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    await waitFor(() => expect(redemptions).toBe(1));
    expect(keys[0]).toMatch(/.{16,}/);
    await waitFor(() => expect(screen.getByTestId('short-link-redemptions-41')).toHaveTextContent('1 redeemed'));
  });
});
