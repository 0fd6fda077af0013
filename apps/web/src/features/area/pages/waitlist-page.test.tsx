// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type WaitlistEntry } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { pick, tableSpinner } from '../../../test/antd';
import { WaitlistPage } from './waitlist-page';

const first: WaitlistEntry = {
  id: 31,
  city_id: 100,
  city_name: 'Los Angeles',
  state_id: 10,
  state_name: 'California',
  account_id: 501,
  party_name: 'Estudio Sol',
  email: 'sol@example.com',
  status: 'waiting',
  position: 1,
  waiting: 2,
  joined_at: '2026-10-01T08:00:00.000Z',
  offered_at: null,
  hold_until: null,
  ended_at: null,
};
const second: WaitlistEntry = { ...first, id: 32, account_id: 502, party_name: 'Pixel Lab', email: 'pixel@example.com', position: 2, joined_at: '2026-10-02T08:00:00.000Z' };
// A place was freed and is held for this applicant: no place in line any more.
const offered: WaitlistEntry = {
  ...first,
  id: 30,
  account_id: 500,
  party_name: 'Luz Media',
  email: 'luz@example.com',
  status: 'offered',
  position: null,
  offered_at: '2026-11-30T08:00:00.000Z',
  hold_until: '2026-12-02T08:00:00.000Z',
};
const removed: WaitlistEntry = { ...first, id: 29, party_name: 'Old Studio', status: 'removed', position: null, waiting: 0, ended_at: '2026-09-01T08:00:00.000Z' };

const server = new FakeApi();

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'area']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('super');
  server.reset().ok(api.area.waitlistList, pageOf([offered, first, second]));
});

const show = () => renderPage(<WaitlistPage />, { path: '/waitlist' });

describe('the cities’ waitlists', () => {
  it('shows the lines as they stand: each applicant’s place, city and hold', async () => {
    show();
    expect(await screen.findByTestId('waitlist-position-31')).toHaveTextContent('N.º 1 de 2');
    const row = screen.getByTestId('waitlist-row-31');
    expect(row).toHaveTextContent('Estudio Sol');
    expect(row).toHaveTextContent('sol@example.com');
    expect(within(row).getByRole('button', { name: 'Los Angeles, California' })).toBeInTheDocument();
    // The first cannot move up, the last cannot move down.
    expect(within(row).getByTestId('waitlist-up-31')).toBeDisabled();
    expect(within(row).getByTestId('waitlist-down-31')).toBeEnabled();
    expect(screen.getByTestId('waitlist-down-32')).toBeDisabled();

    const held = screen.getByTestId('waitlist-row-30');
    expect(held).toHaveTextContent('Plaza ofrecida');
    expect(held).toHaveTextContent('2026/12/02');
    // An offered place can be taken back, but the applicant has no place in line to move.
    expect(within(held).queryByTestId('waitlist-up-30')).toBeNull();
    expect(within(held).getByTestId('waitlist-remove-30')).toBeInTheDocument();

    expect(screen.getByText(/se reserva 48 horas/)).toBeInTheDocument();
    expect(server.bodiesOf(api.area.waitlistList)).toEqual([{ page: 1, page_size: 20, open: true }]);
  });

  it('shows the table loading while the lines are read', async () => {
    server.hang(api.area.waitlistList);
    show();
    const table = await screen.findByTestId('waitlist-table');
    expect(tableSpinner(table)).not.toBeNull();
    expect(screen.queryByText('Nadie está esperando')).toBeNull();
  });

  it('says nobody is waiting, and how a line forms', async () => {
    server.ok(api.area.waitlistList, pageOf([]));
    show();
    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('Nadie está esperando');
    expect(empty).toHaveTextContent('Cuando las 100 plazas de estudio de una ciudad están ocupadas');
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    server.sequence(api.area.waitlistList, [
      { code: '500', msg: 'El servidor no responde', data: null },
      { code: '200', data: pageOf([first]) },
    ]);
    show();
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('El servidor no responde');
    await newUser().click(within(failed).getByTestId('waitlist-retry'));
    expect(await screen.findByTestId('waitlist-row-31')).toBeInTheDocument();
  });

  it('moves a waiting applicant down the line and reads the line again', async () => {
    const user = newUser();
    server.on(api.area.waitlistMove, (body) => ({ code: '200', data: { ...first, position: body.position } }));
    show();
    await user.click(await screen.findByTestId('waitlist-down-31'));
    expect(await screen.findByText('Estudio Sol es ahora el n.º 2 de la lista')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.waitlistMove)).toEqual([{ id: 31, position: 2 }]);
    await waitFor(() => expect(server.bodiesOf(api.area.waitlistList)).toHaveLength(2));
  });

  it('says why a move was refused', async () => {
    const user = newUser();
    server.fail(api.area.waitlistMove, '422', 'Esta entrada ya no está en la lista');
    show();
    await user.click(await screen.findByTestId('waitlist-up-32'));
    expect(await screen.findByText('Esta entrada ya no está en la lista')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.waitlistMove)).toEqual([{ id: 32, position: 1 }]);
    expect(screen.queryByText(/es ahora el n\.º/)).toBeNull();
  });

  it('takes an applicant out of the line once confirmed', async () => {
    const user = newUser();
    server.ok(api.area.waitlistLeave, { ...second, status: 'removed', position: null });
    show();
    await user.click(await screen.findByTestId('waitlist-remove-32'));
    expect(await screen.findByText('¿Retirar a este solicitante de la lista?')).toBeInTheDocument();
    expect(screen.getByText('Pixel Lab · Los Angeles')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Pixel Lab se retiró de la lista')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.waitlistLeave)).toEqual([{ id: 32 }]);
  });

  it('shows one city’s line from a row, and every city again from the filter’s cross', async () => {
    const user = newUser();
    show();
    await user.click(within(await screen.findByTestId('waitlist-row-31')).getByRole('button', { name: 'Los Angeles, California' }));
    expect(await screen.findByTestId('waitlist-filter-city')).toHaveTextContent('Ciudad: Los Angeles');
    await waitFor(() => expect(server.bodiesOf(api.area.waitlistList).at(-1)).toEqual({ page: 1, page_size: 20, open: true, city_id: 100 }));
    await user.click(screen.getByLabelText('Mostrar todas las ciudades'));
    await waitFor(() => expect(server.bodiesOf(api.area.waitlistList).at(-1)).toEqual({ page: 1, page_size: 20, open: true }));
    expect(screen.queryByTestId('waitlist-filter-city')).toBeNull();
  });

  it('shows the entries of one status without actions, says when there are none, and resets to the open lines', async () => {
    const user = newUser();
    server.on(api.area.waitlistList, (body) => ({ code: '200', data: pageOf(body.status === 'removed' ? [removed] : body.status ? [] : [first, second]) }));
    show();
    await screen.findByTestId('waitlist-row-31');
    await pick(user, within(screen.getByTestId('waitlist-filter-view')).getByRole('combobox'), 'Retirado');
    const row = await screen.findByTestId('waitlist-row-29');
    expect(server.bodiesOf(api.area.waitlistList).at(-1)).toEqual({ page: 1, page_size: 20, status: 'removed' });
    expect(row).toHaveTextContent('Retirado');
    expect(within(row).queryByRole('button', { name: /Retirar|Subir|Bajar/ })).toBeNull();

    await pick(user, within(screen.getByTestId('waitlist-filter-view')).getByRole('combobox'), 'Salió');
    expect(await screen.findByText('Nada coincide con estos filtros')).toBeInTheDocument();

    await user.click(screen.getByTestId('filter-reset'));
    expect(await screen.findByTestId('waitlist-row-31')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.waitlistList).at(-1)).toEqual({ page: 1, page_size: 20, open: true });
  });
});
