// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type BalanceResponse, type FinanceRecord, type PlatformSummary, type Settlement, type SettlementPreview } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { pick, tableSpinner } from '../../../test/antd';
import { FinancePage } from './finance-page';

/** A record as the server lists it; each test names only what it is about. */
function record(patch: Partial<FinanceRecord> & Pick<FinanceRecord, 'id' | 'transaction_id' | 'type'>): FinanceRecord {
  return {
    status: 'completed',
    amount_cents: 0,
    user_id: 7,
    user_name: 'Tacos Carmen',
    receiver_id: null,
    receiver_name: null,
    remark: '',
    create_time: '2026-11-02T09:30:00.000Z',
    process_time: null,
    payment_id: null,
    rule_version: null,
    rate_bps: null,
    commission_role: null,
    reversed_cents: null,
    fee_cents: null,
    ...patch,
  };
}

// A payment large enough that the Spanish thousands separator shows.
const payment = record({ id: 1, transaction_id: 'P-12', type: 'payment', amount_cents: 1_234_567, payment_id: 12, process_time: '2026-11-02T09:31:00.000Z' });
const refund = record({ id: 2, transaction_id: 'R-5', type: 'refund', status: 'pending', amount_cents: 50_000, payment_id: 12, receiver_id: 7, receiver_name: 'Tacos Carmen', user_id: null, user_name: null });
const commission = record({
  id: 3,
  transaction_id: 'C-34',
  type: 'commission',
  status: 'pending',
  amount_cents: 864_197,
  receiver_id: 20,
  receiver_name: 'Estudio Sur',
  payment_id: 12,
  rule_version: 3,
  rate_bps: 7_000,
  commission_role: 'studio',
  reversed_cents: 1_500,
});

/** A page of records, none held back by the export cap. */
const page = (list: FinanceRecord[]) => ({ ...pageOf(list), capped: false });

const balance: BalanceResponse = {
  party_id: 20,
  balances: { pending_cents: 864_197, available_cents: 25_000, in_transit_cents: 0, paid_out_cents: 1_000_000 },
  sub_agents: [],
  sub_agents_total: { pending_cents: 0, available_cents: 0, in_transit_cents: 0, paid_out_cents: 0 },
};

const preview: SettlementPreview = {
  available_cents: 25_000,
  min_cents: 10_000,
  fee_bps: 200,
  gross_cents: 25_000,
  fee_cents: 500,
  amount_cents: 24_500,
  period_start: '2026-10-01T00:00:00.000Z',
  period_end: '2026-10-31T00:00:00.000Z',
  can_apply: true,
  blocker: null,
  verification: 'approved',
};

const settlement: Settlement = {
  id: 9,
  party_id: 20,
  party_name: 'Estudio Sur',
  party_email: 'sur@example.com',
  party_role: 'studio',
  status: 'pending',
  period_start: '2026-10-01T00:00:00.000Z',
  period_end: '2026-10-31T00:00:00.000Z',
  gross_cents: 25_000,
  fee_bps: 200,
  fee_cents: 500,
  amount_cents: 24_500,
  payout_rail: 'manual_bank_transfer',
  payout_reference: null,
  reason: null,
  verification: 'approved',
  apply_time: '2026-11-01T10:00:00.000Z',
  process_time: null,
  decided_by: null,
};

const platform: PlatformSummary = {
  revenue_cents: 2_000_000,
  fees_cents: 500,
  unallocated_cents: 12_345,
  received_cents: 5_000_000,
  refunded_cents: 50_000,
  owed: { pending_cents: 100_000, available_cents: 25_000, in_transit_cents: 24_500, paid_out_cents: 1_000_000 },
};

const server = new FakeApi();

const show = () => renderPage(<FinancePage />, { path: '/finance' });
/** The row of a record (or a settlement) in the list on screen. */
const row = (testId: string) => screen.findByTestId(testId);

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'finance']);
  setViewportWidth(1280);
});
beforeEach(() => server.reset());

describe('the finance page of a merchant, in Spanish', () => {
  beforeEach(() => signInAs('client'));

  it('lists its payments with the amount in Spanish money style, and no earner or staff parts', async () => {
    server.ok(api.finance.records, page([payment, refund]));
    show();
    const paid = await row('record-P-12');
    expect(within(paid).getByTestId('record-amount')).toHaveTextContent('12.345,67 $');
    expect(within(paid).getByTestId('status-completed')).toHaveTextContent('Completado');
    expect(paid).toHaveTextContent('Pago');
    expect(within(paid).getByTestId('receipt-download')).toHaveTextContent('Recibo');
    // A refund has no receipt of its own.
    const back = screen.getByTestId('record-R-5');
    expect(within(back).getByTestId('record-amount')).toHaveTextContent('500,00 $');
    expect(within(back).getByTestId('status-pending')).toHaveTextContent('Pendiente');
    expect(within(back).queryByTestId('receipt-download')).toBeNull();
    expect(screen.getByText('Tus pagos, cada uno con su recibo para descargar.')).toBeInTheDocument();
    // The server scopes the list: the page asks for the first page, unfiltered.
    expect(server.bodiesOf(api.finance.records)).toEqual([{ page: 1, page_size: 20 }]);
    expect(screen.queryByTestId('apply-settlement')).toBeNull();
    expect(screen.queryByTestId('balance-tiles')).toBeNull();
    expect(screen.queryByTestId('platform-tiles')).toBeNull();
    expect(server.unanswered).toEqual([]);
  });

  it('downloads a payment’s receipt in the interface language, and says when it could not', async () => {
    const user = newUser();
    const pdf = btoa('%PDF-1.4');
    server
      .ok(api.finance.records, page([payment]))
      .sequence(api.finance.receipt, [
        { code: '500', msg: 'El recibo no está listo', data: null },
        { code: '200', data: { file_name: 'recibo-P-12.pdf', content_type: 'application/pdf', content_base64: pdf } },
      ]);
    // The browser's download: a blob URL and a click on a link named after the file.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      show();
      const receipt = within(await row('record-P-12')).getByTestId('receipt-download');
      await user.click(receipt);
      expect(await screen.findByText('Descarga fallida, inténtalo de nuevo: El recibo no está listo')).toBeInTheDocument();
      expect(clicked).not.toHaveBeenCalled();
      await user.click(receipt);
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      expect(server.bodiesOf(api.finance.receipt)).toEqual([
        { payment_id: 12, language: 'es-ES' },
        { payment_id: 12, language: 'es-ES' },
      ]);
      expect(clicked.mock.contexts[0]).toHaveProperty('download', 'recibo-P-12.pdf');
      expect(createObjectURL).toHaveBeenCalledTimes(1);
    } finally {
      clicked.mockRestore();
      createObjectURL.mockRestore();
    }
  });

  it('shows the list loading while the records are on their way', async () => {
    server.hang(api.finance.records);
    show();
    const table = await screen.findByTestId('payments-table');
    // antd's table spins over its rows (the spinner wraps the table, so it is found from the wrapper).
    expect(tableSpinner(table)).not.toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
    expect(screen.queryByTestId('record-amount')).toBeNull();
  });

  it('says a merchant has no payments yet', async () => {
    server.ok(api.finance.records, page([]));
    show();
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('Todavía no hay pagos');
  });

  it('shows a failed list with the server’s reason and a retry that reads it again', async () => {
    server.sequence(api.finance.records, [
      { code: '500', msg: 'El servidor no responde', data: null },
      { code: '200', data: page([payment]) },
    ]);
    show();
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('Búsqueda fallida, inténtalo de nuevo');
    expect(failed).toHaveTextContent('El servidor no responde');
    await newUser().click(within(failed).getByTestId('list-retry'));
    expect(await row('record-P-12')).toBeInTheDocument();
    expect(server.bodiesOf(api.finance.records)).toHaveLength(2);
  });
});

describe('the finance page of an operator, in Spanish', () => {
  it('says its list is its merchants’ payments, read only', async () => {
    signInAs('operator');
    server.ok(api.finance.records, page([payment]));
    show();
    expect(await row('record-P-12')).toBeInTheDocument();
    expect(screen.getByText('Pagos de los comercios asignados a ti (solo lectura).')).toBeInTheDocument();
    expect(screen.queryByTestId('refund-open')).toBeNull();
    expect(screen.queryByTestId('apply-settlement')).toBeNull();
  });
});

describe('the finance page of a studio, in Spanish', () => {
  beforeEach(() => {
    signInAs('studio');
    server.ok(api.finance.balance, balance).ok(api.finance.records, page([commission])).ok(api.settlement.list, pageOf([settlement]));
  });

  it('shows its balances and its earnings per payment, with the rule that made each', async () => {
    show();
    const earned = await row('record-C-34');
    expect(within(screen.getByTestId('tile-pending')).getByTestId('tile-pending-value')).toHaveTextContent('8641,97 $');
    expect(screen.getByTestId('tile-available-value')).toHaveTextContent('250,00 $');
    expect(screen.getByTestId('tile-in-transit-value')).toHaveTextContent('0,00 $');
    expect(screen.getByTestId('tile-paid-out-value')).toHaveTextContent('10.000,00 $');
    expect(within(earned).getByTestId('record-amount')).toHaveTextContent('8641,97 $');
    expect(earned).toHaveTextContent('v3 · 70%');
    expect(earned).toHaveTextContent('Tacos Carmen');
    expect(earned).toHaveTextContent('15,00 $ revertido por reembolsos');
    // Its earnings are its commissions; an earner has no receipt to download there.
    expect(server.bodiesOf(api.finance.records)).toEqual([{ type: 'commission', page: 1, page_size: 20 }]);
    expect(within(earned).queryByTestId('receipt-download')).toBeNull();
    expect(screen.getByTestId('tab-earnings')).toHaveTextContent('Ganancias');
    // A studio is no main agent: no sub-agents tab.
    expect(screen.queryByTestId('tab-sub-agents')).toBeNull();
    expect(screen.queryByTestId('tab-queue')).toBeNull();
  });

  it('says it has no earnings yet, not that nothing matches a filter it never chose', async () => {
    server.ok(api.finance.records, page([]));
    show();
    // The tab's own empty title (empty.earnings): its commission filter is the view's, not the reader's.
    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('Todavía no hay ganancias');
    expect(empty).not.toHaveTextContent('Nada coincide con estos filtros');
    expect(server.bodiesOf(api.finance.records)).toEqual([{ type: 'commission', page: 1, page_size: 20 }]);
  });

  it('lists its own settlement applications, unfiltered, on their tab', async () => {
    const user = newUser();
    show();
    await row('record-C-34');
    await user.click(screen.getByTestId('tab-settlements'));
    const applied = await row('settlement-9');
    expect(applied).toHaveTextContent('S-9');
    expect(applied).toHaveTextContent('2026/10/01 – 2026/10/31');
    expect(applied).toHaveTextContent('250,00 $');
    expect(applied).toHaveTextContent('5,00 $ (2%)');
    expect(within(applied).getByTestId('settlement-net')).toHaveTextContent('245,00 $');
    expect(server.bodiesOf(api.settlement.list)).toEqual([{ page: 1, page_size: 20 }]);
    // Deciding is for staff.
    expect(within(applied).queryByTestId('settlement-decide')).toBeNull();
  });

  it('applies for its available balance after showing what it would receive', async () => {
    const user = newUser();
    server.ok(api.settlement.preview, preview).ok(api.settlement.apply, settlement);
    show();
    await user.click(await screen.findByTestId('apply-settlement'));
    const shown = await screen.findByTestId('apply-preview');
    expect(shown).toHaveTextContent('2026/10/01 – 2026/10/31');
    expect(shown).toHaveTextContent('5,00 $ (2%)');
    expect(within(shown).getByTestId('apply-net')).toHaveTextContent('245,00 $');
    expect(within(shown).queryByTestId('apply-verification')).toBeNull();
    server.clearCalls();
    await user.click(screen.getByTestId('apply-submit'));
    expect(await screen.findByText('Solicitud enviada; el importe queda reservado')).toBeInTheDocument();
    expect(server.bodiesOf(api.settlement.apply)).toEqual([{}]);
    // The balances are read again: the money is now reserved.
    await waitFor(() => expect(server.bodiesOf(api.finance.balance)).toHaveLength(1));
  });

  it('does not let it apply below the minimum, and says the minimum in Spanish money style', async () => {
    const user = newUser();
    server.ok(api.settlement.preview, { ...preview, available_cents: 2_500, gross_cents: 2_500, fee_cents: 50, amount_cents: 2_450, can_apply: false, blocker: 'below_minimum', verification: 'pending' });
    show();
    await user.click(await screen.findByTestId('apply-settlement'));
    expect(await screen.findByTestId('apply-blocker')).toHaveTextContent('El saldo disponible debe ser de al menos 100,00 $ para solicitarla.');
    expect(screen.getByTestId('apply-verification')).toBeInTheDocument();
    expect(screen.getByTestId('apply-submit')).toBeDisabled();
  });

  it('shows its balances loading while they are on their way', async () => {
    server.hang(api.finance.balance);
    show();
    const tiles = await screen.findByTestId('balance-tiles');
    expect(tiles.querySelectorAll('.ant-skeleton')).toHaveLength(4);
    expect(within(tiles).queryByTestId('tile-available-value')).toBeNull();
    // The list below does not wait for the balances.
    expect(await row('record-C-34')).toBeInTheDocument();
  });

  it('shows failed balances with the server’s reason and a retry', async () => {
    server.sequence(api.finance.balance, [
      { code: '500', msg: 'Saldo no disponible', data: null },
      { code: '200', data: balance },
    ]);
    show();
    const failed = await screen.findByTestId('balance-failed');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('Saldo no disponible');
    expect(screen.queryByTestId('balance-tiles')).toBeNull();
    await newUser().click(within(failed).getByTestId('load-retry'));
    expect(await screen.findByTestId('tile-available-value')).toHaveTextContent('250,00 $');
  });
});

describe('the finance page of a main agent, in Spanish', () => {
  it('shows its sub-agents’ balances and their total on their own tab', async () => {
    const user = newUser();
    signInAs('partner', { agent_type: 'main' });
    const subBalances = { pending_cents: 10_000, available_cents: 20_000, in_transit_cents: 0, paid_out_cents: 30_000 };
    server
      .ok(api.finance.balance, {
        ...balance,
        sub_agents: [
          { id: 31, name: 'Agente Norte', email: 'norte@example.com', balances: subBalances },
          { id: 32, name: 'Agente Este', email: 'este@example.com', balances: subBalances },
        ],
        sub_agents_total: { pending_cents: 20_000, available_cents: 40_000, in_transit_cents: 0, paid_out_cents: 60_000 },
      })
      .ok(api.finance.records, page([]));
    show();
    const tab = await screen.findByTestId('tab-sub-agents');
    expect(tab).toHaveTextContent('Subagentes (2)');
    await user.click(tab);
    const table = await screen.findByTestId('sub-agents');
    expect(table).toHaveTextContent('Agente Norte');
    const total = table.querySelector<HTMLElement>('.ant-table-summary')!;
    expect(total).toHaveTextContent('Todos los subagentes');
    expect(total).toHaveTextContent('400,00 $');
    expect(total).toHaveTextContent('600,00 $');
  });
});

describe('the finance page of staff, in Spanish', () => {
  beforeEach(() => {
    server.ok(api.finance.platform, platform).ok(api.finance.records, page([payment, commission]));
  });

  it('shows the super admin the platform’s accounts, every record with its parties, and the rules tab', async () => {
    signInAs('super');
    show();
    const paid = await row('record-P-12');
    expect(screen.getByTestId('tile-received-value')).toHaveTextContent('50.000,00 $');
    expect(screen.getByTestId('tile-revenue-value')).toHaveTextContent('20.000,00 $');
    expect(screen.getByTestId('tile-unallocated-value')).toHaveTextContent('123,45 $');
    // Owed: pending, available and in transit; what was paid out is owed no more.
    expect(screen.getByTestId('tile-owed-value')).toHaveTextContent('1495,00 $');
    // A payment goes to the platform; staff may refund it.
    expect(paid).toHaveTextContent('Plataforma');
    expect(within(paid).getByTestId('refund-open')).toHaveTextContent('Reembolsar');
    expect(within(screen.getByTestId('record-C-34')).queryByTestId('refund-open')).toBeNull();
    expect(screen.getByTestId('tab-rules')).toHaveTextContent('Reglas y ajustes');
    expect(screen.getByText('Exportar CSV')).toBeInTheDocument();
    expect(screen.queryByTestId('apply-settlement')).toBeNull();
  });

  it('does not show an admin the commission rules', async () => {
    signInAs('admin');
    // The tabs do not wait for the records.
    server.hang(api.finance.records);
    show();
    expect(await screen.findByTestId('tab-records')).toHaveTextContent('Registros');
    expect(screen.getByTestId('tab-queue')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-rules')).toBeNull();
  });

  it('filters the records by type and status, and says when nothing matches', async () => {
    const user = newUser();
    signInAs('super');
    show();
    await row('record-P-12');
    server.ok(api.finance.records, page([])).clearCalls();
    await pick(user, screen.getByRole('combobox', { name: 'Tipo' }), 'Comisión');
    await waitFor(() => expect(server.bodiesOf(api.finance.records)).toContainEqual({ type: 'commission', page: 1, page_size: 20 }));
    await pick(user, screen.getByRole('combobox', { name: 'Estado' }), 'Pendiente');
    await waitFor(() => expect(server.bodiesOf(api.finance.records)).toContainEqual({ type: 'commission', status: 'pending', page: 1, page_size: 20 }));
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('Nada coincide con estos filtros');
    server.clearCalls();
    await user.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(server.bodiesOf(api.finance.records)).toEqual([{ page: 1, page_size: 20 }]));
  });

  it('approves a pending application in the queue with its payout reference', async () => {
    const user = newUser();
    signInAs('super');
    server.ok(api.settlement.list, pageOf([settlement])).ok(api.settlement.approve, { ...settlement, status: 'paid', payout_reference: 'TRF-2026-11' });
    show();
    await row('record-P-12');
    await user.click(screen.getByTestId('tab-queue'));
    const pending = await row('settlement-9');
    // The queue opens on what waits for a decision.
    expect(server.bodiesOf(api.settlement.list)).toEqual([{ status: 'pending', page: 1, page_size: 20 }]);
    expect(pending).toHaveTextContent('Estudio Sur');
    expect(pending).toHaveTextContent('Verificado');
    await user.click(within(pending).getByTestId('settlement-decide'));
    await user.click(await screen.findByTestId('action-approve'));
    expect(await screen.findByText('Estudio Sur recibe 245,00 $.')).toBeInTheDocument();
    await user.type(screen.getByTestId('decision-text'), 'TRF-2026-11');
    await user.click(screen.getByTestId('decision-submit'));
    expect(await screen.findByText('Marcada como pagada')).toBeInTheDocument();
    expect(server.bodiesOf(api.settlement.approve)).toEqual([{ id: 9, payout_reference: 'TRF-2026-11' }]);
  });

  it('shows a failed platform summary with its reason and a retry', async () => {
    signInAs('super');
    server.sequence(api.finance.platform, [
      { code: '500', msg: 'Cuentas no disponibles', data: null },
      { code: '200', data: platform },
    ]);
    show();
    const failed = await screen.findByTestId('platform-failed');
    expect(failed).toHaveTextContent('Cuentas no disponibles');
    // The records still arrive: one failure does not take the page.
    expect(await row('record-P-12')).toBeInTheDocument();
    await newUser().click(within(failed).getByTestId('load-retry'));
    expect(await screen.findByTestId('tile-revenue-value')).toHaveTextContent('20.000,00 $');
  });
});
