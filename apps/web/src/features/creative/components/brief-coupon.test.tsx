// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type Brief } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BriefForm } from './brief-form';

const empty = { en: '', es: '', zh: '' };
const brief: Brief = {
  merchant_id: 7,
  merchant_name: 'Carmen’s Tacos',
  shop_name: 'Carmen’s Tacos',
  category: 'restaurant',
  address: '12 Main St',
  phone: '',
  hours: { ...empty },
  offer: { en: '2-for-1 tacos', es: '', zh: '' },
  call_to_action: { ...empty },
  translated: { hours: [], offer: [], call_to_action: [] },
  link: '',
  coupon_code: '',
  tone: 'friendly',
  brand_colors: { primary: '#7c5cff', accent: '#22d3ee' },
  logo_footage_id: null,
  music: 'auto',
  music_footage_id: null,
  voice: 'none',
  languages: ['en'],
  update_time: '2026-11-30T10:00:00.000Z',
};

const asked: { path: string; body: unknown }[] = [];

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerApi((path, body) => {
        asked.push({ path, body });
        if (path === api.creative.briefGet.path) return { code: '200', data: brief };
        if (path === api.creative.briefUpdate.path) return { code: '200', data: { ...brief, coupon_code: (body as { coupon_code?: string }).coupon_code ?? '' } };
        return { code: '404', msg: `no ${path}`, data: null };
      }),
    ),
  );
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  asked.length = 0;
});

const updates = () => asked.filter((call) => call.path === api.creative.briefUpdate.path);

describe('the brief’s coupon', () => {
  it('refuses a code the contract refuses, with its message, then saves a good one', async () => {
    await setLanguage('en-US', ['common', 'creative', 'video']);
    const user = newUser();
    renderInShell(<BriefForm merchantId={7} editable listable={false} />);
    const box = await screen.findByTestId('brief-coupon_code');
    expect(screen.getByLabelText('Coupon code (optional)')).toBe(box);

    await user.type(box, 'TACO 5!');
    await user.click(screen.getByTestId('brief-save'));
    expect(await screen.findByText('A coupon code is letters, digits and dashes, at most 24')).toBeInTheDocument();
    expect(updates()).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'TACO-5');
    await user.click(screen.getByTestId('brief-save'));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]!.body).toMatchObject({ merchant_id: 7, coupon_code: 'TACO-5' });
    expect(await screen.findByText('The brief is saved.')).toBeInTheDocument();
  });

  it('speaks the reader’s language, the contract’s message too', async () => {
    await setLanguage('es-ES', ['common', 'creative', 'video']);
    const user = newUser();
    renderInShell(<BriefForm merchantId={7} editable listable={false} />);
    const box = await screen.findByLabelText('Código de cupón (opcional)');
    await user.type(box, 'ñ');
    await user.click(screen.getByTestId('brief-save'));
    expect(await screen.findByText('Un cupón lleva letras, números y guiones, como máximo 24')).toBeInTheDocument();
    await setLanguage('en-US', ['common', 'creative', 'video']);
  });
});
