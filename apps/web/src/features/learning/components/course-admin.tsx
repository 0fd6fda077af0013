import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTENT_STATUSES, LANGUAGES, type ContentStatus, type CourseSummary, type Language } from '@nearcast/contract';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeCourse, useCourseList } from '../api/course-admin';
import { CourseFormModal } from './course-form-modal';

interface Filters {
  status?: ContentStatus;
  language?: Language;
  keyword?: string;
}

const STATUS_COLOUR: Record<ContentStatus, string> = { draft: 'default', published: 'success', unpublished: 'warning' };

/** Staff build courses from existing articles, publish and retire them. */
export function CourseAdmin() {
  const { t } = useTranslation('learning');
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const [editing, setEditing] = useState<CourseSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useCourseList({ page: paging.page, page_size: paging.size, ...filters });
  const change = useChangeCourse();

  const apply = (next: Filters) => {
    setFilters(next);
    paging.toFirst();
  };
  const report = (message: string) => (error: unknown) => {
    if (!isSignedOut(error)) notifyError(failureText(message, error));
  };
  const toggle = (row: CourseSummary) => {
    const action = row.status === 'published' ? 'unpublish' : 'publish';
    change.mutate({ id: row.id, action }, { onSuccess: () => notifySuccess(t(`feedback.${action}ed`)), onError: report(t('feedback.operation_failed')) });
  };

  const columns: DataColumn<CourseSummary>[] = [
    {
      key: 'title',
      title: t('admin.fields.title'),
      width: 260,
      fixed: 'left',
      phone: 'title',
      render: (_, row) => (
        <span className="learning-admin-title">
          <strong>{row.title}</strong>
          <small>{row.code}</small>
        </span>
      ),
    },
    { key: 'status', phone: 'status', title: t('admin.fields.status'), width: 120, render: (_, row) => <Tag color={STATUS_COLOUR[row.status]}>{t(`status.${row.status}`)}</Tag> },
    { key: 'language', title: t('admin.fields.language'), width: 110, render: (_, row) => t(`common:language.${row.language}`) },
    { key: 'lessons', title: t('admin.fields.lessons'), width: 90, align: 'right', render: (_, row) => row.progress.total_lessons },
    {
      key: 'roles',
      title: t('admin.fields.open_roles'),
      width: 200,
      render: (_, row) => (row.open_roles.length ? row.open_roles.map((role) => t(`common:roles.${role}`)).join(', ') : '—'),
    },
    { key: 'author', phone: 'hidden', title: t('admin.fields.author'), width: 130, ellipsis: true, render: (_, row) => row.author.name },
    { key: 'updated', phone: 'hidden', title: t('admin.fields.update_time'), width: 150, render: (_, row) => formatDate(row.update_time) },
    { key: 'published', title: t('admin.fields.publish_time'), width: 150, render: (_, row) => formatDate(row.publish_time) },
    {
      key: 'actions',
      title: t('admin.fields.actions'),
      width: 210,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid="course-edit">
            {t('admin.edit')}
          </Button>
          <Button size="small" onClick={() => toggle(row)} loading={change.isPending && change.variables?.id === row.id} data-testid="course-toggle">
            {row.status === 'published' ? t('admin.unpublish') : t('admin.publish')}
          </Button>
          <ConfirmDeleteButton
            title={t('admin.delete_confirm')}
            description={row.title}
            okText={t('admin.delete')}
            ariaLabel={t('admin.delete_named', { title: row.title })}
            testId="course-delete"
            onConfirm={() => change.mutateAsync({ id: row.id, action: 'delete' }).then(() => notifySuccess(t('feedback.deleted')), report(t('feedback.delete_failed')))}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="learning-page">
      <div className="learning-admin-bar">
        <ListFilters
          keyword={{ value: filters.keyword ?? '', placeholder: t('admin.keyword'), onSearch: (keyword) => apply({ ...filters, keyword: keyword || undefined }) }}
          onReset={() => apply({})}
          active={[filters.status, filters.language].filter(Boolean).length}
        >
          <FilterSelect<ContentStatus>
            label={t('admin.fields.status')}
            value={filters.status}
            onChange={(status) => apply({ ...filters, status })}
            options={CONTENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
          <FilterSelect<Language>
            label={t('admin.fields.language')}
            value={filters.language}
            onChange={(language) => apply({ ...filters, language })}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
          />
        </ListFilters>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="course-create">
          {t('admin.create_title')}
        </Button>
      </div>
      <DataTable<CourseSummary>
        query={list}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `course-row-${row.code}-${row.language}`}
        onOpen={(row) => setEditing(row)}
        openLabel={(row) => t('admin.edit_title', { title: row.title })}
        testId="course-table"
        emptyTitle={t('admin.empty')}
        filtered={!!(filters.status || filters.language || filters.keyword)}
      />
      <CourseFormModal
        open={creating || editing !== null}
        editing={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </div>
  );
}
