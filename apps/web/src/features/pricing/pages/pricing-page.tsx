import { EditOutlined, PlusOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { PACKAGE_TYPES, type PricePackage } from '@nearcast/contract';
import { Button, Empty, Input, Pagination, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { DATE_FORMAT, formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { usePackages, type PackageListQuery } from '../api/list-packages';
import { GradientSwatch, Money, TypeTag } from '../components/package-bits';
import { PackageDeleteButton } from '../components/package-delete-button';
import { PackageFormModal } from '../components/package-form-modal';
import { PackageStatusSwitch } from '../components/package-status-switch';
import './pricing.css';

type PackageType = PricePackage['type'];
type PackageStatus = PricePackage['status'];
const STATUSES: readonly PackageStatus[] = ['enabled', 'disabled'];
const PAGE_SIZES = [10, 20, 50, 100];

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
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [form, setForm] = useState<{ open: boolean; editing: PricePackage | null }>({ open: false, editing: null });

  const query: PackageListQuery = {
    type: filters.type,
    status: filters.status,
    keyword: filters.keyword || undefined,
    page: paging.page,
    page_size: paging.size,
  };
  const packages = usePackages(query);
  const filtered = !!(filters.type || filters.status || filters.keyword);
  const list = packages.data?.list ?? [];
  const total = packages.data?.total ?? 0;

  const apply = (next: Filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const create = () => setForm({ open: true, editing: null });
  const edit = (pkg: PricePackage) => setForm({ open: true, editing: pkg });

  const empty = packages.isPending ? (
    <div className="pricing-placeholder" />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<EmptyText title={t('list.no_match')} body={t('list.no_match_body')} />} data-testid="price-empty" />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<EmptyText title={t('list.empty')} body={t('list.empty_body')} />} data-testid="price-empty">
      <Button type="primary" icon={<PlusOutlined />} onClick={create}>
        {t('create')}
      </Button>
    </Empty>
  );

  const columns: TableColumnsType<PricePackage> = [
    {
      key: 'name',
      title: t('columns.name'),
      width: 230,
      fixed: 'left',
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
    { key: 'status', title: t('columns.status'), width: 126, render: (_, pkg) => <PackageStatusSwitch pkg={pkg} /> },
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
      title: <span className="nc-visually-hidden">{t('columns.actions')}</span>,
      width: 84,
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

  let body: ReactNode;
  if (packages.isError && !packages.data) {
    body = <LoadError error={packages.error} onRetry={() => void packages.refetch()} />;
  } else if (isPhone) {
    body = (
      <div className="pricing-cards" data-testid="price-cards" aria-busy={packages.isFetching}>
        {packages.isPending ? (
          [0, 1, 2].map((index) => <Skeleton key={index} active className="pricing-card pricing-card--loading" paragraph={{ rows: 3 }} />)
        ) : list.length === 0 ? (
          <div className="pricing-card pricing-card--empty">{empty}</div>
        ) : (
          list.map((pkg) => <PackageCard key={pkg.id} pkg={pkg} onEdit={() => edit(pkg)} />)
        )}
        {total > paging.size && (
          <Pagination
            simple
            align="center"
            current={paging.page}
            pageSize={paging.size}
            total={total}
            onChange={(page) => setPaging((current) => ({ ...current, page }))}
          />
        )}
      </div>
    );
  } else {
    body = (
      <Table<PricePackage>
        className="pricing-table"
        data-testid="price-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list}
        loading={packages.isFetching}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 120), 0) }}
        onRow={(pkg) =>
          ({ 'data-testid': `price-row-${pkg.name}`, className: pkg.status === 'disabled' ? 'pricing-row--off' : undefined }) as HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: empty }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (count) => t('list.total', { count }),
          onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          hideOnSinglePage: false,
        }}
      />
    );
  }

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
      <div className="pricing-filters" role="search" data-testid="price-filters">
        <Select<PackageType>
          className="pricing-filters__select"
          allowClear
          placeholder={t('filters.all_types')}
          aria-label={t('filters.type')}
          value={filters.type}
          onChange={(type) => apply({ ...filters, type })}
          options={PACKAGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="price-filter-type"
        />
        <Select<PackageStatus>
          className="pricing-filters__select"
          allowClear
          placeholder={t('filters.all_statuses')}
          aria-label={t('filters.status')}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status })}
          options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          data-testid="price-filter-status"
        />
        <Input.Search
          className="pricing-filters__keyword"
          value={draft}
          allowClear
          maxLength={100}
          placeholder={t('filters.keyword')}
          aria-label={t('filters.keyword')}
          onChange={(event) => {
            setDraft(event.target.value);
            // Clearing the box shows everything again without another click.
            if (event.target.value === '' && filters.keyword) apply({ ...filters, keyword: '' });
          }}
          onSearch={(text) => apply({ ...filters, keyword: text.trim() })}
          data-testid="price-filter-keyword"
        />
        {filtered && (
          <Button
            onClick={() => {
              setDraft('');
              apply(NO_FILTERS);
            }}
            data-testid="price-filter-reset"
          >
            {t('filters.reset')}
          </Button>
        )}
      </div>
      {body}
      <PackageFormModal open={form.open} editing={form.editing} onClose={() => setForm((current) => ({ ...current, open: false }))} />
    </div>
  );
}

function EmptyText({ title, body }: { title: string; body: string }) {
  return (
    <span className="pricing-empty">
      <span className="pricing-empty__title">{title}</span>
      <span className="pricing-empty__body">{body}</span>
    </span>
  );
}

/** The spec's 'Load failed, please try again', the server's reason when it gave one, a retry. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('pricing');
  const reason = error instanceof ApiError ? error.msg : '';
  return (
    <div className="pricing-state" role="alert" data-testid="price-error">
      <WarningOutlined className="pricing-state__icon" />
      <p className="pricing-state__title">{t('common:states.load_failed')}</p>
      {reason && <p className="pricing-state__body">{reason}</p>}
      <Button icon={<ReloadOutlined />} onClick={onRetry} data-testid="price-retry">
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}

/** One package on a phone: everything the table row shows, stacked to fit 375 px. */
function PackageCard({ pkg, onEdit }: { pkg: PricePackage; onEdit: () => void }) {
  const { t } = useTranslation('pricing');
  const off = pkg.status === 'disabled';
  return (
    <article className={off ? 'pricing-card pricing-card--off' : 'pricing-card'} data-testid={`price-row-${pkg.name}`}>
      <header className="pricing-card__head">
        <GradientSwatch pkg={pkg} />
        <div className="pricing-card__title">
          <span className="pricing-card__name">{pkg.name}</span>
          <span className="pricing-card__meta">
            <TypeTag type={pkg.type} />
            {pkg.tag && <span className="pricing-card__tag">{pkg.tag}</span>}
          </span>
        </div>
        <PackageStatusSwitch pkg={pkg} />
      </header>
      <div className="pricing-card__price">
        <strong className="pricing-card__amount">
          <Money cents={pkg.actual_price_cents} testId="price-actual-cell" />
        </strong>
        <span className="pricing-card__period">{t('preview.per_period')}</span>
        {pkg.base_price_cents !== pkg.actual_price_cents && (
          <s className="pricing-card__base">
            <Money cents={pkg.base_price_cents} testId="price-base-cell" />
          </s>
        )}
      </div>
      <dl className="pricing-card__facts">
        <div>
          <dt>{t('columns.discount')}</dt>
          <dd>
            <Money cents={pkg.discount_cents} dashWhenZero testId="price-discount-cell" />
          </dd>
        </div>
        <div>
          <dt>{t('columns.credits')}</dt>
          <dd className="pricing-num">{pkg.monthly_credits.toLocaleString()}</dd>
        </div>
        <div>
          <dt>{t('columns.created')}</dt>
          <dd className="pricing-num">{formatDate(pkg.create_time)}</dd>
        </div>
      </dl>
      <footer className="pricing-card__actions">
        <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="price-edit">
          {t('actions.edit')}
        </Button>
        <PackageDeleteButton pkg={pkg} />
      </footer>
    </article>
  );
}
