// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type Area, type RequestOf } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, renderPage, signInAs, type Envelope, useFakeApi } from '../../../test/page';
import { errorsIn, fill, pick, tableSpinner } from '../../../test/antd';
import { AreaPage } from './area-page';
import { areasFor, california, losAngeles } from './test-fixtures';

type ListRequest = RequestOf<typeof api.area.list>;

/** The table's own request carries a page; the pickers' lists of countries and states do not. */
const isTable = (body: ListRequest) => body.page !== undefined;

const server = new FakeApi();

/** Answers the pickers from the tree, and the table with `table` (the tree by default). */
function answerList(table: (body: ListRequest) => Envelope | Promise<Envelope> = (body) => ({ code: '200', data: areasFor(body) })) {
  server.on(api.area.list, (body: ListRequest) => (isTable(body) ? table(body) : { code: '200', data: areasFor(body) }));
}

const tableBodies = () => server.bodiesOf(api.area.list).filter((body: ListRequest) => isTable(body));

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'area']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('admin');
  server.reset();
  answerList();
});

const show = () => renderPage(<AreaPage />, { path: '/area' });

describe('the area tree', () => {
  it('starts at the top of the tree', async () => {
    show();
    const row = await screen.findByTestId('area-row-Estados Unidos');
    expect(row).toHaveTextContent('País');
    expect(row).toHaveTextContent('US');
    expect(row).toHaveTextContent('2');
    expect(screen.getByText('Nivel superior del árbol')).toBeInTheDocument();
    expect(tableBodies()).toEqual([{ page: 1, page_size: 20, parent_id: null }]);
  });

  it('drills down a level at a time, and back up by the breadcrumb', async () => {
    const user = newUser();
    show();
    await user.click(within(await screen.findByTestId('area-row-Estados Unidos')).getByTestId('row-open'));
    const state = await screen.findByTestId('area-row-California');
    expect(state).toHaveTextContent('Estado');
    expect(screen.getByText('Dentro de Estados Unidos')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar en Estados Unidos')).toBeInTheDocument();

    await user.click(within(state).getByTestId('row-open'));
    const city = await screen.findByTestId('area-row-Fresno');
    // A city with nothing under it does not open.
    expect(within(city).queryByTestId('row-open')).toBeNull();
    expect(screen.getByTestId('area-crumb-Estados Unidos')).toBeInTheDocument();
    expect(screen.getByTestId('area-crumb-California')).toBeInTheDocument();
    expect(tableBodies().map((body) => body.parent_id)).toEqual([null, 1, 10]);

    await user.click(screen.getByTestId('area-crumb-top'));
    expect(await screen.findByTestId('area-row-Estados Unidos')).toBeInTheDocument();
    expect(screen.queryByTestId('area-crumb-California')).toBeNull();
  });

  it('searches the whole tree, says where each result lies, and opens one with its real path', async () => {
    const user = newUser();
    show();
    await screen.findByTestId('area-row-Estados Unidos');
    await user.type(screen.getByPlaceholderText('Buscar áreas por nombre'), 'los{Enter}');
    const row = await screen.findByTestId('area-row-Los Angeles');
    expect(tableBodies().at(-1)).toEqual({ page: 1, page_size: 20, keyword: 'los' });
    expect(row.querySelector('.area-parent')).toHaveTextContent('California');
    expect(screen.getByText('Buscando en todo el árbol')).toBeInTheDocument();

    await user.click(within(row).getByTestId('row-open'));
    await waitFor(() => expect(tableBodies().at(-1)).toEqual({ page: 1, page_size: 20, parent_id: losAngeles.id }));
    for (const name of ['Estados Unidos', 'California', 'Los Angeles']) expect(screen.getByTestId(`area-crumb-${name}`)).toBeInTheDocument();
  });

  it('lists one type across the tree', async () => {
    const user = newUser();
    show();
    await screen.findByTestId('area-row-Estados Unidos');
    await pick(user, within(screen.getByTestId('area-filter-type')).getByRole('combobox'), 'Estado');
    expect(await screen.findByTestId('area-row-Nevada')).toBeInTheDocument();
    expect(tableBodies().at(-1)).toEqual({ page: 1, page_size: 20, type: 'state' });
  });

  it('shows the table loading while a level is read', async () => {
    answerList(() => new Promise<Envelope>(() => {}));
    show();
    const table = await screen.findByTestId('area-table');
    expect(tableSpinner(table)).not.toBeNull();
    expect(screen.queryByText('Todavía no hay áreas aquí')).toBeNull();
  });

  it('says a level is empty, and that a search found nothing', async () => {
    const user = newUser();
    answerList((body) => ({ code: '200', data: { list: [], total: 0, page: 1, page_size: body.page_size ?? 20 } }));
    show();
    expect(await screen.findByText('Todavía no hay áreas aquí')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Buscar áreas por nombre'), 'Atlantis{Enter}');
    expect(await screen.findByText('Ningún área coincide con estos filtros')).toBeInTheDocument();
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    let failing = true;
    answerList((body) => (failing ? { code: '500', msg: 'El servidor no responde', data: null } : { code: '200', data: areasFor(body) }));
    show();
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('El servidor no responde');
    failing = false;
    await newUser().click(within(failed).getByTestId('area-retry'));
    expect(await screen.findByTestId('area-row-Estados Unidos')).toBeInTheDocument();
  });

  it('adds a city under its state, after saying what is missing, and shows it there', async () => {
    const user = newUser();
    const springfield: Area = { ...losAngeles, id: 102, name: 'Springfield', code: '90001', children: 0 };
    server.ok(api.area.add, springfield);
    show();
    await screen.findByTestId('area-row-Estados Unidos');
    await user.click(screen.getByTestId('area-add-city'));
    const form = await screen.findByTestId('city-form');
    await user.click(screen.getByTestId('city-submit'));
    await waitFor(() => expect(errorsIn(form)).toEqual(['Elige un estado', 'Introduce el nombre de la ciudad']));
    expect(server.bodiesOf(api.area.add)).toEqual([]);

    await pick(user, within(form).getByRole('combobox'), 'California');
    await fill(user, within(form).getByTestId('city-name'), 'Springfield');
    await fill(user, within(form).getByTestId('city-code'), '90001');
    await user.click(screen.getByTestId('city-submit'));
    expect(await screen.findByText('Creada: Springfield')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.add)).toEqual([{ name: 'Springfield', code: '90001', type: 'city', parent_id: california.id }]);
    // The state opens, filtered to the new city's name.
    await waitFor(() => expect(tableBodies().at(-1)).toEqual({ page: 1, page_size: 20, parent_id: california.id, keyword: 'Springfield' }));
    expect(screen.getByTestId('area-crumb-California')).toBeInTheDocument();
  });

  it('deletes an area once confirmed, and shows why the server refused one in use', async () => {
    const user = newUser();
    server.sequence(api.area.delete, [
      { code: '422', msg: 'Esta zona todavía tiene cuentas', data: null },
      { code: '200', data: null },
    ]);
    show();
    const row = await screen.findByTestId('area-row-Estados Unidos');
    await user.click(within(row).getByTestId('area-delete-Estados Unidos'));
    expect(await screen.findByText('¿Seguro que quieres eliminarlo?')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Esta zona todavía tiene cuentas')).toBeInTheDocument();

    await user.click(within(row).getByTestId('area-delete-Estados Unidos'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Eliminado')).toBeInTheDocument();
    expect(server.bodiesOf(api.area.delete)).toEqual([{ id: 1 }, { id: 1 }]);
  });
});
