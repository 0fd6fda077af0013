import { SwapOutlined } from '@ant-design/icons';
import { AGENT_TYPES, api, headsTrees, type AgentSummary, type AgentType } from '@nearcast/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/list-filters';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAgentCount } from '../../../api/agent-count';
import { useAgents } from '../api/list-agents';
import { useSwitchAgent } from '../api/switch-agent';
import { isFiltered, toListQuery, type ListFilterValues } from '../utils/list-query';
import { formatUsd } from '../../../lib/money';
import { AgentDetailDrawer } from './agent-detail-drawer';
import { AssignModal, type AssignTarget } from './assign-modal';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { CompanyCell } from './company-cell';
import { displayName } from './display';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { PeopleFilters } from './people-filters';
import { AgentSelect } from './remote-select';
import { AgentTypeTag } from './status-tags';
import { StatTiles } from '../../../components/stat-tiles';

interface AgentFilters extends ListFilterValues {
  agent_type?: AgentType;
}

/** The agents tab of /agents: counts, the list, and (for staff) the main/sub switch. */
export function AgentsTab() {
  const { t } = useTranslation('org');
  const { role, user } = useSession();
  const can = useCan();
  const switchesAgents = can(api.proxy.switch);
  // A main agent adds sub-agents under itself; a sub-agent adds none.
  const addsAgents = can(api.proxy.add) && headsTrees(role, user?.agent_type);
  const language = currentLanguage();
  const [filters, setFilters] = useState<AgentFilters>({});
  const paging = usePaging();
  const [switching, setSwitching] = useState<(AssignTarget & { agent: AgentSummary }) | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const [detailId, setDetailId] = useState<number | null>(null);
  const count = useAgentCount();
  const agents = useAgents({ ...toListQuery(filters), agent_type: filters.agent_type, page: paging.page, page_size: paging.size });
  const switchAgent = useSwitchAgent();

  const applyFilters = (next: AgentFilters) => {
    setFilters(next);
    paging.toFirst();
  };

  const reportFailure = (error: unknown) => {
    if (!isSignedOut(error)) notifyError(failureText(t('feedback.operation_failed'), error));
    throw error;
  };

  const makeMain = (agent: AgentSummary) =>
    confirm({
      title: t('agents.make_main_title', { name: displayName(agent) }),
      body: t('agents.make_main_body'),
      okText: t('actions.make_main'),
      onOk: () =>
        switchAgent
          .mutateAsync({ id: agent.id, agent_type: 'main', main_agent_id: null })
          .then(() => notifySuccess(t('agents.switched_main', { name: displayName(agent) })), reportFailure),
    });

  const c = count.data;
  const dash = '—';
  const tiles = [
    { key: 'agents-total', label: t('tiles.agents'), value: c?.total ?? dash, accent: true },
    { key: 'agents-main', label: t('tiles.main_agents'), value: c?.main ?? dash },
    { key: 'agents-sub', label: t('tiles.sub_agents'), value: c?.sub ?? dash },
    { key: 'agents-studios', label: t('tiles.studios'), value: c?.studios ?? dash },
    { key: 'agents-clients', label: t('tiles.clients'), value: c?.clients ?? dash },
    { key: 'agents-new', label: t('tiles.new_this_month'), value: c?.new_this_month ?? dash },
    { key: 'agents-sales', label: t('tiles.sales'), value: c ? formatUsd(c.sales_cents, language) : dash },
  ];

  const switchButton = (row: AgentSummary) =>
    row.agent_type === 'sub' ? (
      <Button size="small" icon={<SwapOutlined />} onClick={() => makeMain(row)} data-testid="row-make-main">
        {t('actions.make_main')}
      </Button>
    ) : (
      <Button
        size="small"
        icon={<SwapOutlined />}
        onClick={() => setSwitching({ agent: row, subject: displayName(row), current: null })}
        data-testid="row-switch-sub"
      >
        {t('actions.switch_to_sub')}
      </Button>
    );

  const columns: DataColumn<AgentSummary>[] = [
    {
      key: 'company',
      title: t('fields.company'),
      width: 220,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      render: (_, row) => <CompanyCell party={row} />,
    },
    { key: 'agent_no', phone: 'hidden', title: t('fields.agent_no'), width: 120, render: (_, row) => row.agent_no ?? '—' },
    {
      key: 'type', phone: 'status',
      title: t('fields.agent_type'),
      width: 210,
      render: (_, row) => (
        <div className="org-cell-stack">
          <span>
            <AgentTypeTag type={row.agent_type} />
          </span>
          {row.agent_type === 'sub' && row.main_agent_name && (
            <span className="org-cell-stack__sub">{t('agent_type.sub_of', { name: row.main_agent_name })}</span>
          )}
        </div>
      ),
    },
    { key: 'email', phone: 'hidden', title: t('fields.email'), dataIndex: 'email', width: 220, ellipsis: true },
    { key: 'subordinates', title: t('fields.subordinates'), dataIndex: 'subordinate_count', width: 120, align: 'right' },
    { key: 'studios', title: t('fields.studios'), dataIndex: 'studio_count', width: 100, align: 'right' },
    { key: 'clients', title: t('fields.clients'), dataIndex: 'client_count', width: 100, align: 'right' },
    {
      key: 'sales',
      title: t('fields.sales'),
      width: 140,
      align: 'right',
      render: (_, row) => <span className="org-num">{formatUsd(row.sales_cents, language)}</span>,
    },
    { key: 'register', phone: 'hidden', title: t('fields.register_time'), width: 150, render: (_, row) => formatDate(row.register_time) },
    ...(switchesAgents
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 190,
            fixed: 'right' as const,
            render: (_: unknown, row: AgentSummary) => switchButton(row),
          },
        ]
      : []),
  ];

  return (
    <div className="org-tab">
      <StatTiles tiles={tiles} loading={count.isPending} testId="agent-tiles" />
      <PeopleFilters
        value={filters}
        onChange={applyFilters}
        onReset={() => applyFilters({})}
        keywordPlaceholder={t('filters.keyword_agents')}
        leadingActive={filters.agent_type ? 1 : 0}
        show={{ pay: false, info: false }}
        leading={
          <FilterSelect<AgentType>
            label={t('filters.agent_type')}
            value={filters.agent_type}
            onChange={(agent_type) => applyFilters({ ...filters, agent_type })}
            options={AGENT_TYPES.map((value) => ({ value, label: t(`agent_type.${value}`) }))}
            data-testid="filter-agent-type"
          />
        }
      />
      <DataTable<AgentSummary>
        query={agents}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `row-${row.email}`}
        onOpen={(row) => setDetailId(row.id)}
        openLabel={(row) => t('actions.open_named', { name: row.company_short_name || displayName(row) })}
        testId="agents-table"
        emptyTitle={t('agents.empty')}
        emptyBody={addsAgents ? t('agents.empty_body') : undefined}
        filtered={isFiltered({ ...toListQuery(filters), agent_type: filters.agent_type })}
      />
      <AssignModal
        target={switching}
        title={switching ? t('agents.switch_title', { name: switching.subject }) : ''}
        fieldLabel={t('fields.main_agent')}
        picker={(props) => (
          <AgentSelect
            {...props}
            agentType="main"
            excludeId={switching?.agent.id}
            placeholder={t('pickers.main_agent')}
            testId="switch-main-agent"
            className="org-picker"
          />
        )}
        onAssign={(mainId) =>
          switchAgent
            .mutateAsync({ id: switching!.agent.id, agent_type: 'sub', main_agent_id: mainId })
            .then(() => notifySuccess(t('agents.switched_sub', { name: switching!.subject })), reportFailure)
        }
        onClose={() => setSwitching(null)}
        describe={(main) => t('agents.switch_summary', { name: switching?.subject ?? '', main })}
        okText={t('actions.switch_to_sub')}
      />
      <AgentDetailDrawer id={detailId} onClose={() => setDetailId(null)} actions={switchesAgents ? switchButton : undefined} />
      {confirmElement}
    </div>
  );
}
