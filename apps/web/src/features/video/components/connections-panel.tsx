import { LinkOutlined } from '@ant-design/icons';
import type { VideoConnection } from '@nearcast/contract';
import { Button, Card, Pagination, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { useConnectPlatform } from '../api/connect-platform';
import { useConnections } from '../api/list-connections';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from './platform-tag';
import { ConnectionStateTag } from './status-tags';
import './connections-panel.css';

const PAGE_SIZE = 10;

/**
 * The merchants in scope, each with its state on every platform the server offers (the sandbox
 * stands in, labelled, where a platform has no credentials). Connect and reconnect go to the
 * platform's own authorization page, which returns to /video/connected.
 */
export function ConnectionsPanel({ merchantId }: { merchantId: number | null }) {
  const { t } = useTranslation('video');
  const [page, setPage] = useState(1);
  const query = useConnections({ merchant_id: merchantId ?? undefined, page: merchantId ? 1 : page, page_size: PAGE_SIZE });
  const connect = useConnectPlatform();
  const [pending, setPending] = useState<string | null>(null);

  const start = (connection: VideoConnection) => {
    const key = `${connection.merchant_id}:${connection.platform}`;
    setPending(key);
    connect.mutate(
      { merchant_id: connection.merchant_id, platform: connection.platform },
      {
        // Leaving for the platform's page; the callback page brings the user back here.
        onSuccess: (answer) => window.location.assign(answer.authorize_url),
        onError: () => setPending(null),
      },
    );
  };

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} title={t('errors.load_connections')} testId="video-connections-error" />;
  if (query.data.list.length === 0) return <ListEmpty title={t('merchant.none')} testId="video-connections-empty" />;

  return (
    <div className="video-connections" data-testid="video-connections">
      {query.data.list.map((merchant) => (
        <Card key={merchant.merchant_id} size="small" className="video-connections__merchant" title={t('connection.title', { merchant: merchant.merchant_name })} data-testid={`video-connections-${merchant.merchant_id}`}>
          <ul className="video-connections__grid">
            {byTargetOrder(merchant.connections, (connection) => connection.platform).map((connection) => {
              const key = `${connection.merchant_id}:${connection.platform}`;
              const canConnect = connection.state === 'not_connected' || connection.state === 'needs_reconnect' || connection.state === 'expiring';
              return (
                <li key={key} className="video-connection" data-testid={`connection-${connection.platform}`} data-state={connection.state}>
                  <div className="video-connection__head">
                    <PlatformLabel platform={connection.platform} sandbox={connection.sandbox} assisted={connection.mode === 'assisted'} />
                    <ConnectionStateTag state={connection.state} />
                  </div>
                  <div className="video-connection__body">
                    {connection.account_name && (
                      <span className="video-connection__account" data-testid="connection-account" title={connection.account_name}>
                        {connection.account_name}
                      </span>
                    )}
                    {connection.expires_at && connection.state !== 'not_connected' && <span className="video-muted">{t('connection.expires', { date: formatDate(connection.expires_at) })}</span>}
                    {connection.last_error && connection.state !== 'connected' && (
                      <Tooltip title={connection.last_error}>
                        <span className="video-connection__error" tabIndex={0}>
                          {connection.last_error}
                        </span>
                      </Tooltip>
                    )}
                  </div>
                  {canConnect && (
                    <Button
                      size="small"
                      type={connection.state === 'not_connected' ? 'default' : 'primary'}
                      icon={<LinkOutlined />}
                      loading={pending === key}
                      disabled={pending !== null && pending !== key}
                      onClick={() => start(connection)}
                      data-testid={`connect-${connection.platform}`}
                    >
                      {connection.state === 'not_connected' ? t('connection.connect') : t('connection.reconnect')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      ))}
      {!merchantId && query.data.total > PAGE_SIZE && (
        <Pagination current={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} showSizeChanger={false} className="video-connections__pages" />
      )}
    </div>
  );
}
