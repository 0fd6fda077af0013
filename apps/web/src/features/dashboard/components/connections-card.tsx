import { ApiOutlined, CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { routeAllows, type DashboardRange } from '@nearcast/contract';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { LinkButton } from '../../../components/link-button';
import { currentLanguage } from '../../../lib/i18n';
import { ROUTE_BY_KEY } from '../../../lib/routes';
import { useSession } from '../../../lib/session';
import { useDashboardTotal } from '../api/dashboard-total';
import './panels-styles';

/**
 * Publishing accounts in the caller's scope per platform (from /v1/dashboard/total): how many are
 * connected and how many need connecting again. Those who may open /video are taken there to
 * act; a merchant is told who can (its studio reconnects through the review flow).
 */
export function ConnectionsCard({ range }: { range: DashboardRange }) {
  const { t } = useTranslation('dashboard');
  const { role } = useSession();
  const locale = currentLanguage();
  const total = useDashboardTotal(range);
  const canAct = role !== null && routeAllows(ROUTE_BY_KEY.video, role);
  const connections = total.data?.connections ?? [];
  const needing = connections.reduce((sum, row) => sum + row.needs_reconnect, 0);

  let body;
  if (total.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (total.isError && !total.data) body = <InlineLoadFailed onRetry={() => void total.refetch()} retryTestId="connections-retry" />;
  else if (connections.length === 0)
    body = (
      <p className="dash-muted dash-connections__empty" data-testid="connections-empty">
        {t(canAct ? 'connections.empty_act' : 'connections.empty')}
      </p>
    );
  else
    body = (
      <>
        <ul className="dash-connections" data-testid="connections-list">
          {connections.map((row) => (
            <li key={row.platform} data-testid={`connection-${row.platform}`} className={row.needs_reconnect > 0 ? 'dash-connections__row--warn' : undefined}>
              <span className="dash-strong">{t(`platforms.${row.platform}`)}</span>
              <span className="dash-connections__counts">
                <span className="dash-connections__ok">
                  <CheckCircleFilled aria-hidden="true" /> {t('connections.connected', { count: row.connected, value: row.connected.toLocaleString(locale) })}
                </span>
                {row.needs_reconnect > 0 && (
                  <span className="dash-connections__warn" data-testid={`connection-${row.platform}-reconnect`}>
                    <ExclamationCircleFilled aria-hidden="true" /> {t('connections.needs_reconnect', { count: row.needs_reconnect, value: row.needs_reconnect.toLocaleString(locale) })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
        {needing > 0 && !canAct && <p className="dash-muted dash-connections__note">{t(role === 'client' ? 'connections.ask_studio' : 'connections.ask_team')}</p>}
      </>
    );

  return (
    <Card
      className="dash-card"
      title={<span className="nc-card-title"><ApiOutlined /> {t('connections.title')}</span>}
      extra={
        canAct ? (
          <LinkButton to="/video" size="small" type={needing > 0 ? 'primary' : 'default'} data-testid="connections-act">
            {t(needing > 0 ? 'connections.reconnect' : 'connections.manage')}
          </LinkButton>
        ) : undefined
      }
      data-testid="connections-card"
    >
      {body}
    </Card>
  );
}
