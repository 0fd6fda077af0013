import { HomeOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { AREA_TYPES, type Area, type AreaType } from '@nearcast/contract';
import { Breadcrumb, Button, Empty, Input, Result, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useDeleteArea } from '../api/delete-area';
import { useAreas, useCountries, useStates } from '../api/list-areas';
import { AddCityModal } from '../components/add-city-modal';
import { DeleteButton } from '../components/delete-button';
import { areaListRequest, INITIAL_AREA_VIEW, stateInTrail, toCrumb, trailTo, viewAfterAdd, type AreaCrumb, type AreaView } from '../lib/area-view';
import './territory.css';

const TYPE_COLORS: Record<AreaType, string> = { country: 'purple', state: 'geekblue', city: 'cyan', county: 'default' };

/**
 * Spec §2 "Area": the territory tree (country → state → city → county) as a list with filters
 * and a drill-down, an add-city action, and delete behind a confirmation.
 */
export function AreaPage() {
  const { t } = useTranslation('territory');
  const [view, setView] = useState<AreaView>(INITIAL_AREA_VIEW);
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const request = useMemo(() => areaListRequest(view), [view]);
  const areas = useAreas(request);
  const countries = useCountries();
  const states = useStates();
  const remove = useDeleteArea();
  // Phones keep name, type, sub-areas and delete within 375 px instead of scrolling sideways.
  const isPhone = useMediaQuery(PHONE_QUERY);

  const known: AreaCrumb[] = useMemo(
    () => [...view.trail, ...(countries.data?.list ?? []), ...(states.data?.list ?? [])],
    [view.trail, countries.data, states.data],
  );

  // Search results come from all over the tree: a city also names its state ("Abbeville" is in five).
  const parentNames = useMemo(() => new Map(known.map((area) => [area.id, area.name])), [known]);

  const go = (next: AreaView) => {
    setView(next);
    setDraft(next.keyword);
  };
  const open = (area: Area) => {
    const parent = view.trail.at(-1);
    go({ ...INITIAL_AREA_VIEW, pageSize: view.pageSize, trail: parent && area.parent_id === parent.id ? [...view.trail, toCrumb(area)] : trailTo(area, known) });
  };

  const parent = view.trail.at(-1);
  const searching = !!view.keyword.trim() || !!view.type;
  const scope = parent ? t('area.scope_in', { name: parent.name }) : searching ? t('area.scope_all') : t('area.scope_top');

  const columns: TableColumnsType<Area> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, area) => {
        const where = !parent && area.parent_id !== null ? parentNames.get(area.parent_id) : undefined;
        return (
          <div className="territory-zone">
            <span className={area.children > 0 ? 'territory-name territory-name--open' : 'territory-name'}>{name}</span>
            {where && <span className="territory-parent">{where}</span>}
          </div>
        );
      },
    },
    { title: t('columns.code'), dataIndex: 'code', key: 'code', width: 110, responsive: ['md'], render: (code: string) => code || '—' },
    {
      title: t('columns.type'),
      dataIndex: 'type',
      key: 'type',
      width: isPhone ? 72 : 110,
      render: (type: AreaType) => <Tag color={TYPE_COLORS[type]}>{t(`types.${type}`)}</Tag>,
    },
    {
      title: t('columns.children'),
      dataIndex: 'children',
      key: 'children',
      width: isPhone ? 72 : 120,
      align: 'right',
      render: (children: number) =>
        children > 0 ? (
          <span className="territory-children">
            {children.toLocaleString()} <RightOutlined />
          </span>
        ) : (
          <span className="territory-muted">0</span>
        ),
    },
    { title: t('columns.created'), dataIndex: 'created_at', key: 'created', width: 170, responsive: ['lg'], render: (value: string) => formatDate(value) },
    {
      title: <span className="nc-visually-hidden">{t('columns.actions')}</span>,
      key: 'actions',
      width: isPhone ? 44 : 96,
      align: 'right',
      render: (_: unknown, area) => <DeleteButton name={area.name} testId={`area-delete-${area.name}`} onDelete={() => remove.mutateAsync(area.id)} />,
    },
  ];

  const crumbs = [
    {
      key: 'top',
      title: (
        <a onClick={() => go({ ...INITIAL_AREA_VIEW, pageSize: view.pageSize })} data-testid="area-crumb-top">
          <HomeOutlined /> {t('area.top')}
        </a>
      ),
    },
    ...view.trail.map((crumb, index) => ({
      key: crumb.id,
      title:
        index === view.trail.length - 1 ? (
          <span data-testid={`area-crumb-${crumb.name}`}>{crumb.name}</span>
        ) : (
          <a onClick={() => go({ ...INITIAL_AREA_VIEW, pageSize: view.pageSize, trail: view.trail.slice(0, index + 1) })} data-testid={`area-crumb-${crumb.name}`}>
            {crumb.name}
          </a>
        ),
    })),
  ];

  return (
    <div className="territory">
      <PageHeader
        subtitle={t('area.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="area-add-city">
            {t('area.add_city')}
          </Button>
        }
      />
      <div className="territory-filters" role="search">
        <Select<AreaType | undefined>
          className="territory-filters__type"
          value={view.type}
          placeholder={t('filters.all_types')}
          allowClear
          onChange={(type) => go({ ...INITIAL_AREA_VIEW, pageSize: view.pageSize, type, keyword: view.keyword })}
          options={AREA_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          aria-label={t('filters.type')}
          data-testid="area-filter-type"
        />
        <Input.Search
          className="territory-filters__keyword"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onSearch={(keyword) => go({ ...view, keyword: keyword.trim(), page: 1 })}
          placeholder={parent ? t('filters.keyword_in', { name: parent.name }) : t('filters.keyword')}
          allowClear
          maxLength={100}
          enterButton
          aria-label={t('filters.keyword')}
          data-testid="area-filter-keyword"
        />
      </div>
      <div className="territory-trail">
        <Breadcrumb items={crumbs} data-testid="area-breadcrumb" />
        <span className="territory-scope">{scope}</span>
      </div>
      {areas.isError && !areas.data ? (
        <Result
          status="warning"
          title={t('common:states.load_failed')}
          extra={
            <Button onClick={() => void areas.refetch()} data-testid="area-retry">
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <Table<Area>
          className="territory-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={areas.data?.list ?? []}
          loading={areas.isFetching}
          scroll={{ x: 'max-content' }}
          // Areas carry a `children` count; antd would read that field as nested tree rows.
          expandable={{ childrenColumnName: 'nc_no_tree' }}
          onRow={(area) =>
            ({
              'data-testid': `area-row-${area.name}`,
              className: area.children > 0 ? 'territory-row--open' : undefined,
              onClick: area.children > 0 ? () => open(area) : undefined,
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{
            emptyText: areas.isPending ? (
              <div className="territory-empty" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t('area.empty_search') : t('area.empty')} />
            ),
          }}
          pagination={{
            current: view.page,
            pageSize: view.pageSize,
            total: areas.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => t('area.total', { count: total }),
            onChange: (page, pageSize) => setView({ ...view, page: pageSize === view.pageSize ? page : 1, pageSize }),
            size: 'small',
          }}
        />
      )}
      <AddCityModal
        open={adding}
        defaultStateId={stateInTrail(view.trail)?.id}
        onClose={() => setAdding(false)}
        onCreated={(city, state) => go(viewAfterAdd(city, state, known))}
      />
    </div>
  );
}
