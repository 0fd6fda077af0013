import { DownOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { api, headsTrees, type AccountSummary } from '@nearcast/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { useAssignClientAgent } from '../api/assign-client-agent';
import { useAssignClientOperator } from '../api/assign-client-operator';
import { useClientCount } from '../../../api/client-count';
import { useClients } from '../../../api/client-list';
import { useSetClientStudio } from '../api/set-client-studio';
import { AssignModal, type AssignTarget } from '../components/assign-modal';
import { ClientDetailDrawer } from '../components/client-detail-drawer';
import { ClientExportButtons, type ClientFilters } from '../components/client-export';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { CellStack } from '../components/cell-stack';
import { displayName } from '../components/display';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { PeopleFilters } from '../components/people-filters';
import { AgentSelect, OperatorSelect, StudioSelect } from '../components/remote-select';
import { StatTiles } from '../../../components/stat-tiles';
import { payStateTiles } from '../components/pay-state-tiles';
import { formatUsPhone } from '../../../lib/phone';
import { InfoStatusTag, Maybe, PayStateTag } from '../components/status-tags';
import { isFiltered, toListQuery, type ListFilterValues } from '../utils/list-query';
import { formatUsd } from '../../../lib/money';
import { ClientMaterialDrawer, type MaterialClient } from '../../material';
import './org.css';

type Link = 'agent' | 'studio' | 'operator';

interface ClientPageFilters extends ListFilterValues {
  agent_id?: number | null;
  studio_id?: number | null;
}

const CURRENT: Record<Link, (client: AccountSummary) => { id: number | null; name: string | null }> = {
  agent: (client) => ({ id: client.agent_id, name: client.agent_name }),
  studio: (client) => ({ id: client.studio_id, name: client.studio_name }),
  operator: (client) => ({ id: client.operator_id, name: client.operator_name }),
};

/**
 * /clients (super, admin, partner, studio, operator): the merchants in the user's scope, the
 * export of the filtered list, and for managers the agent, studio and operator assignments.
 */
export function ClientsPage() {
  const { t } = useTranslation('org');
  const { t: tm } = useTranslation('material');
  const { role, user } = useSession();
  const can = useCan();
  const assigns = can(api.client.proxy);
  // A studio and an operator use the merchants' materials; managers look after assignments.
  const seesMaterials = can(api.footage.list) && !assigns;
  const [materialsOf, setMaterialsOf] = useState<MaterialClient | null>(null);
  // Taking a client from its agent or studio is for staff and main agents, from its operator for every manager.
  const removesAssignment = assigns && headsTrees(role, user?.agent_type);
  const removesOperator = can(api.client.operator);
  const filtersByOrg = can(api.proxy.list);
  const language = currentLanguage();
  const [filters, setFilters] = useState<ClientPageFilters>({});
  const paging = usePaging();
  const [assigning, setAssigning] = useState<(AssignTarget & { client: AccountSummary; link: Link }) | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const [detailId, setDetailId] = useState<number | null>(null);
  const count = useClientCount();
  const assignAgent = useAssignClientAgent();
  const setStudio = useSetClientStudio();
  const assignOperator = useAssignClientOperator();

  const listFilters: ClientFilters = {
    ...toListQuery(filters),
    agent_id: filters.agent_id ?? undefined,
    studio_id: filters.studio_id ?? undefined,
  };
  const clients = useClients({ ...listFilters, page: paging.page, page_size: paging.size });

  const applyFilters = (next: ClientPageFilters) => {
    setFilters(next);
    paging.toFirst();
  };

  const save = (link: Link, client: AccountSummary, id: number | null) => {
    if (link === 'agent') return assignAgent.mutateAsync({ client_id: client.id, agent_id: id });
    if (link === 'studio') return setStudio.mutateAsync({ client_id: client.id, studio_id: id });
    return assignOperator.mutateAsync({ client_id: client.id, operator_id: id });
  };

  const report = (message: string) => (error: unknown) => {
    if (!isSignedOut(error)) notifyError(failureText(message, error));
    throw error;
  };

  const remove = (link: Link, client: AccountSummary) =>
    confirm({
      title: t(`clients.remove_${link}_title`, { name: displayName(client), from: CURRENT[link](client).name ?? '' }),
      body: t('clients.remove_body'),
      okText: t('actions.remove'),
      danger: true,
      onOk: () => save(link, client, null).then(() => notifySuccess(t('feedback.removed')), report(t('feedback.removal_failed'))),
    });

  const menuFor = (client: AccountSummary): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    (['agent', 'studio', 'operator'] as const).forEach((link, index) => {
      const current = CURRENT[link](client);
      if (index > 0) items.push({ type: 'divider' });
      items.push({
        key: `assign-${link}`,
        label: <span data-testid={`action-assign-${link}`}>{t(current.id ? `actions.change_${link}` : `actions.assign_${link}`)}</span>,
        onClick: () => setAssigning({ client, link, subject: displayName(client), current: current.name }),
      });
      const mayRemove = link === 'operator' ? removesOperator : removesAssignment;
      if (current.id !== null && mayRemove) {
        items.push({
          key: `remove-${link}`,
          danger: true,
          label: <span data-testid={`action-remove-${link}`}>{t(`actions.remove_${link}`)}</span>,
          onClick: () => remove(link, client),
        });
      }
    });
    return items;
  };

  const assignMenu = (client: AccountSummary, testId: string) => (
    <Dropdown menu={{ items: menuFor(client) }} trigger={['click']} placement="bottomRight">
      <Button size="small" data-testid={testId}>
        {t('actions.assign_menu')} <DownOutlined />
      </Button>
    </Dropdown>
  );

  const materialsButton = (client: AccountSummary, testId: string) => (
    <Button
      size="small"
      icon={<FolderOpenOutlined />}
      onClick={() => setMaterialsOf({ id: client.id, name: client.company_short_name || displayName(client) })}
      aria-label={tm('client.open_named', { name: displayName(client) })}
      data-testid={testId}
    >
      {tm('client.open')}
    </Button>
  );

  const tiles = payStateTiles('clients', t('tiles.clients'), count.data, (key) => t(key));

  const columns: DataColumn<AccountSummary>[] = [
    {
      key: 'client',
      title: t('fields.client'),
      width: 210,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      render: (_, row) => <CellStack main={displayName(row)} sub={row.company_short_name || row.email} />,
    },
    { key: 'email', phone: 'hidden', title: t('fields.email'), dataIndex: 'email', width: 220, ellipsis: true },
    { key: 'pay', phone: 'status', title: t('fields.pay_state'), width: 120, render: (_, row) => <PayStateTag state={row.pay_state} /> },
    { key: 'info', phone: 'status', title: t('fields.info_status'), width: 120, render: (_, row) => <InfoStatusTag status={row.info_status} /> },
    { key: 'agent', title: t('fields.agent_name'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.agent_name} /> },
    { key: 'studio', title: t('fields.studio_name'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.studio_name} /> },
    { key: 'operator', title: t('fields.operator'), width: 160, ellipsis: true, render: (_, row) => <Maybe value={row.operator_name} /> },
    { key: 'orders', phone: 'hidden', title: t('fields.order_count'), dataIndex: 'order_count', width: 100, align: 'right' },
    {
      key: 'consumption', phone: 'hidden',
      title: t('fields.consumption'),
      width: 130,
      align: 'right',
      render: (_, row) => <span className="org-num">{formatUsd(row.consumption_cents, language)}</span>,
    },
    { key: 'location', phone: 'hidden', title: t('fields.location'), width: 170, ellipsis: true, render: (_, row) => <Maybe value={row.location} /> },
    { key: 'phone', title: t('fields.phone'), width: 150, render: (_, row) => <Maybe value={row.phone && formatUsPhone(row.phone)} /> },
    { key: 'wechat', phone: 'hidden', title: t('fields.wechat'), width: 140, ellipsis: true, render: (_, row) => <Maybe value={row.wechat} /> },
    { key: 'expire', title: t('fields.expire_time'), width: 150, render: (_, row) => formatDate(row.expire_time) },
    { key: 'register', phone: 'hidden', title: t('fields.register_time'), width: 150, render: (_, row) => formatDate(row.register_time) },
    { key: 'login', phone: 'hidden', title: t('fields.last_login'), width: 150, render: (_, row) => formatDate(row.last_login) },
    ...(assigns
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, row: AccountSummary) => assignMenu(row, 'row-assign-menu'),
          },
        ]
      : []),
    ...(seesMaterials
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, row: AccountSummary) => materialsButton(row, 'row-materials'),
          },
        ]
      : []),
  ];

  const link = assigning?.link ?? 'agent';
  const pickerLabel = t(`fields.${link}`);

  return (
    <div className="org-page">
      <PageHeader subtitle={t(`clients.subtitle_${assigns || role === null ? 'manager' : role}`)} extra={<ClientExportButtons filters={listFilters} />} />
      <StatTiles tiles={tiles} loading={count.isPending} testId="client-tiles" />
      <PeopleFilters
        value={filters}
        onChange={applyFilters}
        onReset={() => applyFilters({})}
        keywordPlaceholder={t('filters.keyword_clients')}
        leadingActive={[filters.agent_id, filters.studio_id].filter((id) => id != null).length}
        leading={
          filtersByOrg && (
            <>
              <AgentSelect
                className="nc-filters__picker"
                value={filters.agent_id ?? null}
                onChange={(agent_id) => applyFilters({ ...filters, agent_id })}
                placeholder={t('filters.agent')}
                testId="filter-agent"
              />
              <StudioSelect
                className="nc-filters__picker"
                value={filters.studio_id ?? null}
                onChange={(studio_id) => applyFilters({ ...filters, studio_id })}
                placeholder={t('filters.studio')}
                testId="filter-studio"
              />
            </>
          )
        }
      />
      <DataTable<AccountSummary>
        query={clients}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `row-${row.email}`}
        onOpen={(row) => setDetailId(row.id)}
        openLabel={(row) => t('actions.open_named', { name: displayName(row) })}
        testId="clients-table"
        emptyTitle={t('clients.empty')}
        filtered={isFiltered(listFilters)}
      />
      <AssignModal
        target={assigning}
        title={assigning ? t(`clients.assign_${link}_title`, { name: assigning.subject }) : ''}
        fieldLabel={pickerLabel}
        picker={(props) => {
          const common = {
            ...props,
            excludeId: assigning ? (CURRENT[link](assigning.client).id ?? undefined) : undefined,
            testId: `assign-${link}-picker`,
            className: 'org-picker',
          };
          if (link === 'agent') return <AgentSelect {...common} placeholder={t('pickers.agent')} />;
          if (link === 'studio') return <StudioSelect {...common} placeholder={t('pickers.studio')} />;
          return <OperatorSelect {...common} placeholder={t('pickers.operator')} />;
        }}
        onAssign={(id) =>
          save(link, assigning!.client, id).then(() => notifySuccess(t('feedback.assigned')), report(t('feedback.assignment_failed')))
        }
        onClose={() => setAssigning(null)}
      />
      <ClientDetailDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        actions={
          assigns
            ? (client) => assignMenu(client, 'detail-assign-menu')
            : seesMaterials
              ? (client) => materialsButton(client, 'detail-materials')
              : undefined
        }
      />
      {materialsOf && (
        <Suspense fallback={null}>
          <ClientMaterialDrawer client={materialsOf} onClose={() => setMaterialsOf(null)} />
        </Suspense>
      )}
      {confirmElement}
    </div>
  );
}
