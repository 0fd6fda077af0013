import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PACKAGE_TYPES, type PricePackage } from '@nearcast/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { DATE_FORMAT, formatDate } from '../../../lib/format-date';
import { usePriceList, type PriceListRequest } from '../../../api/price-list';
import { useSession } from '../../../lib/session';
import { GradientSwatch, Money, TypeTag } from '../components/package-bits';
import { PackageDeleteButton } from '../components/package-delete-button';
import { PackageFormModal } from '../components/package-form-modal';
import { PackageStatusSwitch } from '../components/package-status-switch';
// The screen's sheets in cascade order: a later one may override an earlier one.
import './pricing-list.css';
import './pricing-form.css';
import './pricing-preview.css';

type PackageType = PricePackage['type'];
type PackageStatus = PricePackage['status'];
const STATUSES: readonly PackageStatus[] = ['enabled', 'disabled'];

interface Filters {
  type?: PackageType;
  status?: PackageStatus;
  keyword: string;
}

const NO_FILTERS: Filters = { keyword: '' };

/**
 * Spec §2 "/pricing" (super only): every pricing package — enabled or not — with filters, a
 * form to create and edit one beside a preview of its public card, an enabled/disabled switch
 * per package and delete behind a confirmation. A table on desktop, cards on a phone.
 */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const viewer = useSession().user?.id ?? null;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [form, setForm] = useState<{ open: boolean; editing: PricePackage | null }>({ open: false, editing: null });

  const query: PriceListRequest = {
    type: filters.type,
    status: filters.status,
    keyword: filters.keyword || undefined,
    page: paging.page,
    page_size: paging.size,
  };
  const packages = usePriceList(query, viewer, { keepPrevious: true });
  const filtered = !!(filters.type || filters.status || filters.keyword);

  const apply = (next: Filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const create = () => setForm({ open: true, editing: null });
  const edit = (pkg: PricePackage) => setForm({ open: true, editing: pkg });

  const columns: DataColumn<PricePackage>[] = [
    {
      key: 'name',
      title: t('columns.name'),
      width: 230,
      fixed: 'left',
      phone: 'title',
      render: (_, pkg) => (
        <div className="pricing-name">
          <GradientSwatch pkg={pkg} />
          <div className="pricing-name__text">
            <button type="button" className="pricing-name__link" onClick={() => edit(pkg)} title={pkg.name} data-testid="price-name-cell">
              {pkg.name}
            </button>
            {pkg.tag && (
              <span className="pricing-name__tag" title={`${t('columns.tag')}: ${pkg.tag}`} data-testid="price-tag-cell">
                {pkg.tag}
              </span>
            )}
          </div>
        </div>
      ),
    },
    { key: 'type', title: t('columns.type'), width: 140, render: (_, pkg) => <TypeTag type={pkg.type} /> },
    {
      key: 'base',
      title: t('columns.base_price'),
      width: 110,
      align: 'right',
      render: (_, pkg) => <Money cents={pkg.base_price_cents} testId="price-base-cell" />,
    },
    {
      key: 'actual',
      title: t('columns.actual_price'),
      width: 110,
      align: 'right',
      render: (_, pkg) => (
        <strong>
          <Money cents={pkg.actual_price_cents} testId="price-actual-cell" />
        </strong>
      ),
    },
    {
      key: 'discount',
      title: t('columns.discount'),
      width: 110,
      align: 'right',
      render: (_, pkg) => <Money cents={pkg.discount_cents} dashWhenZero testId="price-discount-cell" />,
    },
    {
      key: 'credits',
      title: t('columns.credits'),
      width: 96,
      align: 'right',
      render: (_, pkg) => <span className="pricing-num">{pkg.monthly_credits.toLocaleString()}</span>,
    },
    { key: 'status', title: t('columns.status'), width: 126, phone: 'status', render: (_, pkg) => <PackageStatusSwitch pkg={pkg} /> },
    {
      key: 'created',
      title: t('columns.created'),
      width: 112,
      // The date fits the column; the time is a hover away.
      render: (_, pkg) => (
        <span className="pricing-num" title={formatDate(pkg.create_time)}>
          {formatDate(pkg.create_time, DATE_FORMAT)}
        </span>
      ),
    },
    {
      key: 'actions',
      // A visible header: an unnamed column of icons reads as blank to sighted users too.
      title: t('columns.actions'),
      width: 104,
      fixed: 'right',
      align: 'right',
      render: (_, pkg) => (
        <span className="pricing-actions">
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            onClick={() => edit(pkg)}
            aria-label={t('actions.edit_named', { name: pkg.name })}
            title={t('actions.edit_named', { name: pkg.name })}
            data-testid="price-edit"
          />
          <PackageDeleteButton pkg={pkg} showLabel={false} />
        </span>
      ),
    },
  ];

  return (
    <div className="pricing-page">
      <PageHeader
        subtitle={t('subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="price-create">
            {t('create')}
          </Button>
        }
      />
      <ListFilters
        testId="price-filters"
        keyword={{ value: filters.keyword, placeholder: t('filters.keyword'), onSearch: (keyword) => apply({ ...filters, keyword }), testId: 'price-filter-keyword' }}
        onReset={filtered ? () => apply(NO_FILTERS) : undefined}
        resetTestId="price-filter-reset"
        active={[filters.type, filters.status].filter(Boolean).length}
      >
        <FilterSelect<PackageType>
          label={t('filters.all_types')}
          value={filters.type}
          onChange={(type) => apply({ ...filters, type })}
          options={PACKAGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="price-filter-type"
        />
        <FilterSelect<PackageStatus>
          label={t('filters.all_statuses')}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status })}
          options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          data-testid="price-filter-status"
        />
      </ListFilters>
      <DataTable<PricePackage>
        query={packages}
        columns={columns}
        page={paging.page}
        pageSize={paging.size}
        onPageChange={(page, size) => setPaging({ page: size === paging.size ? page : 1, size })}
        rowTestId={(pkg) => `price-row-${pkg.name}`}
        rowClassName={(pkg) => (pkg.status === 'disabled' ? 'pricing-row--off' : undefined)}
        testId="price-table"
        phoneTestId="price-cards"
        emptyTitle={t('list.empty')}
        emptyBody={t('list.empty_body')}
        emptyAction={
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('create')}
          </Button>
        }
        emptyTestId="price-empty"
        filtered={filtered}
        errorTitle={t('common:states.load_failed')}
        errorTestId="price-error"
        retryTestId="price-retry"
      />
      <PackageFormModal open={form.open} editing={form.editing} onClose={() => setForm((current) => ({ ...current, open: false }))} />
    </div>
  );
}
