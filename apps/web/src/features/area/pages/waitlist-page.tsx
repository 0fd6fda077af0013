import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { WAITLIST_HOLD_HOURS, WAITLIST_STATUSES, type WaitlistEntry, type WaitlistStatus } from '@nearcast/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { useMoveWaitlistEntry, useLeaveWaitlist, useWaitlist, type WaitlistListRequest } from '../../../api/waitlist';
import { formatDate } from '../../../lib/format-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { translateMessage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import './area.css';

/** 'open' is the lines as they stand (waiting and offered, in line order); the rest one status each. */
type View = 'open' | WaitlistStatus;

const STATUS_COLOURS: Record<WaitlistStatus, string | undefined> = {
  waiting: 'blue',
  offered: 'gold',
  purchased: 'green',
  lapsed: undefined,
  left: undefined,
  removed: 'red',
};

/**
 * The full cities' lines of studio applicants (spec §9: 100 studio places per city). Staff see
 * who waits where and in what order, move a waiting applicant up or down, and take an entry out;
 * a freed place is offered by the server to the first in line, so the order here is the order
 * places go in.
 */
export function WaitlistPage() {
  const { t } = useTranslation('area');
  const [view, setView] = useState<View>('open');
  const [city, setCity] = useState<{ id: number; name: string } | null>(null);
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const request = useMemo<WaitlistListRequest>(
    () => ({
      page: paging.page,
      page_size: paging.size,
      ...(view === 'open' ? { open: true } : { status: view }),
      ...(city ? { city_id: city.id } : {}),
    }),
    [paging, view, city],
  );
  const lines = useWaitlist(request);
  const move = useMoveWaitlistEntry();
  const remove = useLeaveWaitlist();
  const active = (view === 'open' ? 0 : 1) + (city ? 1 : 0);

  const moveTo = (entry: WaitlistEntry, position: number) =>
    move.mutate({ id: entry.id, position }, { onSuccess: () => notifySuccess(t('waitlist.moved', { name: entry.party_name, position })) });
  const takeOut = (entry: WaitlistEntry) =>
    remove.mutateAsync(entry.id).then(
      () => notifySuccess(t('waitlist.removed', { name: entry.party_name })),
      (error: unknown) => notifyError(translateMessage(error instanceof ApiError ? error.msg : 'error.request_failed')),
    );

  const columns: DataColumn<WaitlistEntry>[] = [
    {
      title: t('waitlist.columns.place'),
      key: 'place',
      width: 130,
      phone: 'status',
      render: (_, entry) =>
        entry.status === 'waiting' && entry.position !== null ? (
          <span className="area-name" data-testid={`waitlist-position-${entry.id}`}>
            {t('waitlist.position', { position: entry.position, count: entry.waiting })}
          </span>
        ) : (
          <Tag color={STATUS_COLOURS[entry.status]}>{t(`waitlist.status.${entry.status}`)}</Tag>
        ),
    },
    {
      title: t('waitlist.columns.applicant'),
      key: 'applicant',
      phone: 'title',
      render: (_, entry) => (
        <div className="area-zone">
          <span className="area-name">{entry.party_name}</span>
          <span className="area-applicant__email">{entry.email}</span>
        </div>
      ),
    },
    {
      title: t('waitlist.columns.city'),
      key: 'city',
      render: (_, entry) => (
        <Button type="link" size="small" onClick={() => setCity({ id: entry.city_id, name: entry.city_name })}>
          {entry.state_name ? `${entry.city_name}, ${entry.state_name}` : entry.city_name}
        </Button>
      ),
    },
    { title: t('waitlist.columns.joined'), key: 'joined', width: 160, responsive: ['md'], render: (_, entry) => formatDate(entry.joined_at) },
    {
      title: t('waitlist.columns.until'),
      key: 'until',
      width: 160,
      responsive: ['lg'],
      phone: 'hidden',
      render: (_, entry) => formatDate(entry.status === 'offered' ? entry.hold_until : entry.ended_at),
    },
    {
      title: <span className="nc-visually-hidden">{t('columns.actions')}</span>,
      key: 'actions',
      width: 150,
      align: 'right',
      render: (_, entry) => {
        const open = entry.status === 'waiting' || entry.status === 'offered';
        if (!open) return null;
        const position = entry.position;
        return (
          <span className="area-actions" onClick={(event) => event.stopPropagation()}>
            {position !== null && (
              <>
                <Tooltip title={t('waitlist.up')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`${t('waitlist.up')} ${entry.party_name}`}
                    disabled={position <= 1 || move.isPending}
                    onClick={() => moveTo(entry, position - 1)}
                    data-testid={`waitlist-up-${entry.id}`}
                  />
                </Tooltip>
                <Tooltip title={t('waitlist.down')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`${t('waitlist.down')} ${entry.party_name}`}
                    disabled={position >= entry.waiting || move.isPending}
                    onClick={() => moveTo(entry, position + 1)}
                    data-testid={`waitlist-down-${entry.id}`}
                  />
                </Tooltip>
              </>
            )}
            <ConfirmDeleteButton
              title={t('waitlist.remove_confirm')}
              description={`${entry.party_name} · ${entry.city_name}`}
              okText={t('waitlist.remove')}
              ariaLabel={`${t('waitlist.remove')} ${entry.party_name}`}
              testId={`waitlist-remove-${entry.id}`}
              onConfirm={() => takeOut(entry)}
            />
          </span>
        );
      },
    },
  ];

  return (
    <div className="area">
      <PageHeader subtitle={t('waitlist.subtitle', { hours: WAITLIST_HOLD_HOURS })} />
      <ListFilters
        testId="waitlist-filters"
        active={active}
        onReset={() => {
          setView('open');
          setCity(null);
          setPaging({ ...paging, page: 1 });
        }}
      >
        <FilterSelect<View>
          label={t('waitlist.filters.view')}
          value={view}
          onChange={(next) => {
            setView(next ?? 'open');
            setPaging({ ...paging, page: 1 });
          }}
          options={[
            { value: 'open', label: t('waitlist.filters.open') },
            ...WAITLIST_STATUSES.map((status) => ({ value: status, label: t(`waitlist.status.${status}`) })),
          ]}
          data-testid="waitlist-filter-view"
        />
        {city && (
          <Tag
            closable
            onClose={() => {
              setCity(null);
              setPaging({ ...paging, page: 1 });
            }}
            closeIcon={<span aria-label={t('waitlist.filters.clear_city')}>×</span>}
            data-testid="waitlist-filter-city"
          >
            {t('waitlist.filters.city', { city: city.name })}
          </Tag>
        )}
      </ListFilters>
      <DataTable<WaitlistEntry>
        query={lines}
        columns={columns}
        page={paging.page}
        pageSize={paging.size}
        pageSizes={[20, 50, 100]}
        onPageChange={(page, size) => setPaging({ page: size === paging.size ? page : 1, size })}
        rowTestId={(entry) => `waitlist-row-${entry.id}`}
        testId="waitlist-table"
        filtered={active > 0}
        emptyTitle={active > 0 ? t('waitlist.empty_filtered') : t('waitlist.empty')}
        emptyBody={active > 0 ? undefined : t('waitlist.empty_body')}
        errorTitle={t('common:states.load_failed')}
        retryTestId="waitlist-retry"
      />
    </div>
  );
}
