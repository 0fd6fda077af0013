import type { Footage } from '@nearcast/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../../components/data-table';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { formatBytes } from '../../../components/upload/upload-queue';
import { formatDate, DATE_FORMAT } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { formatDuration } from '../lib/media';
import { MaterialThumb } from './material-preview';
import { MaterialStatusTag, MaterialTypeLabel, MaterialUsageTag } from './material-tags';

interface MaterialGridProps {
  query: UseQueryResult<Paged<Footage>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onOpen: (footage: Footage) => void;
  emptyTitle: string;
  emptyBody?: string;
  filtered: boolean;
  /** Show whose material it is (super, studio lists across merchants). */
  showMerchant?: boolean;
  /** A card's own actions (a studio's usage mark), under its facts. */
  actions?: (footage: Footage) => ReactNode;
  testId?: string;
}

export const GRID_PAGE_SIZES = [12, 24, 48, 96];

/**
 * The library as pictures: a card per material with its thumbnail, duration, type, size,
 * upload day, status and what the studio made of it; a click anywhere on it (or Enter on its
 * one focusable opener) opens its preview and details; its own actions stay its own.
 */
export function MaterialGrid({ query, page, pageSize, onPageChange, onOpen, emptyTitle, emptyBody, filtered, showMerchant = false, actions, testId = 'material-grid' }: MaterialGridProps) {
  const { t } = useTranslation('material');
  const { t: tc } = useTranslation('common');
  const language = currentLanguage();

  if (query.isPending) {
    return (
      <div className="material-grid" data-testid={`${testId}-loading`} aria-busy="true">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="material-card material-card--skeleton">
            <Skeleton.Node active className="material-card__skeleton-thumb">
              <span />
            </Skeleton.Node>
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} title={tc('states.search_failed')} testId={`${testId}-error`} />;
  }
  const data = query.data;
  if (!data || data.list.length === 0) {
    return filtered ? (
      <ListEmpty title={tc('list.no_match')} body={tc('list.empty_filtered')} testId={`${testId}-empty`} />
    ) : (
      <ListEmpty title={emptyTitle} body={emptyBody} testId={`${testId}-empty`} />
    );
  }

  return (
    <div className="material-grid-wrap">
      <ul className="material-grid" data-testid={testId}>
        {data.list.map((footage) => (
          <li key={footage.id} className="material-card" data-testid={`material-card-${footage.id}`} data-name={footage.name} data-status={footage.status}>
            <button type="button" className="material-card__open" onClick={() => onOpen(footage)} aria-label={t('actions.open_named', { name: footage.name })} data-testid="material-open">
              <span className="material-card__thumb">
                <MaterialThumb footage={footage} />
                {footage.duration !== null && (
                  <span className="material-card__duration" data-testid="material-duration">
                    {formatDuration(footage.duration)}
                  </span>
                )}
              </span>
            </button>
            <div className="material-card__body">
              <div className="material-card__name" title={footage.name}>
                {footage.name}
              </div>
              {showMerchant && <div className="material-card__merchant" title={footage.merchant_name}>{footage.merchant_name}</div>}
              <div className="material-card__facts">
                <MaterialTypeLabel type={footage.type} />
                <span>{formatBytes(footage.size, language)}</span>
                <span>{formatDate(footage.upload_time, DATE_FORMAT)}</span>
              </div>
              <div className="material-card__tags">
                <MaterialStatusTag status={footage.status} reason={footage.failure_reason} />
                {footage.status !== 'processing' && footage.status !== 'failed' && <MaterialUsageTag usage={footage.usage} />}
              </div>
              {actions && <div className="material-card__actions">{actions(footage)}</div>}
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        className="material-grid__pages"
        current={page}
        pageSize={pageSize}
        total={data.total}
        onChange={onPageChange}
        pageSizeOptions={GRID_PAGE_SIZES}
        showSizeChanger
        size="small"
        showTotal={(total) => tc('list.total', { count: total })}
      />
    </div>
  );
}
