// @vitest-environment happy-dom
import { renderInShell, setLanguage, setViewportWidth, newUser } from '../../test/dom';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { DataColumn } from './columns';
import { DataTable, type Paged } from './data-table';

interface Merchant {
  id: number;
  name: string;
  city: string;
  status: 'active' | 'expired';
  notes: string;
}

const carmen: Merchant = { id: 1, name: 'Tacos Carmen', city: 'Sevilla', status: 'active', notes: 'secreto' };
const pho: Merchant = { id: 2, name: 'Pho 24', city: 'Madrid', status: 'expired', notes: 'secreto' };
const pageOf = (list: Merchant[], total = list.length): Paged<Merchant> => ({ list, total, page: 1, page_size: 20 });

/** A page of merchants the way a list page draws it, with columns for every phone role. */
function MerchantList({
  load = () => new Promise(() => undefined),
  initial,
  onOpen,
  onRenew,
  filtered = false,
}: {
  load?: () => Promise<Paged<Merchant>>;
  /** A page already in the cache: the list draws once, with no loading in between. */
  initial?: Paged<Merchant>;
  onOpen?: (row: Merchant) => void; onRenew?: (row: Merchant) => void; filtered?: boolean }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ['merchants', page], queryFn: load, initialData: initial, staleTime: initial ? Infinity : 0 });
  const columns: DataColumn<Merchant>[] = [
    { key: 'name', title: 'Comercio', dataIndex: 'name', phone: 'title' },
    { key: 'status', title: 'Estado', dataIndex: 'status', phone: 'status', render: (status: Merchant['status']) => <Tag>{status === 'active' ? 'Activo' : 'Caducado'}</Tag> },
    { key: 'city', title: 'Ciudad', dataIndex: 'city' },
    { key: 'notes', title: 'Notas', dataIndex: 'notes', phone: 'hidden' },
    { key: 'actions', title: 'Acciones', render: (_: unknown, row: Merchant) => <Button onClick={() => onRenew?.(row)}>{`Renovar ${row.name}`}</Button> },
  ];
  return (
    <DataTable<Merchant>
      query={query}
      columns={columns}
      page={page}
      pageSize={20}
      onPageChange={(next) => setPage(next)}
      rowTestId={(row) => `row-${row.id}`}
      testId="merchants"
      emptyTitle="Todavía no hay comercios"
      emptyBody="Los comercios que añadas aparecerán aquí."
      filtered={filtered}
      onOpen={onOpen}
      openLabel={(row) => `Abrir ${row.name}`}
    />
  );
}

beforeAll(async () => {
  await setLanguage('es-ES');
});

describe('the data table on a desktop', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows the rows under their column headers, with the total in the user’s language', async () => {
    renderInShell(<MerchantList initial={pageOf([carmen, pho])} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Comercio' })).toBeInTheDocument();
    expect(await within(table).findByRole('cell', { name: 'Sevilla' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Caducado' })).toBeInTheDocument();
    expect(screen.getByText('2 en total')).toBeInTheDocument();
  });

  it('offers the whole text of a cut cell as its title, also when a column renders it and in the open button', async () => {
    const wechat = 'wx_tacos_carmen_sevilla_centro_2026';
    function Cut() {
      const query = useQuery({ queryKey: ['cut'], queryFn: () => pageOf([carmen, pho]), initialData: pageOf([carmen, pho]), staleTime: Infinity });
      const columns: DataColumn<Merchant>[] = [
        { key: 'name', title: 'Comercio', width: 90, ellipsis: true, render: (_, row) => <strong>{row.name}</strong> },
        // A rendered value, and a dash where there is none: the dash is no title.
        { key: 'wechat', title: 'WeChat', width: 90, ellipsis: true, render: (_, row) => (row.id === 1 ? <>{wechat}</> : '—') },
        { key: 'city', title: 'Ciudad', dataIndex: 'city', width: 90 },
      ];
      return (
        <DataTable<Merchant>
          query={query} columns={columns} page={1} pageSize={20} onPageChange={() => undefined}
          rowTestId={(row) => `row-${row.id}`} testId="cut" emptyTitle="—" onOpen={() => undefined} openLabel={(row) => `Abrir ${row.name}`}
        />
      );
    }
    renderInShell(<Cut />);
    const row = await screen.findByTestId('row-1');
    const open = within(row).getByRole('button', { name: 'Abrir Tacos Carmen' });
    expect(open.querySelector('.nc-cell-text')).toHaveAttribute('title', 'Tacos Carmen');
    expect(within(row).getByTitle(wechat)).toHaveClass('nc-cell-text');
    expect(within(screen.getByTestId('row-2')).getAllByText('—')[0]).not.toHaveAttribute('title');
    // A column that is not cut is drawn as it always was.
    expect(within(row).getByRole('cell', { name: 'Sevilla' }).querySelector('.nc-cell-text')).toBeNull();
  });

  it('opens a row by a click on it or by its title button, but not by a click on its action', async () => {
    const user = newUser();
    const onOpen = vi.fn();
    const onRenew = vi.fn();
    renderInShell(<MerchantList initial={pageOf([carmen, pho])} onOpen={onOpen} onRenew={onRenew} />);

    await user.click(await screen.findByRole('cell', { name: 'Madrid' }));
    expect(onOpen).toHaveBeenLastCalledWith(pho);

    await user.click(screen.getByRole('button', { name: 'Abrir Tacos Carmen' }));
    expect(onOpen).toHaveBeenLastCalledWith(carmen);
    expect(onOpen).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Renovar Pho 24' }));
    expect(onRenew).toHaveBeenCalledWith(pho);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('says a filtered search matched nothing, and an unfiltered list what would fill it', async () => {
    const { unmount } = renderInShell(<MerchantList initial={pageOf([])} filtered />);
    expect(await screen.findByText('Nada coincide con estos filtros')).toBeInTheDocument();
    expect(screen.getByText('Prueba a quitar un filtro o a buscar otra cosa.')).toBeInTheDocument();
    unmount();

    renderInShell(<MerchantList initial={pageOf([])} />);
    expect(await screen.findByText('Todavía no hay comercios')).toBeInTheDocument();
    expect(screen.getByText('Los comercios que añadas aparecerán aquí.')).toBeInTheDocument();
  });

  it('says why a search failed and tries again on request', async () => {
    const user = newUser();
    const load = vi
      .fn<() => Promise<Paged<Merchant>>>()
      .mockRejectedValueOnce(new ApiError('envelope', '500', 'El servidor no responde'))
      .mockResolvedValueOnce(pageOf([carmen]));
    renderInShell(<MerchantList load={load} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Búsqueda fallida, inténtalo de nuevo');
    expect(alert).toHaveTextContent('El servidor no responde');

    await user.click(within(alert).getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByRole('cell', { name: 'Sevilla' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the data table on a phone', () => {
  beforeEach(() => setViewportWidth(375));

  it('folds each row into a card: title and status on top, fields as label and value, no hidden column', async () => {
    renderInShell(<MerchantList initial={pageOf([carmen, pho])} />);
    const card = (await screen.findByText('Tacos Carmen')).closest('article')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    expect(within(card).getByRole('banner')).toHaveTextContent('Tacos CarmenActivo');
    expect(within(card).getByRole('term')).toHaveTextContent('Ciudad');
    expect(within(card).getByRole('definition')).toHaveTextContent('Sevilla');
    expect(within(card).queryByText('secreto')).not.toBeInTheDocument();
    expect(screen.getByText('2 en total')).toBeInTheDocument();
  });

  it('keeps the actions and a "Details" button on each card, and opens the row from either the card or Details', async () => {
    const user = newUser();
    const onOpen = vi.fn();
    const onRenew = vi.fn();
    renderInShell(<MerchantList initial={pageOf([carmen, pho])} onOpen={onOpen} onRenew={onRenew} />);
    const card = (await screen.findByText('Madrid')).closest('article')!;

    await user.click(within(card).getByRole('button', { name: 'Renovar Pho 24' }));
    expect(onRenew).toHaveBeenCalledWith(pho);
    expect(onOpen).not.toHaveBeenCalled();

    const details = within(card).getAllByRole('button', { name: 'Abrir Pho 24' });
    // The title's button (for the keyboard) and the footer's "Detalles" button.
    expect(details.map((button) => button.textContent)).toEqual(['Pho 24', 'Detalles']);
    await user.click(details[1]!);
    expect(onOpen).toHaveBeenLastCalledWith(pho);

    await user.click(within(card).getByText('Madrid'));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('shows placeholders while the first page loads, then the cards', async () => {
    let arrive: (page: Paged<Merchant>) => void = () => undefined;
    renderInShell(<MerchantList load={() => new Promise((resolve) => (arrive = resolve))} />);
    const cards = screen.getByTestId('merchants');
    expect(cards).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    arrive(pageOf([carmen]));
    expect(await screen.findByRole('article')).toHaveTextContent('Tacos Carmen');
    await waitFor(() => expect(cards).toHaveAttribute('aria-busy', 'false'));
  });

  it('says on a card that the filters matched nothing', async () => {
    renderInShell(<MerchantList initial={pageOf([])} filtered />);
    expect(await screen.findByText('Nada coincide con estos filtros')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('pages through a long list with the total in words', async () => {
    const user = newUser();
    const load = vi.fn(() => Promise.resolve(pageOf([carmen], 45)));
    renderInShell(<MerchantList load={load} />);
    expect(await screen.findByText('45 en total')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: /Página siguiente|Next Page/i }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
