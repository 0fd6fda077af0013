import { DatabaseOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ResponseOf, api } from '@nearcast/contract';
import { Card, Progress, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/upload/upload-queue';
import { InlineLoadFailed } from '../../../components/list-state';
import { currentLanguage } from '../../../lib/i18n';
import { quotaPercent, quotaShare } from '../lib/media';

type Storage = ResponseOf<typeof api.footage.storage>;

/** The merchant's stored bytes against its plan's quota: where it stands before it uploads more. */
export function StorageMeter({ query }: { query: UseQueryResult<Storage> }) {
  const { t } = useTranslation('material');
  const language = currentLanguage();
  const data = query.data;
  const percent = data ? quotaPercent(data.used_bytes, data.quota_bytes) : 0;
  const share = data ? quotaShare(data.used_bytes, data.quota_bytes) : null;
  return (
    <Card size="small" className="material-storage" data-testid="material-storage">
      <div className="material-storage__head">
        <DatabaseOutlined aria-hidden="true" />
        <span className="material-storage__title">{t('storage.title')}</span>
        {data?.plan_name && <span className="material-storage__plan">{t('storage.plan', { plan: data.plan_name })}</span>}
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : query.isError || !data ? (
        <InlineLoadFailed onRetry={() => void query.refetch()} retryTestId="material-storage-retry" />
      ) : (
        <>
          <Progress
            percent={percent}
            status={percent >= 100 ? 'exception' : 'normal'}
            strokeColor={percent >= 90 ? '#faad14' : { from: '#7c5cff', to: '#22d3ee' }}
            showInfo={false}
            aria-label={t('storage.title')}
          />
          <p className="material-storage__numbers" data-testid="material-storage-text">
            {share?.kind === 'under_one'
              ? t('storage.used_under_one', { used: formatBytes(data.used_bytes, language), quota: formatBytes(data.quota_bytes, language) })
              : t('storage.used', { used: formatBytes(data.used_bytes, language), quota: formatBytes(data.quota_bytes, language), percent })}
          </p>
          {percent >= 100 && <p className="material-storage__full">{t('storage.full')}</p>}
        </>
      )}
    </Card>
  );
}
