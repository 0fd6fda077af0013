import { PhoneOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { api, ResponseOf } from '@nearcast/contract';
import { Button, Input, Pagination, Skeleton, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useContacts } from '../api/list-contacts';
import { formatUsPhone } from '../lib/phone';
import '../components/onboarding.css';

type ContactRow = ResponseOf<typeof api.contact.list>['list'][number];

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * /contacts (super, admin): the call-back requests left through the contact-completion form,
 * newest first, for the staff who phone back. On a phone each request is a card, with the
 * number one tap from a call.
 */
export function ContactsPage() {
  const { t } = useTranslation('onboarding');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const contacts = useContacts({ page: paging.page, page_size: paging.size, ...(keyword ? { keyword } : {}) });

  const apply = (text: string) => {
    setKeyword(text.trim());
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const onPage = (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size });

  const columns: TableColumnsType<ContactRow> = [
    { key: 'name', title: t('contacts.columns.name'), width: 160, ellipsis: true, render: (_, row) => row.name || <span className="onb-dim">—</span> },
    { key: 'mobile', title: t('contacts.columns.mobile'), width: 150, render: (_, row) => <PhoneLink phone={row.mobile} /> },
    { key: 'wechat', title: t('contacts.columns.wechat'), dataIndex: 'wechat_id', width: 170, ellipsis: true },
    {
      key: 'message',
      title: t('contacts.columns.message'),
      width: 260,
      ellipsis: { showTitle: false },
      render: (_, row) =>
        row.message ? (
          <Tooltip title={row.message} placement="topLeft">
            <span>{row.message}</span>
          </Tooltip>
        ) : (
          <span className="onb-dim">—</span>
        ),
    },
    {
      key: 'account',
      title: t('contacts.columns.account'),
      width: 200,
      ellipsis: true,
      render: (_, row) => row.account_email ?? <span className="onb-dim">{t('contacts.visitor')}</span>,
    },
    { key: 'time', title: t('contacts.columns.time'), width: 150, render: (_, row) => <span className="onb-nowrap">{formatDate(row.create_time)}</span> },
  ];

  const rows = contacts.data?.list ?? [];
  const total = contacts.data?.total ?? 0;
  const empty = (
    <div className="onb-empty" data-testid="contacts-empty">
      <PhoneOutlined className="onb-empty__icon" aria-hidden="true" />
      <p className="onb-empty__title">{keyword ? t('contacts.no_match') : t('contacts.empty')}</p>
      <p className="onb-empty__body">{keyword ? t('contacts.no_match_body') : t('contacts.empty_body')}</p>
    </div>
  );

  let content;
  if (contacts.isError) {
    const reason = contacts.error instanceof ApiError ? contacts.error.msg : '';
    content = (
      <div className="onb-empty" role="alert" data-testid="contacts-error">
        <WarningOutlined className="onb-empty__icon onb-empty__icon--warn" aria-hidden="true" />
        <p className="onb-empty__title">{t('common:states.load_failed')}</p>
        {reason && <p className="onb-empty__body">{reason}</p>}
        <Button icon={<ReloadOutlined />} onClick={() => void contacts.refetch()} data-testid="contacts-retry">
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (isPhone) {
    content = (
      <>
        {contacts.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : rows.length === 0 ? (
          empty
        ) : (
          <ul className={contacts.isFetching ? 'onb-cards onb-cards--fetching' : 'onb-cards'}>
            {rows.map((row) => (
              <li key={row.id} className="onb-contact-card" data-testid={`contact-row-${row.id}`}>
                <div className="onb-contact-card__head">
                  <strong>{row.name || t('contacts.no_name')}</strong>
                  <span className="onb-dim">{formatDate(row.create_time)}</span>
                </div>
                <PhoneLink phone={row.mobile} />
                <dl className="onb-contact-card__facts">
                  <dt>{t('contacts.columns.wechat')}</dt>
                  <dd>{row.wechat_id}</dd>
                  <dt>{t('contacts.columns.account')}</dt>
                  <dd>{row.account_email ?? t('contacts.visitor')}</dd>
                </dl>
                {row.message && <p className="onb-contact-card__message">{row.message}</p>}
              </li>
            ))}
          </ul>
        )}
        {total > 0 && (
          <Pagination className="onb-pagination" simple current={paging.page} pageSize={paging.size} total={total} onChange={onPage} />
        )}
      </>
    );
  } else {
    content = (
      <Table<ContactRow>
        className="onb-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={contacts.isFetching}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 140), 0) }}
        onRow={(row) => ({ 'data-testid': `contact-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: contacts.isPending ? <div className="onb-table__placeholder" /> : empty }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (count) => t('contacts.total', { count }),
          onChange: onPage,
        }}
      />
    );
  }

  return (
    <div className="onb-contacts">
      <PageHeader subtitle={t('contacts.subtitle')} />
      <div className="onb-filters" role="search">
        <Input.Search
          value={search}
          allowClear
          placeholder={t('contacts.search_placeholder')}
          aria-label={t('contacts.search_label')}
          onChange={(event) => {
            setSearch(event.target.value);
            // Clearing the box shows every request again without another click.
            if (event.target.value === '' && keyword) apply('');
          }}
          onSearch={apply}
          enterButton
          data-testid="contacts-keyword"
        />
      </div>
      {/* aria-busy tells assistive technology, and journeys, when a search is still on its way. */}
      <div data-testid="contacts-table" aria-busy={contacts.isFetching}>
        {content}
      </div>
    </div>
  );
}

/** The number as staff read it, one tap from a call on a phone. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="onb-phone" href={`tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`}>
      <PhoneOutlined aria-hidden="true" /> {formatUsPhone(phone)}
    </a>
  );
}
