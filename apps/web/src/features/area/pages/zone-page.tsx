import { PlusOutlined } from '@ant-design/icons';
import type { Zone } from '@nearcast/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useDeleteZone } from '../api/delete-zone';
import { useZones, type ZoneListRequest } from '../api/list-zones';
import { AddZoneModal } from '../components/add-zone-modal';
import { DeleteButton } from '../components/delete-button';
import { StateSelect } from '../components/state-select';
import { visibleTags } from '../lib/zone-view';
import './area.css';

/** How many city tags a row shows before folding the rest into "+N" (fewer on phones). */
const CITY_TAGS = { desktop: 6, phone: 3 } as const;

function CityTags({ cities, max }: { cities: Zone['cities']; max: number }) {
  const { t } = useTranslation('area');
  const { shown, hidden } = visibleTags(cities, max);
  return (
    <div className="area-tags">
      {shown.map((city) => (
        <Tag key={city.id} className="area-tag">
          {city.name}
        </Tag>
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.map((city) => city.name).join(', ')}>
          <Tag className="area-tag area-tag--more">{t('zone.more', { count: hidden.length })}</Tag>
        </Tooltip>
      )}
    </div>
  );
}

/** Spec §2 "Zone": sales zones (a name, one state, several of its cities), with add and delete. */
export function ZonePage() {
  const { t } = useTranslation('area');
  const [filters, setFilters] = useState<{ keyword: string; stateId?: number; page: number; pageSize: number }>({ keyword: '', page: 1, pageSize: 20 });
  const [adding, setAdding] = useState(false);
  const request = useMemo<ZoneListRequest>(
    () => ({
      page: filters.page,
      page_size: filters.pageSize,
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...(filters.stateId ? { state_id: filters.stateId } : {}),
    }),
    [filters],
  );
  const zones = useZones(request);
  const remove = useDeleteZone();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const filtered = !!filters.keyword || !!filters.stateId;

  const columns: DataColumn<Zone>[] = [
    {
      title: t('columns.zone'),
      dataIndex: 'name',
      key: 'name',
      phone: 'title',
      render: (name: string, zone) => (
        <div className="area-zone">
          <span className="area-name">{name}</span>
          {/* Phones have no state column: the state goes under the name. */}
          <span className="area-zone__state">{zone.state_name}</span>
        </div>
      ),
    },
    { title: t('columns.state'), dataIndex: 'state_name', key: 'state', width: 150, responsive: ['md'], phone: 'hidden' },
    { title: t('columns.cities'), dataIndex: 'cities', key: 'cities', render: (cities: Zone['cities']) => <CityTags cities={cities} max={isPhone ? CITY_TAGS.phone : CITY_TAGS.desktop} /> },
    { title: t('columns.created'), dataIndex: 'created_at', key: 'created', width: 170, responsive: ['lg'], phone: 'hidden', render: (value: string) => formatDate(value) },
    {
      title: <span className="nc-visually-hidden">{t('columns.actions')}</span>,
      key: 'actions',
      width: 96,
      align: 'right',
      render: (_: unknown, zone) => <DeleteButton name={zone.name} testId={`zone-delete-${zone.name}`} onDelete={() => remove.mutateAsync(zone.id)} />,
    },
  ];

  return (
    <div className="area">
      <PageHeader
        subtitle={t('zone.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="zone-add">
            {t('zone.add')}
          </Button>
        }
      />
      <ListFilters
        testId="zone-filters"
        active={filters.stateId ? 1 : 0}
        keyword={{
          value: filters.keyword,
          placeholder: t('filters.zone_keyword'),
          onSearch: (keyword) => setFilters({ ...filters, keyword, page: 1 }),
          testId: 'zone-filter-keyword',
        }}
      >
        <StateSelect
          className="nc-filters__picker"
          value={filters.stateId}
          placeholder={t('filters.all_states')}
          allowClear
          onChange={(stateId) => setFilters({ ...filters, stateId, page: 1 })}
          aria-label={t('fields.state')}
          data-testid="zone-filter-state"
        />
      </ListFilters>
      <DataTable<Zone>
        query={zones}
        columns={columns}
        page={filters.page}
        pageSize={filters.pageSize}
        pageSizes={[20, 50, 100]}
        onPageChange={(page, pageSize) => setFilters({ ...filters, page: pageSize === filters.pageSize ? page : 1, pageSize })}
        rowTestId={(zone) => `zone-row-${zone.name}`}
        testId="zone-table"
        emptyTitle={t('zone.empty')}
        emptyAction={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('zone.add')}
          </Button>
        }
        filtered={filtered}
        errorTitle={t('common:states.load_failed')}
        retryTestId="zone-retry"
      />
      <AddZoneModal open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
