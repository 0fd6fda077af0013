import type { DashboardScope, DashboardTotalResponse, Figure } from '@nearcast/contract';

type FigureField = {
  [K in keyof DashboardTotalResponse]: DashboardTotalResponse[K] extends Figure | null ? K : never;
}[keyof DashboardTotalResponse];

export interface HeadlineTile {
  /** The figure's field in /v1/dashboard/total, also its catalogue key and test id. */
  field: FigureField;
  /** Label key under `figures.`; a merchant's revenue is what it spent. */
  label: string;
  money: boolean;
  /** Whether a rise is good news (colours the change). */
  higherIsBetter: boolean;
}

const tile = (field: FigureField, money = false, label: string = field): HeadlineTile => ({ field, label, money, higherIsBetter: true });

/**
 * Which headline figures each scope reads first. Staff and agents run a network (revenue,
 * merchants, studios, what was paid on); a studio and an operator serve merchants (their
 * merchants' payments and the videos made for them); a merchant watches its own spend and plays.
 * Every scope sees how many materials its merchants hold (spec §1 lists materials among the
 * dashboard's figures for all). Rows are kept even: the tiles wrap in two equal rows.
 */
const BY_SCOPE: Record<DashboardScope, HeadlineTile[]> = {
  platform: [
    tile('revenue_cents', true),
    tile('clients'),
    tile('new_clients'),
    tile('studios'),
    tile('agents'),
    tile('commission_cents', true, 'commission_paid'),
    tile('payments'),
    tile('materials'),
    tile('videos_published'),
    tile('plays'),
  ],
  agent: [
    tile('revenue_cents', true),
    tile('commission_cents', true),
    tile('clients'),
    tile('new_clients'),
    tile('studios'),
    tile('agents', false, 'sub_agents'),
    tile('materials'),
    tile('videos_published'),
  ],
  sub_agent: [tile('revenue_cents', true), tile('commission_cents', true), tile('clients'), tile('new_clients'), tile('studios'), tile('materials')],
  studio: [
    tile('revenue_cents', true),
    tile('commission_cents', true),
    tile('payments'),
    tile('clients'),
    tile('new_clients'),
    tile('materials'),
    tile('videos_published'),
    tile('plays'),
  ],
  operator: [tile('clients'), tile('new_clients'), tile('revenue_cents', true), tile('materials'), tile('videos_published'), tile('plays')],
  client: [tile('plays'), tile('videos_published'), tile('materials'), tile('revenue_cents', true, 'spent')],
};

/** The tiles a scope shows, leaving out any figure the answer does not carry for it. */
export function headlineTiles(total: Pick<DashboardTotalResponse, 'scope'> & Partial<Record<FigureField, Figure | null>>): HeadlineTile[] {
  return BY_SCOPE[total.scope].filter((entry) => total[entry.field] != null);
}
