// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type Zone } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { errorsIn, fill, option, pick, tableSpinner } from '../../../test/antd';
import { ZonePage } from './zone-page';
import { areasFor, california, fresno, losAngeles, nevada } from './test-fixtures';

const cities = (names: string[]) => names.map((name, index) => ({ id: 200 + index, name }));

const greaterLa: Zone = {
  id: 5,
  name: 'Gran Los Ángeles',
  state_id: california.id,
  state_name: 'California',
  // Seven cities: the row shows five and folds the rest into "+2".
  cities: cities(['Los Angeles', 'Pasadena', 'Glendale', 'Burbank', 'Long Beach', 'Santa Monica', 'Malibu']),
  created_at: '2026-02-01T08:00:00.000Z',
};
const northNevada: Zone = { id: 6, name: 'Norte de Nevada', state_id: nevada.id, state_name: 'Nevada', cities: cities(['Reno']), created_at: '2026-02-02T08:00:00.000Z' };

const server = new FakeApi();

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'area']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('admin');
  server
    .reset()
    .ok(api.area.zone, pageOf([greaterLa, northNevada]))
    .on(api.area.list, (body) => ({ code: '200', data: areasFor(body) }));
});

const show = () => renderPage(<ZonePage />, { path: '/zone' });

describe('the sales zones', () => {
  it('lists each zone with its state and cities, folding a long list of cities', async () => {
    show();
    const row = await screen.findByTestId('zone-row-Gran Los Ángeles');
    expect(row).toHaveTextContent('California');
    const tags = [...row.querySelectorAll('.area-tag')].map((tag) => tag.textContent);
    expect(tags).toEqual(['Los Angeles', 'Pasadena', 'Glendale', 'Burbank', 'Long Beach', '+2 más']);
    expect(screen.getByTestId('zone-row-Norte de Nevada')).toHaveTextContent('Reno');
    expect(server.bodiesOf(api.area.zone)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('shows the table loading while the zones are read', async () => {
    server.hang(api.area.zone);
    show();
    const table = await screen.findByTestId('zone-table');
    expect(tableSpinner(table)).not.toBeNull();
    expect(screen.queryByText(/Todavía no hay zonas/)).toBeNull();
  });

  it('invites the first zone when there is none', async () => {
    const user = newUser();
    server.ok(api.area.zone, pageOf([]));
    show();
    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('Todavía no hay zonas. Agrupa ciudades de un estado en tu primera zona.');
    await user.click(within(empty).getByRole('button', { name: /Añadir zona/ }));
    expect(await screen.findByText('Añadir una zona')).toBeInTheDocument();
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    server.sequence(api.area.zone, [
      { code: '500', msg: 'El servidor no responde', data: null },
      { code: '200', data: pageOf([northNevada]) },
    ]);
    show();
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('El servidor no responde');
    await newUser().click(within(failed).getByTestId('zone-retry'));
    expect(await screen.findByTestId('zone-row-Norte de Nevada')).toBeInTheDocument();
  });

  it('filters by state and by a zone’s or city’s name, and says when nothing matches', async () => {
    const user = newUser();
    server.on(api.area.zone, (body) => ({ code: '200', data: pageOf(body.keyword ? [] : [northNevada]) }));
    show();
    await screen.findByTestId('zone-row-Norte de Nevada');
    await pick(user, within(screen.getByTestId('zone-filters')).getByRole('combobox'), 'Nevada');
    await waitFor(() => expect(server.bodiesOf(api.area.zone).at(-1)).toEqual({ page: 1, page_size: 20, state_id: nevada.id }));

    await user.type(screen.getByPlaceholderText('Buscar zonas o ciudades'), 'Sparks{Enter}');
    await waitFor(() => expect(server.bodiesOf(api.area.zone).at(-1)).toEqual({ page: 1, page_size: 20, state_id: nevada.id, keyword: 'Sparks' }));
    expect(await screen.findByText('Nada coincide con estos filtros')).toBeInTheDocument();
  });

  it('adds a zone of a state’s cities, after saying what is missing', async () => {
    const user = newUser();
    server.on(api.area.zoneAdd, (body) => ({
      code: '200',
      data: { id: 7, name: body.name, state_id: body.state_id, state_name: 'California', cities: [losAngeles, fresno].map(({ id, name }) => ({ id, name })), created_at: '2026-03-01T08:00:00.000Z' },
    }));
    show();
    await screen.findByTestId('zone-row-Gran Los Ángeles');
    await user.click(screen.getByTestId('zone-add'));
    const form = await screen.findByTestId('zone-form');
    await user.click(screen.getByTestId('zone-submit'));
    await waitFor(() => expect(errorsIn(form)).toEqual(['Introduce el nombre de la zona', 'Elige un estado', 'Elige al menos una ciudad']));
    expect(server.bodiesOf(api.area.zoneAdd)).toEqual([]);

    await fill(user, within(form).getByTestId('zone-name'), 'Valle Central');
    const [statePicker, cityPicker] = within(form).getAllByRole('combobox');
    await pick(user, statePicker!, 'California');
    // The cities are those of the chosen state; the list stays open for a second one.
    await pick(user, cityPicker!, 'Los Angeles');
    await user.click(await option('Fresno'));
    expect(server.bodiesOf(api.area.list)).toContainEqual({ parent_id: california.id, type: 'city', page_size: 50 });
    server.clearCalls();
    await user.click(screen.getByTestId('zone-submit'));
    expect(await screen.findByText('Creada: Valle Central')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.zoneAdd)).toEqual([{ name: 'Valle Central', state_id: california.id, city_ids: [losAngeles.id, fresno.id] }]);
    // The list is read again with the new zone in it.
    await waitFor(() => expect(server.bodiesOf(api.area.zone)).toHaveLength(1));
  });

  it('deletes a zone once confirmed', async () => {
    const user = newUser();
    server.ok(api.area.zoneDelete, null);
    show();
    const row = await screen.findByTestId('zone-row-Norte de Nevada');
    await user.click(within(row).getByTestId('zone-delete-Norte de Nevada'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Eliminado')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.zoneDelete)).toEqual([{ id: northNevada.id }]);
  });
});
