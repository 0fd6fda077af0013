// @vitest-environment happy-dom
import { newUser, setLanguage } from '../../../test/dom';
import { api, PAY_STATUS, type Area } from '@nearcast/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/storage';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { pick } from '../../../test/antd';
import { PlanPage } from './plan-page';
import { growthPlan, studioMembership, videoPack } from './test-fixtures';

const server = new FakeApi();
const show = (id: string | number = growthPlan.id) => renderPage(<PlanPage />, { path: '/plans/:id', url: `/plans/${id}` });

const california: Area = { id: 5, name: 'California', code: 'CA', type: 'state', parent_id: 1, children: 2, created_at: '2026-01-01T00:00:00.000Z' };
const losAngeles: Area = { ...california, id: 51, name: 'Los Angeles', code: 'LA', type: 'city', parent_id: 5, children: 0 };

/**
 * The payment window as the page drives it: opened blank in the click, then pointed at the
 * payment page. Only what the page touches is there, so it stands in for a Window by a cast.
 */
function fakePaymentWindow() {
  const replace = vi.fn<(url: string) => void>();
  const opened = { closed: false, opener: null, document: document.implementation.createHTMLDocument(''), location: { replace }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
  return { open, replace };
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'payment']);
});
beforeEach(() => {
  server.reset().on(api.price.get, (body) => {
    const found = [growthPlan, studioMembership, videoPack].find((pkg) => pkg.id === body.id);
    return found ? { code: '200', data: found } : { code: '404', msg: 'Paquete no encontrado', data: null };
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a plan’s page for a visitor, in Spanish', () => {
  it('shows what the plan includes and its first-purchase price in Spanish money style, and sends the visitor to register', async () => {
    show();
    const detail = await screen.findByTestId('plan-detail');
    expect(within(detail).getByTestId('plan-name')).toHaveTextContent('Local Growth');
    expect(detail).toHaveTextContent('Plan para negocios');
    expect(detail).toHaveTextContent('150 créditos al mes');
    expect(within(detail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['About 150 videos a month', 'A monthly report']);
    expect(within(detail).getByTestId('plan-course')).toHaveTextContent('Street marketing 101');

    const buy = screen.getByTestId('plan-buy');
    expect(within(buy).getByTestId('plan-price')).toHaveTextContent('899,00 $');
    expect(buy).toHaveTextContent('por tus primeros 30 días');
    expect(within(buy).getByTestId('plan-base-price')).toHaveTextContent('1299,00 $');
    expect(buy).toHaveTextContent('después 999,00 $ cada 30 días');
    expect(within(buy).getByTestId('plan-first-discount')).toHaveTextContent('Descuento de primera compra: 100,00 $ menos, una vez por cuenta');
    expect(within(buy).getByTestId('plan-total')).toHaveTextContent('899,00 $');
    // A visitor registers as a merchant and comes back here.
    expect(within(buy).getByTestId('plan-signin')).toHaveAttribute('href', '/signin?mode=register&join=business&redirect=%2Fplans%2F3');
    expect(within(buy).getByTestId('plan-login')).toHaveAttribute('href', '/signin?redirect=%2Fplans%2F3');
    expect(within(buy).queryByTestId('plan-purchase')).toBeNull();
    expect(screen.getByTestId('plan-back')).toHaveAttribute('href', '/plans?type=business');
    expect(server.bodiesOf(api.price.get)).toEqual([{ id: 3 }]);
  });

  it('shows placeholders while the plan is on its way', async () => {
    server.hang(api.price.get);
    show();
    expect(await screen.findByTestId('plan-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('plan-buy')).toBeNull();
  });

  it('says a plan that does not exist is not found, without asking for a malformed one', async () => {
    const { unmount } = show('abc');
    expect(await screen.findByTestId('plan-missing-title')).toHaveTextContent('Plan no encontrado');
    expect(server.calls).toEqual([]);
    unmount();

    show(99);
    expect(await screen.findByTestId('plan-missing')).toHaveTextContent('Este plan no existe o ya no está a la venta.');
    expect(screen.queryByTestId('plan-retry')).toBeNull();
  });

  it('shows a plan that failed to load with the server’s reason and a retry', async () => {
    server.sequence(api.price.get, [
      { code: '500', msg: 'Servidor no disponible', data: null },
      { code: '200', data: growthPlan },
    ]);
    show();
    const failed = await screen.findByTestId('plan-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('Servidor no disponible');
    await newUser().click(within(failed).getByTestId('plan-retry'));
    expect(await screen.findByTestId('plan-detail')).toBeInTheDocument();
  });
});

describe('buying a plan, in Spanish', () => {
  it('buys three periods for a merchant: the total, the checkout, the payment window and the result page', async () => {
    const user = newUser();
    signInAs('client', { pay_status: PAY_STATUS.unpaid });
    server.ok(api.payment.stripe, { order_id: 41, session_id: 'cs_41', url: 'https://pay.example.com/sandbox/cs_41', amount_cents: 289_700, provider: 'sandbox' });
    const payment = fakePaymentWindow();
    const { router } = show();
    await pick(user, await screen.findByTestId('plan-periods'), '90 días');
    // The discount comes off once: 899 + 2 × 999.
    expect(screen.getByTestId('plan-total')).toHaveTextContent('2897,00 $');
    expect(screen.getByTestId('plan-buy')).toHaveTextContent('Total por 90 días');
    expect(screen.getByTestId('plan-purchase')).toHaveTextContent('Comprar ahora · 2897,00 $');

    await user.click(screen.getByTestId('plan-purchase'));
    const confirm = await screen.findByTestId('payment-confirm-modal');
    expect(within(confirm).getByTestId('payment-confirm-amount')).toHaveTextContent('2897,00 $');
    expect(server.bodiesOf(api.payment.stripe)).toEqual([{ package_id: 3, periods: 3 }]);
    // The window opened in the click goes to the sandbox page, told the interface language.
    expect(payment.open).toHaveBeenCalledWith('', '_blank');
    expect(payment.replace).toHaveBeenCalledWith('https://pay.example.com/sandbox/cs_41?lang=es-ES');

    await user.click(screen.getByTestId('payment-confirm-done'));
    expect(router.state.location.pathname).toBe('/payment');
    expect(router.state.location.search).toBe('?session_id=cs_41');
  });

  it('offers the payment page as a link when the browser blocks its window, and shows a refused checkout', async () => {
    const user = newUser();
    signInAs('client', { pay_status: PAY_STATUS.unpaid });
    server.sequence(api.payment.stripe, [
      { code: '422', msg: 'Este plan ya no está a la venta', data: null },
      { code: '200', data: { order_id: 42, session_id: 'cs_42', url: 'https://checkout.stripe.com/cs_42', amount_cents: 89_900, provider: 'stripe' } },
    ]);
    vi.spyOn(window, 'open').mockReturnValue(null);
    show();
    await user.click(await screen.findByTestId('plan-purchase'));
    expect(await screen.findByTestId('plan-purchase-error')).toHaveTextContent('Este plan ya no está a la venta');
    expect(screen.queryByTestId('payment-confirm-modal')).toBeNull();

    await user.click(screen.getByTestId('plan-purchase'));
    const confirm = await screen.findByTestId('payment-confirm-modal');
    expect(confirm).toHaveTextContent('Tu navegador bloqueó la ventana de pago.');
    expect(within(confirm).getByTestId('payment-open-link')).toHaveAttribute('href', 'https://checkout.stripe.com/cs_42');
    expect(screen.queryByTestId('plan-purchase-error')).toBeNull();
  });

  it('asks a studio for its city, shows the places left there, and buys with it', async () => {
    const user = newUser();
    signInAs('studio', { pay_status: PAY_STATUS.unpaid });
    server
      .on(api.area.list, (body) => ({ code: '200', data: { list: body.type === 'state' ? [california] : [losAngeles], total: 1, page: 1, page_size: 100 } }))
      .ok(api.area.waitlistList, { list: [], total: 0, page: 1, page_size: 1 })
      .ok(api.payment.places, { city_id: 51, city_name: 'Los Angeles', limit: 100, taken: 58, left: 42, waiting: 0 })
      .ok(api.payment.stripe, { order_id: 43, session_id: 'cs_43', url: 'https://checkout.stripe.com/cs_43', amount_cents: 29_900, provider: 'stripe' });
    fakePaymentWindow();
    show(studioMembership.id);
    await user.click(await screen.findByTestId('plan-purchase'));
    expect(await screen.findByTestId('plan-city-required')).toHaveTextContent('Elige tu ciudad para continuar.');
    expect(server.bodiesOf(api.payment.stripe)).toEqual([]);

    await pick(user, screen.getByRole('combobox', { name: 'Estado' }), 'California');
    await pick(user, screen.getByRole('combobox', { name: 'Ciudad' }), 'Los Angeles');
    expect(await screen.findByTestId('plan-places-left')).toHaveTextContent('Quedan 42 de 100 plazas en Los Angeles');
    expect(screen.queryByTestId('plan-city-required')).toBeNull();
    await user.click(screen.getByTestId('plan-purchase'));
    expect(await screen.findByTestId('payment-confirm-modal')).toHaveTextContent('299,00 $');
    expect(server.bodiesOf(api.payment.stripe)).toEqual([{ package_id: 5, periods: 1, city_id: 51 }]);
  });

  it('tells an account that cannot buy the plan why, instead of a purchase button', async () => {
    signInAs('studio', { pay_status: PAY_STATUS.unpaid });
    const { unmount } = show();
    const blocked = await screen.findByTestId('plan-blocked');
    expect(blocked).toHaveTextContent('Este plan es para negocios y tu cuenta es de un estudio de IA.');
    expect(within(blocked).getByRole('link', { name: 'Ver los planes para tu cuenta' })).toHaveAttribute('href', '/plans?type=studio');
    expect(screen.queryByTestId('plan-purchase')).toBeNull();
    unmount();
    clearSession();

    // An add-on waits for a plan; an agent buys nothing.
    signInAs('client', { pay_status: PAY_STATUS.unpaid });
    const second = show(videoPack.id);
    expect(await screen.findByTestId('plan-blocked')).toHaveTextContent('Los complementos amplían un plan activo: compra primero un plan.');
    second.unmount();
    clearSession();

    signInAs('partner');
    show();
    expect(await screen.findByTestId('plan-blocked')).toHaveAttribute('data-block', 'not_buyer');
  });
});
