import { PlusOutlined } from '@ant-design/icons';
import type { OperatorSummary } from '@nearcast/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { useOperators } from '../api/list-operators';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PeopleFilters } from '../components/people-filters';
import { OperatorAddModal } from '../components/operator-add-modal';
import { AccountStatusTag, Maybe } from '../components/status-tags';
import './org.css';

/** /operator (partner): the agent's employees and the create-employee action (spec §2). */
export function OperatorPage() {
  const { t } = useTranslation('org');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [creating, setCreating] = useState(false);
  const operators = useOperators({ keyword: keyword.trim() || undefined, page: page.page, page_size: page.size });

  const columns: DataColumn<OperatorSummary>[] = [
    {
      key: 'nickname',
      title: t('fields.nickname'),
      width: 180,
      fixed: 'left',
      ellipsis: true,
      render: (_, row) => <span className="org-cell-stack__main">{row.nickname}</span>,
    },
    { key: 'email', title: t('fields.email'), dataIndex: 'email', width: 240, ellipsis: true },
    { key: 'wechat', title: t('fields.wechat'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.wechat} /> },
    { key: 'merchants', title: t('fields.merchant_count'), dataIndex: 'merchant_count', width: 130, align: 'right' },
    { key: 'status', title: t('fields.status'), width: 110, render: (_, row) => <AccountStatusTag status={row.status} /> },
    { key: 'created', title: t('fields.create_time'), width: 160, render: (_, row) => formatDate(row.create_time) },
    { key: 'login', title: t('fields.last_login'), width: 160, render: (_, row) => formatDate(row.login_time) },
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
      <PeopleFilters
        value={{ keyword }}
        onChange={(next) => {
          setKeyword(next.keyword ?? '');
          setPage((current) => ({ ...current, page: 1 }));
        }}
        onReset={() => {
          setKeyword('');
          setPage((current) => ({ ...current, page: 1 }));
        }}
        keywordPlaceholder={t('filters.keyword_operators')}
        show={{ pay: false, info: false, registered: false }}
      />
      <DataTable<OperatorSummary>
        query={operators}
        columns={columns}
        page={page.page}
        pageSize={page.size}
        onPageChange={(next, size) => setPage({ page: size === page.size ? next : 1, size })}
        rowTestId={(row) => `row-${row.email}`}
        testId="operators-table"
        emptyTitle={t('operator.empty')}
        emptyBody={t('operator.empty_body')}
        filtered={keyword.trim() !== ''}
      />
      <OperatorAddModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
