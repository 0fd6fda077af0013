import { PhoneOutlined } from '@ant-design/icons';
import type { api, ResponseOf } from '@nearcast/contract';
import { Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { useContacts } from '../api/list-contacts';
import { formatUsPhone } from '../lib/phone';
import '../components/onboarding-styles';

type ContactRow = ResponseOf<typeof api.contact.list>['list'][number];

/**
 * /contacts (super, admin): the call-back requests left through the contact-completion form,
 * newest first, for the staff who phone back. On a phone each request is a card, with the
 * number one tap from a call.
 */
export function ContactsPage() {
  const { t } = useTranslation('onboarding');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const contacts = useContacts({ page: paging.page, page_size: paging.size, ...(keyword ? { keyword } : {}) });

  const apply = (text: string) => {
    setKeyword(text.trim());
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const onPage = (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size });

  const columns: DataColumn<ContactRow>[] = [
    { key: 'name', title: t('contacts.columns.name'), width: 160, ellipsis: true, render: (_, row) => row.name || <span className="onb-dim">{t('contacts.no_name')}</span> },
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

  return (
    <div className="onb-contacts">
      <PageHeader subtitle={t('contacts.subtitle')} />
      <ListFilters
        testId="contacts-filters"
        keyword={{ value: keyword, placeholder: t('contacts.search_placeholder'), onSearch: apply, testId: 'contacts-keyword' }}
      />
      {/* aria-busy tells assistive technology, and journeys, when a search is still on its way. */}
      <div data-testid="contacts-table" aria-busy={contacts.isFetching}>
        <DataTable<ContactRow>
          query={contacts}
          columns={columns}
          page={paging.page}
          pageSize={paging.size}
          onPageChange={onPage}
          rowTestId={(row) => `contact-row-${row.id}`}
          testId="contacts-list"
          emptyTitle={keyword ? t('contacts.no_match') : t('contacts.empty')}
          emptyBody={keyword ? t('contacts.no_match_body') : t('contacts.empty_body')}
          emptyTestId="contacts-empty"
          errorTitle={t('common:states.load_failed')}
          errorTestId="contacts-error"
          retryTestId="contacts-retry"
        />
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
