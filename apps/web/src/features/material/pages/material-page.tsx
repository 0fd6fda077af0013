import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { FOOTAGE_ORIGINS, FOOTAGE_STATUSES, FOOTAGE_TYPES, FOOTAGE_USAGES, type Footage, type FootageOrigin, type FootageStatus, type FootageType, type FootageUsage } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { StatTiles } from '../../../components/stat-tiles';
import { formatBytes } from '../../../components/upload/upload-queue';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useFootageCount } from '../api/footage-count';
import { useFootageStorage } from '../api/footage-storage';
import { useFootageList } from '../api/list-footage';
import { materialReads } from '../api/material-reads';
import { MaterialDrawer } from '../components/material-drawer';
import { GRID_PAGE_SIZES, MaterialGrid } from '../components/material-grid';
import { MaterialThumb } from '../components/material-preview';
import { MaterialStatusTag, MaterialTypeLabel, MaterialUsageTag } from '../components/material-tags';
import { MaterialUploader } from '../components/material-uploader';
import { MerchantPicker } from '../../../components/merchant-picker';
import { StorageMeter } from '../components/storage-meter';
import { activeFilterCount, isNarrowed, toMaterialQuery, type MaterialFilterValues } from '../lib/filters';
import { formatDuration } from '../lib/media';
import './material-styles';

const DAY = 'YYYY-MM-DD';
type View = 'grid' | 'list';

/**
 * /material (super, client): a merchant's library of videos, images and audio — uploads, the
 * processing of each file shown as it happens, counts by type, storage against the quota, a
 * grid or a list with filters, and each material's preview and details. The super admin sees
 * every merchant's library and narrows it to one merchant.
 */
export function MaterialPage() {
  const { t } = useTranslation('material');
  const { role, user } = useSession();
  const isSuper = role === 'super';
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'grid';
  const [filters, setFilters] = useState<MaterialFilterValues>({});
  const paging = usePaging(24);
  const [openId, setOpenId] = useState<number | null>(null);

  const listFilters = toMaterialQuery(filters);
  const merchant = filters.merchant_id ?? undefined;
  const list = useFootageList({ ...listFilters, page: paging.page, page_size: paging.size, sort: 'newest' });
  const count = useFootageCount(merchant ? { merchant_id: merchant } : {});
  // The super admin's storage view needs one merchant; a merchant reads its own.
  const storage = useFootageStorage(merchant ? { merchant_id: merchant } : {}, !isSuper || merchant !== undefined);

  const applyFilters = (next: MaterialFilterValues) => {
    setFilters(next);
    paging.toFirst();
  };
  const setView = (next: View) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'list') updated.set('view', 'list');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );

  const tiles = [
    { key: 'total', label: t('count.total'), value: count.data?.total ?? '—', accent: true },
    ...FOOTAGE_TYPES.map((type) => ({ key: type, label: t(`count.${type}`), value: count.data?.[type] ?? '—' })),
    ...(count.data && count.data.processing > 0 ? [{ key: 'processing', label: t('count.processing'), value: count.data.processing }] : []),
    // The studio's videos are their own kind, counted apart from the merchant's uploads.
    ...(count.data && count.data.studio > 0 ? [{ key: 'studio', label: t('count.studio'), value: count.data.studio }] : []),
  ];

  const columns: DataColumn<Footage>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      width: 280,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      render: (_, row) => (
        <div className="material-row">
          <MaterialThumb footage={row} size="row" />
          <div className="material-row__text">
            <span className="material-row__name" title={row.name}>{row.name}</span>
            {isSuper && <span className="material-row__sub" title={row.merchant_name}>{row.merchant_name}</span>}
          </div>
        </div>
      ),
    },
    {
      key: 'type',
      title: t('fields.type'),
      width: 110,
      render: (_, row) => (
        <>
          <MaterialTypeLabel type={row.type} />
          {row.origin === 'studio' && <div className="material-row__sub" data-testid="material-origin">{t('origin.studio')}</div>}
        </>
      ),
    },
    { key: 'status', phone: 'status', title: t('fields.status'), width: 120, render: (_, row) => <MaterialStatusTag status={row.status} reason={row.failure_reason} /> },
    {
      key: 'usage',
      phone: 'status',
      title: t('fields.usage'),
      width: 120,
      render: (_, row) => (row.status === 'processing' || row.status === 'failed' ? '—' : <MaterialUsageTag usage={row.usage} />),
    },
    { key: 'duration', title: t('fields.duration'), width: 100, align: 'right', render: (_, row) => <span className="material-num" data-testid="material-duration">{formatDuration(row.duration)}</span> },
    { key: 'size', title: t('fields.size'), width: 110, align: 'right', render: (_, row) => <span className="material-num">{formatBytes(row.size, language)}</span> },
    { key: 'uploaded', title: t('fields.upload_time'), width: 160, render: (_, row) => formatDate(row.upload_time) },
    { key: 'tags', phone: 'hidden', title: t('fields.tags'), width: 180, ellipsis: true, render: (_, row) => (row.tags.length ? row.tags.join(', ') : '—') },
  ];

  const filtered = isNarrowed(listFilters);

  return (
    <div className="material-page">
      <PageHeader
        subtitle={t(isSuper ? 'page.subtitle_super' : 'page.subtitle')}
        extra={
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
              { value: 'list', icon: <UnorderedListOutlined />, label: t('view.list') },
            ]}
            aria-label={t('view.label')}
            data-testid="material-view"
          />
        }
      />
      {!isSuper && user && (
        <div className="material-top">
          <MaterialUploader userId={user.id} onAdded={() => void invalidateEndpoints(queryClient, materialReads)} />
          <StorageMeter query={storage} />
        </div>
      )}
      {isSuper && merchant !== undefined && (
        <div className="material-top material-top--storage">
          <StorageMeter query={storage} />
        </div>
      )}
      <StatTiles tiles={tiles} loading={count.isPending} testId="material-tiles" />
      <ListFilters
        keyword={{ value: filters.keyword ?? '', placeholder: t('filters.keyword'), onSearch: (keyword) => applyFilters({ ...filters, keyword }), testId: 'material-keyword' }}
        onReset={() => applyFilters({})}
        active={activeFilterCount(filters)}
      >
        {isSuper && (
          <MerchantPicker
            value={filters.merchant_id ?? null}
            onChange={(merchant_id) => applyFilters({ ...filters, merchant_id })}
            placeholder={t('filters.merchant')}
            testId="filter-merchant"
            className="nc-filters__select material-merchant-select"
            style={{ '--nc-fit': '220px' } as CSSProperties}
          />
        )}
        <FilterSelect<FootageType>
          label={t('filters.type')}
          value={filters.type}
          onChange={(type) => applyFilters({ ...filters, type })}
          options={FOOTAGE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          data-testid="filter-type"
        />
        <FilterSelect<FootageOrigin>
          label={t('filters.origin')}
          value={filters.origin}
          onChange={(origin) => applyFilters({ ...filters, origin })}
          options={FOOTAGE_ORIGINS.map((value) => ({ value, label: t(`origin.${value}`) }))}
          data-testid="filter-origin"
        />
        <FilterSelect<FootageStatus>
          label={t('filters.status')}
          value={filters.status}
          onChange={(status) => applyFilters({ ...filters, status })}
          options={FOOTAGE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="filter-status"
        />
        <FilterSelect<FootageUsage>
          label={t('filters.usage')}
          value={filters.usage}
          onChange={(usage) => applyFilters({ ...filters, usage })}
          options={FOOTAGE_USAGES.map((value) => ({ value, label: t(`usage.${value}`) }))}
          data-testid="filter-usage"
        />
        <DatePicker.RangePicker
          className="nc-filters__range"
          classNames={{ popup: { root: 'material-range-popup' } }}
          value={filters.uploaded ? [dayjs(filters.uploaded[0]), dayjs(filters.uploaded[1])] : null}
          onChange={(_dates, strings) => applyFilters({ ...filters, uploaded: strings[0] && strings[1] ? [strings[0], strings[1]] : null })}
          format={DAY}
          placeholder={[t('filters.uploaded_from'), t('filters.uploaded_to')]}
          aria-label={t('filters.uploaded')}
          allowEmpty={[false, false]}
          data-testid="filter-uploaded"
        />
      </ListFilters>
      {view === 'grid' ? (
        <MaterialGrid
          query={list}
          {...paging.table}
          onOpen={(footage) => setOpenId(footage.id)}
          emptyTitle={t(isSuper ? 'empty.title_super' : 'empty.title')}
          emptyBody={isSuper ? undefined : t('empty.body')}
          filtered={filtered}
          showMerchant={isSuper}
        />
      ) : (
        <DataTable<Footage>
          query={list}
          columns={columns}
          {...paging.table}
          pageSizes={GRID_PAGE_SIZES}
          rowTestId={(row) => `material-row-${row.id}`}
          onOpen={(row) => setOpenId(row.id)}
          openLabel={(row) => t('actions.open_named', { name: row.name })}
          testId="material-table"
          emptyTitle={t(isSuper ? 'empty.title_super' : 'empty.title')}
          emptyBody={isSuper ? undefined : t('empty.body')}
          filtered={filtered}
        />
      )}
      <MaterialDrawer id={openId} onClose={() => setOpenId(null)} showMerchant={isSuper} />
    </div>
  );
}
