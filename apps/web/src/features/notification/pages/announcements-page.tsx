import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ANNOUNCEMENT_STATUSES, LANGUAGES, type Announcement, type AnnouncementStatus, type Language } from '@nearcast/contract';
import { Button, Progress, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAnnouncementList } from '../api/announcement-list';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { AnnouncementForm } from '../components/announcement-form';
import { textFor } from '../lib/announcement-form';
import './announcements.css';

const SHORT: Record<Language, string> = { 'en-US': 'EN', 'zh-CN': '中', 'es-ES': 'ES' };

/**
 * /announcements (super, admin): official announcements, written for one or more roles, sent
 * now or at a chosen time, and how many of their audience have read each. A scheduled one can
 * still change or be deleted; a sent one stays as it went out.
 */
export function AnnouncementsPage() {
  const { t, i18n } = useTranslation('notification');
  const language = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  const [status, setStatus] = useState<AnnouncementStatus | undefined>();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [form, setForm] = useState<{ open: boolean; editing: Announcement | null }>({ open: false, editing: null });
  const list = useAnnouncementList(status, page.page, page.size);
  const remove = useDeleteAnnouncement();

  const columns: DataColumn<Announcement>[] = [
    {
      key: 'title',
      title: t('announcements.fields.title'),
      // Widths add up to what a 1440 px screen beside the navigation holds: a table only a few
      // pixels too wide scrolled sideways and hid the author under the sticky actions.
      width: 240,
      fixed: 'left',
      phone: 'title',
      render: (_, row) => (
        <span className="nc-announce-cell">
          <span className="nc-announce-cell__title" data-testid="announcement-row-title">
            {textFor(row.title, language)}
          </span>
          <span className="nc-announce-cell__sub">{textFor(row.body, language)}</span>
        </span>
      ),
    },
    {
      key: 'status',
      phone: 'status',
      title: t('announcements.filters.status'),
      width: 100,
      render: (_, row) => (
        <Tag color={row.status === 'sent' ? 'green' : 'gold'} data-testid="announcement-status" data-status={row.status}>
          {t(`announcements.status.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'audience',
      title: t('announcements.fields.audience'),
      width: 172,
      render: (_, row) => (
        <span className="nc-announce-cell__tags">
          {row.audience.map((role) => (
            <Tag key={role}>{t(`common:roles.${role}`)}</Tag>
          ))}
          {row.marketing && <Tag color="purple">{t('announcements.fields.marketing')}</Tag>}
        </span>
      ),
    },
    {
      key: 'languages',
      title: t('announcements.fields.languages'),
      // The three language tags side by side, not wrapped under one another.
      width: 120,
      render: (_, row) => (
        <span className="nc-announce-cell__tags">
          {LANGUAGES.filter((code) => row.title[code]).map((code) => (
            <Tag key={code} title={t(`common:language.${code}`)}>
              {SHORT[code]}
            </Tag>
          ))}
        </span>
      ),
    },
    { key: 'send_time', title: t('announcements.fields.send_time'), width: 140, render: (_, row) => formatDate(row.send_time) },
    {
      key: 'reads',
      title: t('announcements.fields.reads'),
      width: 120,
      render: (_, row) =>
        row.status === 'sent' ? (
          <span className="nc-announce-cell__reads" data-testid="announcement-reads" data-read={row.read_count} data-audience={row.audience_count}>
            <span>{t('announcements.reads', { read: row.read_count, audience: row.audience_count })}</span>
            <Progress
              percent={row.audience_count > 0 ? Math.round((row.read_count / row.audience_count) * 100) : 0}
              size="small"
              showInfo={false}
              strokeColor="#22d3ee"
              aria-hidden="true"
            />
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'author', phone: 'hidden', title: t('announcements.fields.author'), width: 110, ellipsis: true, render: (_, row) => row.author },
    {
      key: 'actions',
      title: t('announcements.fields.actions'),
      width: 120,
      fixed: 'right',
      render: (_, row) =>
        row.status === 'scheduled' ? (
          <Space size={4}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => setForm({ open: true, editing: row })}
              aria-label={t('announcements.actions.edit_named', { title: textFor(row.title, language) })}
              data-testid="announcement-edit"
            >
              {t('announcements.actions.edit')}
            </Button>
            <ConfirmDeleteButton
              title={t('announcements.delete.confirm')}
              description={t('announcements.delete.body')}
              okText={t('announcements.actions.delete')}
              ariaLabel={t('announcements.actions.delete_named', { title: textFor(row.title, language) })}
              testId="announcement-delete"
              onConfirm={() =>
                remove.mutateAsync(row.id).then(
                  () => notifySuccess(t('announcements.feedback.deleted')),
                  (error: unknown) => {
                    if (!isSignedOut(error)) notifyError(failureText(t('announcements.feedback.delete_failed'), error));
                  },
                )
              }
            />
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="nc-announcements" data-testid="announcements-page">
      <PageHeader
        subtitle={t('announcements.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })} data-testid="announcement-new">
            {t('announcements.new')}
          </Button>
        }
      />
      <ListFilters
        onReset={() => {
          setStatus(undefined);
          setPage((current) => ({ ...current, page: 1 }));
        }}
        active={status ? 1 : 0}
      >
        <FilterSelect<AnnouncementStatus>
          label={t('announcements.filters.status')}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage((current) => ({ ...current, page: 1 }));
          }}
          options={ANNOUNCEMENT_STATUSES.map((value) => ({ value, label: t(`announcements.status.${value}`) }))}
          data-testid="filter-status"
        />
      </ListFilters>
      <DataTable
        query={list}
        columns={columns}
        page={page.page}
        pageSize={page.size}
        onPageChange={(next, size) => setPage({ page: next, size })}
        rowTestId={(row) => `announcement-${row.id}`}
        testId="announcements-table"
        emptyTitle={t('announcements.empty')}
        emptyBody={t('announcements.empty_body')}
        filtered={!!status}
      />
      <AnnouncementForm open={form.open} editing={form.editing} onClose={() => setForm((current) => ({ ...current, open: false }))} />
    </div>
  );
}
