import { HomeOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { AREA_TYPES, type Area, type AreaType } from '@nearcast/contract';
import { Breadcrumb, Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { useDeleteArea } from '../api/delete-area';
import { useAreaList, useCountries, useStates } from '../../../api/area-list';
import { AddCityModal } from '../components/add-city-modal';
import { DeleteButton } from '../components/delete-button';
import { areaListRequest, INITIAL_AREA_VIEW, stateInTrail, toCrumb, trailTo, viewAfterAdd, type AreaCrumb, type AreaView } from '../lib/area-view';
import './area.css';

const TYPE_COLORS: Record<AreaType, string> = { country: 'purple', state: 'geekblue', city: 'cyan', county: 'default' };

/**
 * Where a search result lies, so same-named areas can be told apart: a county names its city
 * and state ("Los Angeles, California"), a city its state; the server answers both names.
 */
function placeOf(area: Area, known: ReadonlyMap<number, string>): string | undefined {
  const parentName = area.parent_name ?? (area.parent_id !== null ? known.get(area.parent_id) : undefined);
  if (!parentName) return undefined;
  return area.state_name && area.state_name !== parentName ? `${parentName}, ${area.state_name}` : parentName;
}

/**
 * Spec §2 "Area": the area tree (country → state → city → county) as a list with filters
 * and a drill-down, an add-city action, and delete behind a confirmation.
 */
export function AreaPage() {
  const { t } = useTranslation('area');
  const [view, setView] = useState<AreaView>(INITIAL_AREA_VIEW);
  const [adding, setAdding] = useState(false);
  const request = useMemo(() => areaListRequest(view), [view]);
  const areas = useAreaList(request, { keepPrevious: true });
  const countries = useCountries();
  const states = useStates();
  const remove = useDeleteArea();

  const known: AreaCrumb[] = useMemo(
    () => [...view.trail, ...(countries.data?.list ?? []), ...(states.data?.list ?? [])],
    [view.trail, countries.data, states.data],
  );

  // Search results come from all over the tree: a city also names its state ("Abbeville" is in five).
  const parentNames = useMemo(() => new Map(known.map((area) => [area.id, area.name])), [known]);

  const go = (next: AreaView) => {
    setView(next);
  };
  const open = (area: Area) => {
    const parent = view.trail.at(-1);
    go({ ...INITIAL_AREA_VIEW, pageSize: view.pageSize, trail: parent && area.parent_id === parent.id ? [...view.trail, toCrumb(area)] : trailTo(area, known) });
  };

  const parent = view.trail.at(-1);
  const searching = !!view.keyword.trim() || !!view.type;
  const scope = parent ? t('area.scope_in', { name: parent.name }) : searching ? t('area.scope_all') : t('area.scope_top');

  const columns: DataColumn<Area>[] = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      key: 'name',
      phone: 'title',
      render: (name: string, area) => {
        const where = !parent && area.parent_id !== null ? placeOf(area, parentNames) : undefined;
        return (
          <div className="area-zone">
            <span className={area.children > 0 ? 'area-name area-name--open' : 'area-name'}>{name}</span>
            {where && <span className="area-parent">{where}</span>}
          </div>
        );
      },
    },
    { title: t('columns.code'), dataIndex: 'code', key: 'code', width: 110, responsive: ['md'], render: (code: string) => code || '—' },
    {
      title: t('columns.type'),
      dataIndex: 'type',
      key: 'type',
      width: 110,
      phone: 'status',
      render: (type: AreaType) => <Tag color={TYPE_COLORS[type]}>{t(`types.${type}`)}</Tag>,
    },
    {
      title: t('columns.children'),
      dataIndex: 'children',
      key: 'children',
      width: 120,
      align: 'right',
      render: (children: number) =>
        children > 0 ? (
          <span className="area-children">
            {children.toLocaleString()} <RightOutlined />
          </span>
        ) : (
          <span className="area-muted">0</span>
        ),
    },
    { title: t('columns.created'), dataIndex: 'created_at', key: 'created', width: 170, phone: 'hidden', render: (value: string) => formatDate(value) },
    {
      title: <span className="nc-visually-hidden">{t('columns.actions')}</span>,
      key: 'actions',
      width: 96,
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
    <div className="area">
      <PageHeader
        subtitle={t('area.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="area-add-city">
            {t('area.add_city')}
          </Button>
        }
      />
      <ListFilters
        testId="area-filters"
        active={view.type ? 1 : 0}
        keyword={{
          value: view.keyword,
          placeholder: parent ? t('filters.keyword_in', { name: parent.name }) : t('filters.keyword'),
          onSearch: (keyword) => go({ ...view, keyword, page: 1 }),
          testId: 'area-filter-keyword',
        }}
      >
        <FilterSelect<AreaType | undefined>
          label={t('filters.all_types')}
          value={view.type}
          onChange={(type) => go({ ...INITIAL_AREA_VIEW, pageSize: view.pageSize, type, keyword: view.keyword })}
          options={AREA_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="area-filter-type"
        />
      </ListFilters>
      <div className="area-trail">
        <Breadcrumb items={crumbs} data-testid="area-breadcrumb" />
        <span className="area-scope">{scope}</span>
      </div>
      <DataTable<Area>
        query={areas}
        columns={columns}
        page={view.page}
        pageSize={view.pageSize}
        pageSizes={[20, 50, 100]}
        onPageChange={(page, pageSize) => setView({ ...view, page: pageSize === view.pageSize ? page : 1, pageSize })}
        rowTestId={(area) => `area-row-${area.name}`}
        testId="area-table"
        onOpen={open}
        canOpen={(area) => area.children > 0}
        openLabel={(area) => t('area.open', { name: area.name })}
        emptyTitle={searching ? t('area.empty_search') : t('area.empty')}
        errorTitle={t('common:states.load_failed')}
        retryTestId="area-retry"
      />
      <AddCityModal
        open={adding}
        defaultStateId={stateInTrail(view.trail)?.id}
        onClose={() => setAdding(false)}
        onCreated={(city, state) => go(viewAfterAdd(city, state, known))}
      />
    </div>
  );
}
