// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type AuditEntry } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { option } from '../../../test/antd';
import { AuditPage } from './audit-page';

const priceEdit: AuditEntry = {
  seq: 41,
  at: '2026-11-20T10:15:30.000Z',
  actor_id: 5,
  actor_role: 'admin',
  actor_email: 'ana@nearcast.example',
  ip: '203.0.113.9',
  user_agent: 'Firefox/140',
  action: 'price.update',
  target_type: 'price',
  target_id: '7',
  target_label: 'Gold',
  before: { name: 'Gold', price_cents: 29_900 },
  after: { name: 'Gold', price_cents: 34_900 },
  hash: 'a1b2c3',
};

// Written by the system, not by a person: no actor, no address.
const areaAdd: AuditEntry = {
  ...priceEdit,
  seq: 40,
  actor_id: null,
  actor_role: null,
  actor_email: null,
  ip: null,
  action: 'area.add',
  target_type: 'area',
  target_id: '3',
  target_label: null,
  before: null,
  after: { city: 'Sevilla' },
  hash: 'f00d',
};

const server = new FakeApi();

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'audit']);
});
beforeEach(() => {
  setViewportWidth(1280);
  signInAs('super');
  server.reset().ok(api.audit.list, pageOf([priceEdit, areaAdd]));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const show = () => renderPage(<AuditPage />, { path: '/audit' });

describe('the audit log', () => {
  it('lists the newest changes with who made them, from where and on what', async () => {
    show();
    const row = await screen.findByTestId('audit-row-41');
    expect(row).toHaveTextContent('Paquete editado');
    expect(row).toHaveTextContent('ana@nearcast.example');
    expect(row).toHaveTextContent('Paquete · Gold (#7)');
    expect(row).toHaveTextContent('203.0.113.9');
    const system = screen.getByTestId('audit-row-40');
    expect(system).toHaveTextContent('Zona añadida');
    expect(system).toHaveTextContent('Zona #3');
    expect(within(system).queryByRole('button', { name: /@/ })).toBeNull();
    expect(server.bodiesOf(api.audit.list)).toEqual([{ page: 1, page_size: 20 }]);
  });

  it('is busy while the log is read', async () => {
    server.hang(api.audit.list);
    show();
    expect(await screen.findByTestId('audit-table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('audit-empty')).toBeNull();
  });

  it('says what will appear when no staff member has changed anything yet', async () => {
    server.ok(api.audit.list, pageOf([]));
    show();
    const empty = await screen.findByTestId('audit-empty');
    expect(empty).toHaveTextContent('Aún no hay cambios del personal');
    expect(empty).toHaveTextContent('Los cambios del personal en cuentas, paquetes, dinero y contenido aparecen aquí en cuanto ocurren.');
    expect(screen.getByTestId('audit-table')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    server.sequence(api.audit.list, [
      { code: '500', msg: 'El servidor no responde', data: null },
      { code: '200', data: pageOf([priceEdit]) },
    ]);
    show();
    const failed = await screen.findByTestId('audit-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('El servidor no responde');
    await newUser().click(within(failed).getByTestId('audit-retry'));
    expect(await screen.findByTestId('audit-row-41')).toBeInTheDocument();
  });

  it('shows only one person’s changes from their name, and everyone’s again from the filter’s cross', async () => {
    const user = newUser();
    server.on(api.audit.list, (body) => ({ code: '200', data: pageOf(body.actor_id === 5 ? [] : [priceEdit, areaAdd]) }));
    show();
    await user.click(within(await screen.findByTestId('audit-row-41')).getByRole('button', { name: 'ana@nearcast.example' }));
    expect(await screen.findByTestId('audit-filter-actor')).toHaveTextContent('Por ana@nearcast.example');
    // A click on the name filters; it does not open the entry.
    expect(screen.queryByText('Valores antes y después')).toBeNull();
    await waitFor(() => expect(server.bodiesOf(api.audit.list).at(-1)).toEqual({ page: 1, page_size: 20, actor_id: 5 }));
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('Nada coincide con estos filtros');

    await user.click(screen.getByLabelText('Mostrar todo el personal'));
    await waitFor(() => expect(server.bodiesOf(api.audit.list).at(-1)).toEqual({ page: 1, page_size: 20 }));
    expect(screen.queryByTestId('audit-filter-actor')).toBeNull();
    expect(await screen.findByTestId('audit-row-41')).toBeInTheDocument();
  });

  it('filters by action', async () => {
    const user = newUser();
    show();
    await screen.findByTestId('audit-row-41');
    const select = within(screen.getByTestId('audit-filter-action')).getByRole('combobox');
    await user.click(select);
    await user.type(select, 'Paquete editado');
    await user.click(await option('Paquete editado'));
    await waitFor(() => expect(server.bodiesOf(api.audit.list).at(-1)).toEqual({ page: 1, page_size: 20, action: 'price.update' }));
  });

  it('opens an entry with each field’s value before and after, the changed ones first', async () => {
    const user = newUser();
    show();
    const open = within(await screen.findByTestId('audit-row-41')).getByTestId('row-open');
    expect(open).toHaveAccessibleName('Abrir Paquete editado');
    await user.click(open);
    const changes = await screen.findByTestId('audit-changes');
    const rows = [...changes.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows.map((row) => row.textContent)).toEqual(['price_cents2990034900', 'nameGoldGold']);
    expect(rows[0]).toHaveClass('audit-detail__changed');
    expect(rows[1]).not.toHaveClass('audit-detail__changed');
    const drawer = screen.getByTestId('audit-detail');
    expect(within(drawer).getByText('Administrador')).toBeInTheDocument();
    expect(within(drawer).getByText('Firefox/140')).toBeInTheDocument();
    expect(within(drawer).getByText('#41')).toBeInTheDocument();
  });

  it('checks the chain and says whether it holds, and where it breaks', async () => {
    const user = newUser();
    server.sequence(api.audit.verify, [
      { code: '200', data: { ok: true, checked: 41, broken_at: null, reason: null, head: 'a1b2c3' } },
      { code: '200', data: { ok: false, checked: 41, broken_at: 12, reason: 'gap', head: 'a1b2c3' } },
    ]);
    show();
    await user.click(screen.getByTestId('audit-verify'));
    const ok = await screen.findByTestId('audit-check-ok');
    expect(ok).toHaveTextContent('Las 41 entradas están intactas');
    expect(ok).toHaveTextContent('Último hash: a1b2c3.');
    await user.click(screen.getByTestId('audit-verify'));
    const broken = await screen.findByTestId('audit-check-broken');
    expect(broken).toHaveTextContent('La cadena se rompe en la entrada n.º 12');
    expect(broken).toHaveTextContent('Falta una entrada aquí: fue eliminada.');
    expect(screen.queryByTestId('audit-check-ok')).toBeNull();
  });

  it('says when the chain check could not run', async () => {
    server.fail(api.audit.verify, '500', 'Tiempo agotado');
    show();
    await newUser().click(screen.getByTestId('audit-verify'));
    expect(await screen.findByTestId('audit-check-failed')).toHaveTextContent('No se pudo hacer la comprobación');
  });

  it('exports what the filters match as CSV, in the reader’s language', async () => {
    const user = newUser();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:audit';
    });
    show();
    await user.click(within(await screen.findByTestId('audit-row-41')).getByRole('button', { name: 'ana@nearcast.example' }));
    await screen.findByTestId('audit-filter-actor');
    server.clearCalls();
    await user.click(screen.getByTestId('audit-export-csv'));
    expect(await screen.findByText('2 entradas exportadas')).toBeInTheDocument();
    // Every page at the largest size, with the filters on screen.
    expect(server.bodiesOf(api.audit.list)).toEqual([{ page: 1, page_size: 100, actor_id: 5 }]);
    const csv = await saved[0]!.text();
    expect(csv).toContain('Paquete editado');
    expect(csv).toContain('Administrador');
  });
});
