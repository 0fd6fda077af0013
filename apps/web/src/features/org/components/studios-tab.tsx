import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { api, headsTrees, type StudioSummary } from '@nearcast/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignStudio } from '../api/assign-studio';
import { useStudioCount } from '../../../api/studio-count';
import { useStudios } from '../api/list-studios';
import { isFiltered, toListQuery, type ListFilterValues } from '../utils/list-query';
import { formatUsd } from '../../../lib/money';
import { AssignModal, type AssignTarget } from './assign-modal';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { CellStack } from './cell-stack';
import { CompanyCell } from './company-cell';
import { displayName } from './display';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { PeopleFilters } from './people-filters';
import { AgentSelect } from './remote-select';
import { InfoStatusTag, Maybe, PayStateTag } from './status-tags';
import { StatTiles } from '../../../components/stat-tiles';
import { payStateTiles } from './pay-state-tiles';
import { TopStudiosCard } from './top-studios-card';

interface StudioFilters extends ListFilterValues {
  agent_id?: number | null;
}

/** The studios tab of /agents: counts, ranking, the list, and assigning studios to agents. */
export function StudiosTab() {
  const { t } = useTranslation('org');
  const { role, user } = useSession();
  const can = useCan();
  const assigns = can(api.studio.proxy);
  // Taking a studio from its agent is for staff and main agents, not sub-agents.
  const removesAssignment = assigns && headsTrees(role, user?.agent_type);
  const language = currentLanguage();
  const [filters, setFilters] = useState<StudioFilters>({});
  const paging = usePaging();
  const [assigning, setAssigning] = useState<(AssignTarget & { studio: StudioSummary }) | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const count = useStudioCount();
  const studios = useStudios({ ...toListQuery(filters), agent_id: filters.agent_id ?? undefined, page: paging.page, page_size: paging.size });
  const assign = useAssignStudio();

  const applyFilters = (next: StudioFilters) => {
    setFilters(next);
    paging.toFirst();
  };

  const remove = (studio: StudioSummary) =>
    confirm({
      title: t('studios.remove_title', { name: displayName(studio), agent: studio.agent_name ?? '' }),
      body: t('studios.remove_body'),
      okText: t('actions.remove'),
      danger: true,
      onOk: () =>
        assign.mutateAsync({ studio_id: studio.id, agent_id: null }).then(
          () => notifySuccess(t('feedback.removed')),
          (error: unknown) => {
            if (!isSignedOut(error)) notifyError(failureText(t('feedback.removal_failed'), error));
            throw error;
          },
        ),
    });

  const tiles = payStateTiles('studios', t('tiles.studios'), count.data, (key) => t(key));

  const columns: DataColumn<StudioSummary>[] = [
    {
      key: 'studio',
      title: t('fields.studio'),
      width: 220,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      render: (_, row) => <CompanyCell party={row} />,
    },
    { key: 'email', phone: 'hidden', title: t('fields.email'), dataIndex: 'email', width: 220, ellipsis: true },
    {
      key: 'agent',
      title: t('fields.agent_name'),
      width: 170,
      ellipsis: true,
      // The agent's number beside its name (spec §3): names repeat across cities, numbers do not.
      render: (_, row) =>
        row.agent_name ? (
          <CellStack
            main={row.agent_name}
            sub={row.agent_agent_no ? `${t('fields.agent_no')} ${row.agent_agent_no}` : undefined}
            subTestId="studio-agent-no"
          />
        ) : (
          <Maybe value={null} />
        ),
    },
    { key: 'pay', phone: 'status', title: t('fields.pay_state'), width: 120, render: (_, row) => <PayStateTag state={row.pay_state} /> },
    { key: 'info', phone: 'hidden', title: t('fields.info_status'), width: 120, render: (_, row) => <InfoStatusTag status={row.info_status} /> },
    { key: 'clients', title: t('fields.clients'), dataIndex: 'client_count', width: 100, align: 'right' },
    {
      key: 'sales',
      title: t('fields.sales'),
      width: 130,
      align: 'right',
      render: (_, row) => <span className="org-num">{formatUsd(row.sales_cents, language)}</span>,
    },
    { key: 'location', phone: 'hidden', title: t('fields.location'), width: 170, ellipsis: true, render: (_, row) => <Maybe value={row.location} /> },
    { key: 'expire', title: t('fields.expire_time'), width: 150, render: (_, row) => formatDate(row.expire_time) },
    { key: 'register', phone: 'hidden', title: t('fields.register_time'), width: 150, render: (_, row) => formatDate(row.register_time) },
    ...(assigns
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 220,
            fixed: 'right' as const,
            render: (_: unknown, row: StudioSummary) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<LinkOutlined />}
                  onClick={() => setAssigning({ studio: row, subject: displayName(row), current: row.agent_name })}
                  data-testid="row-assign-agent"
                >
                  {row.agent_id ? t('actions.change_agent') : t('actions.assign_agent')}
                </Button>
                {removesAssignment && row.agent_id !== null && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DisconnectOutlined />}
                    onClick={() => remove(row)}
                    aria-label={t('actions.remove_agent')}
                    title={t('actions.remove_agent')}
                    data-testid="row-remove-agent"
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="org-tab">
      <div className="org-summary">
        <StatTiles tiles={tiles} loading={count.isPending} testId="studio-tiles" />
        <TopStudiosCard allStudiosLink={false} />
      </div>
      <PeopleFilters
        value={filters}
        onChange={applyFilters}
        onReset={() => applyFilters({})}
        keywordPlaceholder={t('filters.keyword_studios')}
        leadingActive={filters.agent_id != null ? 1 : 0}
        leading={
          can(api.proxy.list) && (
            <AgentSelect
              className="nc-filters__picker"
              value={filters.agent_id ?? null}
              onChange={(agent_id) => applyFilters({ ...filters, agent_id })}
              placeholder={t('filters.agent')}
              testId="filter-agent"
            />
          )
        }
      />
      <DataTable<StudioSummary>
        query={studios}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `row-${row.email}`}
        testId="studios-table"
        emptyTitle={t('studios.empty')}
        filtered={isFiltered({ ...toListQuery(filters), agent_id: filters.agent_id })}
      />
      <AssignModal
        target={assigning}
        title={assigning ? t('studios.assign_title', { name: assigning.subject }) : ''}
        fieldLabel={t('fields.agent')}
        picker={(props) => (
          <AgentSelect {...props} excludeId={assigning?.studio.agent_id ?? undefined} placeholder={t('pickers.agent')} testId="assign-agent-picker" className="org-picker" />
        )}
        onAssign={(agentId) =>
          assign.mutateAsync({ studio_id: assigning!.studio.id, agent_id: agentId }).then(
            () => notifySuccess(t('feedback.assigned')),
            (error: unknown) => {
              if (!isSignedOut(error)) notifyError(failureText(t('feedback.assignment_failed'), error));
              throw error;
            },
          )
        }
        onClose={() => setAssigning(null)}
      />
      {confirmElement}
    </div>
  );
}
