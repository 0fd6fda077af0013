import {
  ApartmentOutlined,
  DollarOutlined,
  FileImageOutlined,
  PlayCircleOutlined,
  ShopOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserAddOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { DashboardRange } from '@nearcast/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { useDashboardTotal } from '../api/dashboard-total';
import { headlineTiles, type HeadlineTile } from '../lib/headline';
import { FigureTile } from './figure-tile';
import './panels-styles';

const ICONS: Record<HeadlineTile['field'], ReactNode> = {
  revenue_cents: <DollarOutlined />,
  payments: <TransactionOutlined />,
  clients: <ShopOutlined />,
  new_clients: <UserAddOutlined />,
  studios: <TeamOutlined />,
  agents: <ApartmentOutlined />,
  commission_cents: <WalletOutlined />,
  materials: <FileImageOutlined />,
  videos_published: <VideoCameraOutlined />,
  plays: <PlayCircleOutlined />,
};

/**
 * The headline figures of /v1/dashboard/total for the caller's scope, each with its change. The
 * dashboard and the agent and studio centers (/partner, /studio) draw the same tiles from the same call.
 */
export function HeadlineTiles({ range, testId = 'dashboard-tiles' }: { range: DashboardRange; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const total = useDashboardTotal(range);
  if (total.isError && !total.data)
    return <LoadFailed error={total.error} onRetry={() => void total.refetch()} testId="tiles-failed" retryTestId="tiles-retry" />;
  // Until the first answer, a row of shimmering tiles the size of the usual ones.
  const tiles = total.data ? headlineTiles(total.data) : null;
  return (
    <div
      className={`dash-figures${total.isFetching && total.data ? ' dash-figures--stale' : ''}`}
      // Up to six in one row on a wide screen; more in two even rows (eight as four and four).
      style={{ '--dash-cols': tiles ? (tiles.length <= 6 ? tiles.length : Math.ceil(tiles.length / 2)) : 4 } as CSSProperties}
      data-testid={testId}
      aria-busy={total.isFetching}
    >
      {tiles
        ? tiles.map((entry, index) => (
            <FigureTile
              key={entry.field}
              label={t(`figures.${entry.label}`)}
              figure={total.data?.[entry.field] ?? undefined}
              money={entry.money}
              higherIsBetter={entry.higherIsBetter}
              icon={ICONS[entry.field]}
              loading={false}
              testId={`figure-${entry.field}`}
              accent={index === 0}
            />
          ))
        : Array.from({ length: 4 }, (_, index) => <FigureTile key={index} label="" figure={undefined} loading testId={`figure-loading-${index}`} />)}
    </div>
  );
}
