// @vitest-environment happy-dom
import { setLanguage } from '../../../test/dom';
import { api, INFO_STATUS, PAY_STATUS } from '@nearcast/contract';
import { act, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../../lib/storage';
import { FakeApi, renderPage, signInAs, userOf, useFakeApi } from '../../../test/page';
import { PENDING_POLL_MS } from '../api/verify-payment';
import { PaymentPage } from './payment-page';
import { growthOrder } from './test-fixtures';

const server = new FakeApi();
const show = (search = '?session_id=cs_test_41') => renderPage(<PaymentPage />, { path: '/payment', url: `/payment${search}` });

/** The buyer as the verification returns it: paid now, until the date the three periods reach. */
const paidBuyer = userOf('client', { pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.incomplete, expire_time: '2027-03-01T12:00:00.000Z' });

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'payment']);
});
beforeEach(() => {
  server.reset();
  signInAs('client', { pay_status: PAY_STATUS.unpaid, info_status: INFO_STATUS.incomplete });
});

describe('the payment result, in Spanish', () => {
  it('says a link without a session is not valid, and asks nothing', async () => {
    show('');
    const invalid = await screen.findByTestId('payment-invalid');
    expect(within(invalid).getByTestId('payment-title')).toHaveTextContent('Enlace de pago no válido');
    expect(within(invalid).getByTestId('payment-message')).toHaveTextContent('No se detectó un session_id válido');
    expect(within(invalid).getByTestId('payment-plans')).toHaveAttribute('href', '/plans');
    expect(server.calls).toEqual([]);
  });

  it('shows the payment being verified while the answer is on its way', async () => {
    server.hang(api.payment.callback);
    show();
    const verifying = await screen.findByTestId('payment-verifying');
    expect(verifying).toHaveTextContent('Verificando tu pago…');
    expect(verifying).toHaveTextContent('Solo tarda unos segundos.');
    expect(server.bodiesOf(api.payment.callback)).toEqual([{ session_id: 'cs_test_41' }]);
  });

  it('shows a paid order in Spanish money style, stores the paid buyer and sends a new one to complete its profile', async () => {
    server.ok(api.payment.callback, { status: 'paid', order: growthOrder, user: paidBuyer });
    show();
    const success = await screen.findByTestId('payment-success');
    expect(within(success).getByTestId('payment-title')).toHaveTextContent('Pago realizado');
    expect(success).toHaveTextContent('¡Gracias! Un último paso: completa tu perfil para que podamos empezar.');
    expect(within(success).getByTestId('payment-package')).toHaveTextContent('Local Growth');
    expect(within(success).getByTestId('payment-amount')).toHaveTextContent('2897,00 $');
    // Three periods of 30 days.
    expect(success).toHaveTextContent('90 días');
    expect(within(success).getByTestId('payment-expiry')).toHaveTextContent('2027/03/01');
    expect(within(success).getByTestId('payment-complete-profile')).toHaveAttribute('href', '/settle');
    expect(within(success).getByTestId('payment-complete-profile')).toHaveTextContent('Completar tu perfil');
    // The route guard reads the stored user: it must now see the account paid.
    expect(getStoredUser()).toMatchObject({ pay_status: PAY_STATUS.paid, expire_time: '2027-03-01T12:00:00.000Z' });
  });

  it('sends a buyer whose profile is complete to the dashboard, and gives an add-on no duration', async () => {
    server.ok(api.payment.callback, {
      status: 'paid',
      order: { ...growthOrder, package_name: 'Extra videos', package_type: 'addon', periods: 1, amount_cents: 4_900 },
      user: { ...paidBuyer, info_status: INFO_STATUS.complete },
    });
    show();
    const success = await screen.findByTestId('payment-success');
    expect(success).toHaveTextContent('¡Gracias! Tu compra ya está activa.');
    expect(within(success).getByTestId('payment-amount')).toHaveTextContent('49,00 $');
    expect(success).not.toHaveTextContent('Duración');
    expect(within(success).getByTestId('payment-complete-profile')).toHaveAttribute('href', '/dashboard');
  });

  it('keeps asking about a payment still pending, and shows it once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.sequence(api.payment.callback, [
        { code: '200', data: { status: 'pending', order: growthOrder, user: paidBuyer } },
        { code: '200', data: { status: 'paid', order: growthOrder, user: paidBuyer } },
      ]);
      show();
      expect(await screen.findByTestId('payment-verifying')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
      expect(await screen.findByTestId('payment-success')).toBeInTheDocument();
      expect(server.bodiesOf(api.payment.callback)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a failed payment was not confirmed, with a way back to its plan and to customer service', async () => {
    server.ok(api.payment.callback, { status: 'failed', order: { ...growthOrder, status: 'failed', paid_time: null }, user: null });
    show();
    const failure = await screen.findByTestId('payment-failure');
    expect(within(failure).getByTestId('payment-title')).toHaveTextContent('Pago no confirmado');
    expect(within(failure).getByTestId('payment-message')).toHaveTextContent('No podemos verificar tu pago. Inténtalo de nuevo o contacta con atención al cliente.');
    expect(within(failure).getByTestId('payment-try-again')).toHaveAttribute('href', '/plans/3');
    expect(within(failure).getByTestId('payment-contact')).toHaveAttribute('href', '/settle/client');
    // Nothing was paid: the stored user stays unpaid.
    expect(getStoredUser()).toMatchObject({ pay_status: PAY_STATUS.unpaid });
  });

  it('treats a session the server does not know as an invalid link, and an outage as unconfirmed', async () => {
    server.fail(api.payment.callback, '404', 'Sesión de pago desconocida');
    const { unmount } = show();
    expect(await screen.findByTestId('payment-invalid')).toBeInTheDocument();
    unmount();

    server.fail(api.payment.callback, '500', 'Error del servidor');
    show('?session_id=cs_test_42');
    const failure = await screen.findByTestId('payment-failure');
    // No order to go back to: the plans.
    expect(within(failure).getByTestId('payment-try-again')).toHaveAttribute('href', '/plans');
  });

  it('points a studio’s customer-service link at the studio page', async () => {
    signInAs('studio', { pay_status: PAY_STATUS.unpaid });
    server.ok(api.payment.callback, { status: 'cancelled', order: { ...growthOrder, status: 'cancelled', paid_time: null }, user: null });
    show();
    expect(within(await screen.findByTestId('payment-failure')).getByTestId('payment-contact')).toHaveAttribute('href', '/settle/studio');
  });
});
