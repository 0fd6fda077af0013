import { WalletOutlined } from '@ant-design/icons';
import { api } from '@nearcast/contract';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { useBalance } from '../api/get-balance';
import { usePlatformSummary } from '../api/get-platform';
import { BalanceTiles, PlatformTiles } from '../components/balance-tiles';
import { RecordsExportButtons } from '../components/records-export';
import { RecordsFilters } from '../components/records-filters';
import { RecordsTable, type RecordFilters } from '../components/records-table';
import { RulesPanel } from '../components/rules-panel';
import { SettingsPanel } from '../components/settings-panel';
import { SettlementApplyModal } from '../components/settlement-apply-modal';
import { SettlementsTable } from '../components/settlements-table';
import { SubAgentsTable } from '../components/sub-agents-table';
import '../../../components/wrapping-tabs.css';
import './finance.css';

const NO_FILTERS: RecordFilters = {};
const EARNINGS: RecordFilters = { type: 'commission' };

/**
 * /finance (every role), each seeing its own money (the server scopes every list):
 * - a merchant its payments with their receipts; an operator its merchants' payments, read only;
 * - a studio or an agent its balances, earnings per payment, settlement applications (and a
 *   main agent its sub-agents' totals);
 * - staff the platform's accounts, every record with filters and export, the settlement queue,
 *   and for the super admin the commission rules.
 */
export function FinancePage() {
  const { role } = useSession();
  const can = useCan();
  // Each role's finance is the calls it may make: staff the platform's (super its rules too), earners their settlements.
  if (can(api.finance.platform)) return <StaffFinance isSuper={can(api.finance.rulesUpdate)} />;
  if (can(api.settlement.apply)) return <EarnerFinance />;
  return <PayerFinance operator={role === 'operator'} />;
}

function PayerFinance({ operator }: { operator: boolean }) {
  const { t } = useTranslation('finance');
  return (
    <div className="fin-page">
      <PageHeader subtitle={t(operator ? 'subtitle.operator' : 'subtitle.client')} />
      <RecordsTable view="payments" filters={NO_FILTERS} receipts testId="payments-table" />
    </div>
  );
}

function EarnerFinance() {
  const { t } = useTranslation('finance');
  const { user, role } = useSession();
  const balance = useBalance({});
  const [applying, setApplying] = useState(false);
  const subAgents = balance.data?.sub_agents ?? [];
  // A main agent also sees its sub-agents' balances and their total.
  const isMain = role === 'partner' && user?.agent_type === 'main';
  return (
    <div className="fin-page">
      <PageHeader
        subtitle={t('subtitle.earner')}
        extra={
          <Button type="primary" icon={<WalletOutlined />} onClick={() => setApplying(true)} data-testid="apply-settlement">
            {t('apply.open')}
          </Button>
        }
      />
      {balance.isError ? (
        <LoadFailed error={balance.error} onRetry={() => void balance.refetch()} testId="balance-failed" />
      ) : (
        <BalanceTiles balances={balance.data?.balances} loading={balance.isPending} />
      )}
      <Tabs
        className="fin-tabs nc-wrap-tabs"
        destroyOnHidden
        items={[
          { key: 'earnings', label: <span data-testid="tab-earnings">{t('tabs.earnings')}</span>, children: <RecordsTable view="earnings" filters={EARNINGS} receipts={false} testId="earnings-table" /> },
          { key: 'settlements', label: <span data-testid="tab-settlements">{t('tabs.settlements')}</span>, children: <SettlementsTable staff={false} testId="settlements-table" /> },
          { key: 'records', label: <span data-testid="tab-records">{t('tabs.records')}</span>, children: <RecordsTable view="all" filters={NO_FILTERS} receipts testId="records-table" /> },
          ...(isMain && balance.data
            ? [{ key: 'sub-agents', label: <span data-testid="tab-sub-agents">{t('tabs.sub_agents', { count: subAgents.length })}</span>, children: <SubAgentsTable balance={balance.data} /> }]
            : []),
        ]}
      />
      <SettlementApplyModal open={applying} onClose={() => setApplying(false)} />
    </div>
  );
}

function StaffFinance({ isSuper }: { isSuper: boolean }) {
  const { t } = useTranslation('finance');
  const summary = usePlatformSummary();
  const [filters, setFilters] = useState<RecordFilters>(NO_FILTERS);
  const [tab, setTab] = useState('records');
  return (
    <div className="fin-page">
      <PageHeader subtitle={t('subtitle.staff')} extra={tab === 'records' ? <RecordsExportButtons filters={filters} /> : undefined} />
      {summary.isError ? (
        <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} testId="platform-failed" />
      ) : (
        <PlatformTiles summary={summary.data} loading={summary.isPending} />
      )}
      <Tabs
        className="fin-tabs nc-wrap-tabs"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'records',
            label: <span data-testid="tab-records">{t('tabs.all_records')}</span>,
            children: (
              <>
                <RecordsFilters value={filters} onChange={setFilters} />
                <RecordsTable view="all" filters={filters} receipts refunds chosen testId="records-table" />
              </>
            ),
          },
          { key: 'queue', label: <span data-testid="tab-queue">{t('tabs.queue')}</span>, children: <SettlementsTable staff testId="queue-table" /> },
          ...(isSuper ? [{ key: 'rules', label: <span data-testid="tab-rules">{t('tabs.rules')}</span>, children: (
                  <div className="fin-rules">
                    <SettingsPanel />
                    <RulesPanel />
                  </div>
                ),
              }] : []),
        ]}
      />
    </div>
  );
}
