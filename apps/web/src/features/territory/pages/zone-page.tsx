import { PlusOutlined } from '@ant-design/icons';
import type { Zone } from '@nearcast/contract';
import { Button, Empty, Input, Result, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useDeleteZone } from '../api/delete-zone';
import { useZones, type ZoneListRequest } from '../api/list-zones';
import { AddZoneModal } from '../components/add-zone-modal';
import { DeleteButton } from '../components/delete-button';
import { StateSelect } from '../components/state-select';
import { visibleTags } from '../lib/zone-view';
import './territory.css';

/** How many city tags a row shows before folding the rest into "+N" (fewer on phones). */
const CITY_TAGS = { desktop: 6, phone: 3 } as const;

function CityTags({ cities, max }: { cities: Zone['cities']; max: number }) {
  const { t } = useTranslation('territory');
  const { shown, hidden } = visibleTags(cities, max);
  return (
    <div className="territory-tags">
      {shown.map((city) => (
        <Tag key={city.id} className="territory-tag">
          {city.name}
        </Tag>
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.map((city) => city.name).join(', ')}>
          <Tag className="territory-tag territory-tag--more">{t('zone.more', { count: hidden.length })}</Tag>
        </Tooltip>
      )}
    </div>
  );
}

/** Spec §2 "Zone": sales zones (a name, one state, several of its cities), with add and delete. */
export function ZonePage() {
  const { t } = useTranslation('territory');
  const [filters, setFilters] = useState<{ keyword: string; stateId?: number; page: number; pageSize: number }>({ keyword: '', page: 1, pageSize: 20 });
  const [draft, setDraft] = useState('');
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

  const columns: TableColumnsType<Zone> = [
    {
      title: t('columns.zone'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, zone) => (
        <div className="territory-zone">
          <span className="territory-name">{name}</span>
          {/* Phones have no state column: the state goes under the name. */}
          <span className="territory-zone__state">{zone.state_name}</span>
        </div>
      ),
    },
    { title: t('columns.state'), dataIndex: 'state_name', key: 'state', width: 150, responsive: ['md'] },
    { title: t('columns.cities'), dataIndex: 'cities', key: 'cities', render: (cities: Zone['cities']) => <CityTags cities={cities} max={isPhone ? CITY_TAGS.phone : CITY_TAGS.desktop} /> },
    { title: t('columns.created'), dataIndex: 'created_at', key: 'created', width: 170, responsive: ['lg'], render: (value: string) => formatDate(value) },
    {
      title: <span className="nc-visually-hidden">{t('columns.actions')}</span>,
      key: 'actions',
      width: isPhone ? 44 : 96,
      align: 'right',
      render: (_: unknown, zone) => <DeleteButton name={zone.name} testId={`zone-delete-${zone.name}`} onDelete={() => remove.mutateAsync(zone.id)} />,
    },
  ];

  return (
    <div className="territory">
      <PageHeader
        subtitle={t('zone.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="zone-add">
            {t('zone.add')}
          </Button>
        }
      />
      <div className="territory-filters" role="search">
        <StateSelect
          className="territory-filters__type"
          value={filters.stateId}
          placeholder={t('filters.all_states')}
          allowClear
          onChange={(stateId) => setFilters({ ...filters, stateId, page: 1 })}
          aria-label={t('fields.state')}
          data-testid="zone-filter-state"
        />
        <Input.Search
          className="territory-filters__keyword"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onSearch={(keyword) => setFilters({ ...filters, keyword: keyword.trim(), page: 1 })}
          placeholder={t('filters.zone_keyword')}
          allowClear
          maxLength={100}
          enterButton
          aria-label={t('filters.zone_keyword')}
          data-testid="zone-filter-keyword"
        />
      </div>
      {zones.isError && !zones.data ? (
        <Result
          status="warning"
          title={t('common:states.load_failed')}
          extra={
            <Button onClick={() => void zones.refetch()} data-testid="zone-retry">
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <Table<Zone>
          className="territory-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={zones.data?.list ?? []}
          loading={zones.isFetching}
          // On phones the cells wrap within the screen, so the delete action stays in view.
          scroll={isPhone ? undefined : { x: 'max-content' }}
          onRow={(zone) => ({ 'data-testid': `zone-row-${zone.name}` }) as HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: zones.isPending ? (
              <div className="territory-empty" />
            ) : filtered ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('zone.empty_search')} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('zone.empty')}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  {t('zone.add')}
                </Button>
              </Empty>
            ),
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: zones.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => t('zone.total', { count: total }),
            onChange: (page, pageSize) => setFilters({ ...filters, page: pageSize === filters.pageSize ? page : 1, pageSize }),
            size: 'small',
            hideOnSinglePage: false,
          }}
        />
      )}
      <AddZoneModal open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
