import { EditOutlined, LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import type { OperatorSummary } from '@nearcast/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEditOperator } from '../api/edit-operator';
import { useOperators } from '../api/list-operators';
import { OperatorAddModal } from '../components/operator-add-modal';
import { OperatorDetailDrawer } from '../components/operator-detail-drawer';
import { OperatorEditModal } from '../components/operator-edit-modal';
import { CellStack } from '../components/cell-stack';
import { AccountStatusTag, Maybe } from '../components/status-tags';
import './org.css';

/**
 * /operator (partner): the agent's employees (spec §2) — create one, open one for everything
 * known about it, edit it, and disable it (or enable it again) behind a confirmation.
 */
export function OperatorPage() {
  const { t } = useTranslation('org');
  const [keyword, setKeyword] = useState('');
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OperatorSummary | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const operators = useOperators({ keyword: keyword || undefined, page: paging.page, page_size: paging.size });
  const edit = useEditOperator();
  // The drawer shows the row as the list has it now, so an edit or a status change shows at once.
  const opened = openId === null ? null : (operators.data?.list.find((row) => row.id === openId) ?? null);

  const toggleStatus = (operator: OperatorSummary) => {
    const next = operator.status === 'normal' ? 'disabled' : 'normal';
    const run = () =>
      edit.mutateAsync({ id: operator.id, status: next }).then(
        () => notifySuccess(t(next === 'disabled' ? 'operator.disabled' : 'operator.enabled', { name: operator.name })),
        (error: unknown) => {
          if (!isSignedOut(error)) notifyError(failureText(t('feedback.setting_failed'), error));
          throw error;
        },
      );
    confirm(
      next === 'disabled'
        ? {
            title: t('operator.disable_title', { name: operator.name }),
            body: t('operator.disable_body'),
            okText: t('actions.disable'),
            danger: true,
            onOk: run,
          }
        : { title: t('operator.enable_title', { name: operator.name }), body: t('operator.enable_body'), okText: t('actions.enable'), onOk: run },
    );
  };

  const columns: DataColumn<OperatorSummary>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      width: 200,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      // Named like every party (its name), the nickname it signs in with beneath when they differ.
      render: (_, row) => <CellStack main={row.name} sub={row.nickname && row.nickname !== row.name ? row.nickname : undefined} />,
    },
    { key: 'email', title: t('fields.email'), dataIndex: 'email', width: 240, ellipsis: true },
    { key: 'wechat', phone: 'hidden', title: t('fields.wechat'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.wechat} /> },
    { key: 'merchants', title: t('fields.merchant_count'), dataIndex: 'merchant_count', width: 130, align: 'right' },
    { key: 'status', phone: 'status', title: t('fields.status'), width: 110, render: (_, row) => <AccountStatusTag status={row.status} /> },
    { key: 'created', phone: 'hidden', title: t('fields.create_time'), width: 160, render: (_, row) => formatDate(row.create_time) },
    { key: 'login', title: t('fields.last_login'), width: 160, render: (_, row) => formatDate(row.login_time) },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid="row-edit">
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            type="text"
            danger={row.status === 'normal'}
            icon={row.status === 'normal' ? <LockOutlined /> : <UnlockOutlined />}
            onClick={() => toggleStatus(row)}
            data-testid="row-toggle-status"
          >
            {row.status === 'normal' ? t('actions.disable') : t('actions.enable')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="org-page">
      <PageHeader
        subtitle={t('operator.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="operator-create">
            {t('operator.create')}
          </Button>
        }
      />
      <ListFilters
        keyword={{
          value: keyword,
          placeholder: t('filters.keyword_operators'),
          onSearch: (text) => {
            setKeyword(text);
            paging.toFirst();
          },
        }}
        onReset={() => {
          setKeyword('');
          paging.toFirst();
        }}
      />
      <DataTable<OperatorSummary>
        query={operators}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `row-${row.email}`}
        onOpen={(row) => setOpenId(row.id)}
        openLabel={(row) => t('actions.open_named', { name: row.name || row.nickname })}
        testId="operators-table"
        emptyTitle={t('operator.empty')}
        emptyBody={t('operator.empty_body')}
        filtered={keyword !== ''}
      />
      <OperatorDetailDrawer operator={opened} onClose={() => setOpenId(null)} onEdit={setEditing} onToggleStatus={toggleStatus} />
      <OperatorAddModal open={creating} onClose={() => setCreating(false)} />
      <OperatorEditModal operator={editing} onClose={() => setEditing(null)} />
      {confirmElement}
    </div>
  );
}
