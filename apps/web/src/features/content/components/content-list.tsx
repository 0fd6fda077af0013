import { DownOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTENT_STATUSES,
  CONTENT_TYPES,
  LANGUAGES,
  type ContentStatus,
  type ContentSummary,
  type ContentType,
  type Language,
} from '@nearcast/contract';
import { Button, DatePicker, Dropdown, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeStatus } from '../api/change-status';
import { useContentFacets } from '../api/content-facets';
import { useDeleteContent } from '../api/delete-content';
import { useContentList, type ContentListRequest } from '../../../api/content-list';
import { LiveTimeTag, StatusTag, TypeTag } from './content-tags';

export interface ContentFilters {
  type?: ContentType;
  status?: ContentStatus;
  tag?: string;
  language?: Language;
  author_id?: number;
  keyword?: string;
  dates?: [string, string] | null;
}

const DAY = 'YYYY-MM-DD';

/** The list's request: filters as the contract names them, nothing empty. */
export function toListRequest(filters: ContentFilters, page: number, pageSize: number): ContentListRequest {
  const body: ContentListRequest = { page, page_size: pageSize };
  if (filters.type) body.type = filters.type;
  if (filters.status) body.status = filters.status;
  if (filters.tag) body.tag = filters.tag;
  if (filters.language) body.language = filters.language;
  if (filters.author_id) body.author_id = filters.author_id;
  if (filters.keyword) body.keyword = filters.keyword;
  if (filters.dates) {
    body.date_from = filters.dates[0];
    body.date_to = filters.dates[1];
  }
  return body;
}

const activeCount = (filters: ContentFilters) =>
  [filters.type, filters.status, filters.tag, filters.language, filters.author_id, filters.dates].filter((value) => value != null && value !== '').length;

/**
 * /content's list (spec §2 "Content: list with filters"): every article, live event and
 * landing page, filtered by type, status, tag, language, author and creation dates, with the
 * actions of spec §4 on each row.
 */
export function ContentList({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: (type: ContentType) => void }) {
  const { t } = useTranslation('content');
  const [filters, setFilters] = useState<ContentFilters>({});
  const paging = usePaging();
  const list = useContentList(toListRequest(filters, paging.page, paging.size));
  const facets = useContentFacets();
  const status = useChangeStatus();
  const remove = useDeleteContent();

  const apply = (next: ContentFilters) => {
    setFilters(next);
    paging.toFirst();
  };

  const report = (message: string) => (error: unknown) => {
    if (!isSignedOut(error)) notifyError(failureText(message, error));
  };

  const toggle = (row: ContentSummary) => {
    const action = row.status === 'published' ? 'unpublish' : 'publish';
    status.mutate(
      { id: row.id, action },
      {
        onSuccess: () => notifySuccess(t(action === 'publish' ? 'feedback.published' : 'feedback.unpublished')),
        onError: report(t('feedback.operation_failed')),
      },
    );
  };

  const columns: DataColumn<ContentSummary>[] = [
    {
      key: 'title',
      title: t('fields.title'),
      width: 300,
      fixed: 'left',
      phone: 'title',
      render: (_, row) => (
        <div className="content-cell">
          {row.cover_url ? <img className="content-cell__cover" src={row.cover_url} alt="" loading="lazy" /> : <span className="content-cell__cover content-cell__cover--none" aria-hidden="true" />}
          <span className="content-cell__text">
            <span className="content-cell__title" title={row.title}>{row.title}</span>
            {row.excerpt && <span className="content-cell__sub" title={row.excerpt}>{row.excerpt}</span>}
          </span>
        </div>
      ),
    },
    { key: 'type', title: t('fields.type'), width: 120, render: (_, row) => <TypeTag type={row.type} /> },
    { key: 'status', phone: 'status', title: t('fields.status'), width: 120, render: (_, row) => <StatusTag status={row.status} /> },
    {
      key: 'live',
      title: t('fields.live_time'),
      width: 190,
      render: (_, row) =>
        row.live ? (
          <span className="content-cell__live">
            {formatDate(row.live.start_time)} <LiveTimeTag status={row.live.time_status} />
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'language', title: t('fields.language'), width: 110, render: (_, row) => t(`common:language.${row.language}`) },
    { key: 'tags', phone: 'hidden', title: t('fields.tags'), width: 170, ellipsis: true, render: (_, row) => (row.tags.length ? row.tags.join(', ') : '—') },
    { key: 'author', title: t('fields.author'), width: 140, ellipsis: true, render: (_, row) => row.author.name },
    { key: 'created', phone: 'hidden', title: t('fields.create_time'), width: 150, render: (_, row) => formatDate(row.create_time) },
    { key: 'updated', phone: 'hidden', title: t('fields.update_time'), width: 150, render: (_, row) => formatDate(row.update_time) },
    { key: 'published', title: t('fields.publish_time'), width: 150, render: (_, row) => formatDate(row.publish_time) },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 230,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" icon={<EditOutlined />} onClick={() => onOpen(row.id)} data-testid="row-edit">
            {t('actions.edit')}
          </Button>
          <Button size="small" onClick={() => toggle(row)} loading={status.isPending && status.variables?.id === row.id} data-testid="row-toggle">
            {row.status === 'published' ? t('actions.unpublish') : t('actions.publish')}
          </Button>
          {row.status === 'published' && (
            <Button size="small" type="text" icon={<EyeOutlined />} href={`/item/${row.id}`} target="_blank" aria-label={t('actions.view_named', { title: row.title })} title={t('actions.view')} />
          )}
          <ConfirmDeleteButton
            title={t('delete.confirm')}
            description={row.title}
            okText={t('actions.delete')}
            ariaLabel={t('actions.delete_named', { title: row.title })}
            testId="row-delete"
            onConfirm={() =>
              remove.mutateAsync({ id: row.id, type: row.type }).then(() => notifySuccess(t('feedback.deleted')), report(t('feedback.delete_failed')))
            }
          />
        </Space>
      ),
    },
  ];

  const createMenu = CONTENT_TYPES.map((type) => ({
    key: type,
    label: <span data-testid={`create-${type}`}>{t(`type.${type}`)}</span>,
    onClick: () => onCreate(type),
  }));

  return (
    <div className="content-page">
      <PageHeader
        subtitle={t('list.subtitle')}
        extra={
          <Dropdown menu={{ items: createMenu }} trigger={['click']} placement="bottomRight">
            <Button type="primary" icon={<PlusOutlined />} data-testid="content-create">
              {t('actions.create')} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
      <ListFilters
        keyword={{ value: filters.keyword ?? '', placeholder: t('filters.keyword'), onSearch: (keyword) => apply({ ...filters, keyword }) }}
        onReset={() => apply({})}
        active={activeCount(filters)}
      >
        <FilterSelect<ContentType>
          label={t('filters.type')}
          value={filters.type}
          onChange={(type) => apply({ ...filters, type })}
          options={CONTENT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          data-testid="filter-type"
        />
        <FilterSelect<ContentStatus>
          label={t('filters.status')}
          value={filters.status}
          onChange={(next) => apply({ ...filters, status: next })}
          options={CONTENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="filter-status"
        />
        <FilterSelect<string>
          label={t('filters.tag')}
          value={filters.tag}
          showSearch
          onChange={(tag) => apply({ ...filters, tag })}
          options={(facets.data?.tags ?? []).map((tag) => ({ value: tag, label: tag }))}
          loading={facets.isPending}
          data-testid="filter-tag"
        />
        <FilterSelect<Language>
          label={t('filters.language')}
          value={filters.language}
          onChange={(language) => apply({ ...filters, language })}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
          data-testid="filter-language"
        />
        <FilterSelect<number>
          label={t('filters.author')}
          value={filters.author_id}
          showSearch
          optionFilterProp="label"
          onChange={(author_id) => apply({ ...filters, author_id })}
          options={(facets.data?.authors ?? []).map((author) => ({ value: author.id, label: author.name }))}
          loading={facets.isPending}
          data-testid="filter-author"
        />
        <DatePicker.RangePicker
          className="nc-filters__range"
          value={filters.dates ? [dayjs(filters.dates[0]), dayjs(filters.dates[1])] : null}
          onChange={(_dates, strings) => apply({ ...filters, dates: strings[0] && strings[1] ? [strings[0], strings[1]] : null })}
          format={DAY}
          placeholder={[t('filters.created_from'), t('filters.created_to')]}
          aria-label={t('filters.created')}
          data-testid="filter-dates"
        />
      </ListFilters>
      <DataTable<ContentSummary>
        query={list}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `content-row-${row.id}`}
        onOpen={(row) => onOpen(row.id)}
        openLabel={(row) => t('actions.edit_named', { title: row.title })}
        testId="content-table"
        emptyTitle={t('list.empty')}
        emptyBody={t('list.empty_body')}
        filtered={activeCount(filters) > 0 || !!filters.keyword}
      />
    </div>
  );
}
