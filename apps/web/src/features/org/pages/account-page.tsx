import { EyeOutlined, LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import { ACCOUNT_FILTER_ROLES, ACCOUNT_STATUSES, PAYING, type AccountStatus, type AccountSummary } from '@nearcast/contract';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useAccounts } from '../api/list-accounts';
import { useEditAccount } from '../api/edit-account';
import { AccountCreateModal } from '../components/account-create-modal';
import { AccountDetailDrawer } from '../components/account-detail-drawer';
import { AccountEditModal } from '../components/account-edit-modal';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { CellStack } from '../components/cell-stack';
import { displayName } from '../components/display';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { PeopleFilters } from '../components/people-filters';
import { AccountStatusTag, InfoStatusTag, Maybe, NotApplicable, PayStateTag } from '../components/status-tags';
import { formatUsd } from '../../../lib/money';
import { isFiltered, toListQuery, type ListFilterValues } from '../utils/list-query';
import './org.css';

type FilterRole = (typeof ACCOUNT_FILTER_ROLES)[number];

interface AccountFilters extends ListFilterValues {
  role?: FilterRole;
  status?: AccountStatus;
}

/** Spec §2 "Account" (super only): every account, its detail, creation, edits and status. */
export function AccountPage() {
  const { t } = useTranslation('org');
  const { user } = useSession();
  const [filters, setFilters] = useState<AccountFilters>({});
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [editing, setEditing] = useState<AccountSummary | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const edit = useEditAccount();
  const language = currentLanguage();

  const query = { ...toListQuery(filters), role: filters.role, status: filters.status, page: paging.page, page_size: paging.size };
  const accounts = useAccounts(query);
  const isSelf = (account: AccountSummary) => account.id === user?.id;

  const applyFilters = (next: AccountFilters) => {
    setFilters(next);
    paging.toFirst();
  };

  const toggleStatus = (account: AccountSummary) => {
    const next: AccountStatus = account.status === 'normal' ? 'disabled' : 'normal';
    const run = () =>
      edit.mutateAsync({ id: account.id, status: next }).then(
        () => notifySuccess(t(next === 'disabled' ? 'account.disabled' : 'account.enabled', { name: displayName(account) })),
        (error: unknown) => {
          if (!isSignedOut(error)) notifyError(failureText(t('feedback.setting_failed'), error));
        },
      );
    confirm(
      next === 'disabled'
        ? {
            title: t('account.disable_title', { name: displayName(account) }),
            body: t('account.disable_body'),
            okText: t('actions.disable'),
            danger: true,
            onOk: run,
          }
        : { title: t('account.enable_title', { name: displayName(account) }), body: t('account.enable_body'), okText: t('actions.enable'), onOk: run },
    );
  };

  const columns: DataColumn<AccountSummary>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      width: 190,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      render: (_, row) => <CellStack main={displayName(row)} />,
    },
    { key: 'email', title: t('fields.email'), dataIndex: 'email', width: 230, ellipsis: true },
    {
      key: 'role', phone: 'status',
      title: t('fields.role'),
      width: 140,
      render: (_, row) => <Tag className="org-tag">{t(`common:roles.${row.role}`)}</Tag>,
    },
    {
      key: 'pay',
      title: t('fields.pay_state'),
      width: 120,
      render: (_, row) => (PAYING.includes(row.role) ? <PayStateTag state={row.pay_state} /> : <NotApplicable />),
    },
    {
      key: 'info', phone: 'hidden',
      title: t('fields.info_status'),
      width: 120,
      render: (_, row) => (PAYING.includes(row.role) ? <InfoStatusTag status={row.info_status} /> : <NotApplicable />),
    },
    { key: 'orders', phone: 'hidden', title: t('fields.order_count'), dataIndex: 'order_count', width: 100, align: 'right' },
    { key: 'agent', phone: 'hidden', title: t('fields.agent_name'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.agent_name} /> },
    { key: 'studio', phone: 'hidden', title: t('fields.studio_name'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.studio_name} /> },
    { key: 'sale_name', phone: 'hidden', title: t('fields.sale_name'), width: 140, ellipsis: true, render: (_, row) => <Maybe value={row.sale_name} /> },
    { key: 'sale_email', phone: 'hidden', title: t('fields.sale_email'), width: 200, ellipsis: true, render: (_, row) => <Maybe value={row.sale_email} /> },
    { key: 'sale_uid', phone: 'hidden', title: t('fields.sale_uid'), width: 120, ellipsis: true, render: (_, row) => <Maybe value={row.sale_uid} /> },
    {
      key: 'consumption', phone: 'hidden',
      title: t('fields.consumption'),
      width: 130,
      align: 'right',
      render: (_, row) => <span className="org-num">{formatUsd(row.consumption_cents, language)}</span>,
    },
    { key: 'location', phone: 'hidden', title: t('fields.location'), width: 180, ellipsis: true, render: (_, row) => <Maybe value={row.location} /> },
    { key: 'expire', title: t('fields.expire_time'), width: 150, render: (_, row) => formatDate(row.expire_time) },
    { key: 'register', phone: 'hidden', title: t('fields.register_time'), width: 150, render: (_, row) => formatDate(row.register_time) },
    { key: 'login', phone: 'hidden', title: t('fields.last_login'), width: 150, render: (_, row) => formatDate(row.last_login) },
    { key: 'wechat', phone: 'hidden', title: t('fields.wechat'), width: 140, ellipsis: true, render: (_, row) => <Maybe value={row.wechat} /> },
    { key: 'status', phone: 'status', title: t('fields.status'), width: 110, render: (_, row) => <AccountStatusTag status={row.status} /> },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap={false}>
          <Button size="small" type="text" icon={<EyeOutlined />} onClick={() => setDetailId(row.id)} data-testid="row-view">
            {t('actions.view')}
          </Button>
          <Button size="small" type="text" onClick={() => setEditing(row)} data-testid="row-edit">
            {t('actions.edit')}
          </Button>
          {!isSelf(row) && (
            <Button
              size="small"
              type="text"
              danger={row.status === 'normal'}
              icon={row.status === 'normal' ? <LockOutlined /> : <UnlockOutlined />}
              onClick={() => toggleStatus(row)}
              data-testid={row.status === 'normal' ? 'row-disable' : 'row-enable'}
              aria-label={row.status === 'normal' ? t('actions.disable') : t('actions.enable')}
              title={row.status === 'normal' ? t('actions.disable') : t('actions.enable')}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="org-page">
      <PageHeader
        subtitle={t('account.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="account-create">
            {t('account.create')}
          </Button>
        }
      />
      <PeopleFilters
        value={filters}
        onChange={applyFilters}
        onReset={() => applyFilters({})}
        keywordPlaceholder={t('filters.keyword_people')}
        leadingActive={[filters.role, filters.status].filter(Boolean).length}
        leading={
          <>
            <FilterSelect<FilterRole>
              label={t('filters.role')}
              value={filters.role}
              onChange={(role) => applyFilters({ ...filters, role })}
              options={ACCOUNT_FILTER_ROLES.map((value) => ({ value, label: t(`filter_roles.${value}`) }))}
              data-testid="filter-role"
            />
            <FilterSelect<AccountStatus>
              label={t('filters.status')}
              value={filters.status}
              onChange={(status) => applyFilters({ ...filters, status })}
              options={ACCOUNT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              data-testid="filter-status"
            />
          </>
        }
      />
      <DataTable<AccountSummary>
        query={accounts}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `row-${row.email}`}
        onOpen={(row) => setDetailId(row.id)}
        openLabel={(row) => t('actions.open_named', { name: displayName(row) })}
        testId="accounts-table"
        emptyTitle={t('account.empty')}
        filtered={isFiltered({ ...toListQuery(filters), role: filters.role, status: filters.status })}
      />
      <AccountCreateModal open={creating} onClose={() => setCreating(false)} />
      <AccountDetailDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        onEdit={(account) => setEditing(account)}
        onToggleStatus={toggleStatus}
        isSelf={isSelf}
      />
      <AccountEditModal account={editing} onClose={() => setEditing(null)} confirm={confirm} isSelf={editing ? isSelf(editing) : false} />
      {confirmElement}
    </div>
  );
}
