import { isStaff, type AgentSummary } from '@nearcast/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { useAgent } from '../api/get-agent';
import { DetailDrawer, DetailSection } from './detail-frame';
import { displayName } from './display';
import { AccountStatusTag, AgentTypeTag, Maybe } from './status-tags';
import { formatUsPhone } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { FunnelCard } from '../../promotion';

/**
 * Everything known about one agent (/v1/proxy/get): its type and main agent, its studios,
 * clients, sub-agents and sales, how to reach it; and its actions (the main/sub switch).
 */
export function AgentDetailDrawer({ id, onClose, actions }: { id: number | null; onClose: () => void; actions?: (agent: AgentSummary) => ReactNode }) {
  const { t } = useTranslation('org');
  const agent = useAgent(id);
  const data = agent.data;
  const language = currentLanguage();
  const text = (value: string | null | undefined) => <Maybe value={value} />;
  const { role } = useSession();
  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      title={data ? data.company_short_name || displayName(data) : t('detail.agent_title')}
      actions={data && actions?.(data)}
      testId="agent-drawer"
      query={agent}
    >
      {data && (
        <>
          <DetailSection
            title={t('detail.agent_title')}
            testId="agent-identity"
            items={[
              [t('fields.agent_type'), <AgentTypeTag key="type" type={data.agent_type} />],
              [t('fields.main_agent'), <span key="main" data-testid="agent-main">{text(data.agent_type === 'sub' ? data.main_agent_name : null)}</span>],
              [t('fields.agent_no'), text(data.agent_no)],
              [t('fields.status'), <AccountStatusTag key="status" status={data.status} />],
            ]}
          />
          <DetailSection
            title={t('detail.network')}
            testId="agent-network"
            items={[
              [t('fields.studios'), <span key="studios" data-testid="agent-studios">{data.studio_count}</span>],
              [t('fields.clients'), <span key="clients" data-testid="agent-clients">{data.client_count}</span>],
              [t('tiles.sub_agents'), data.sub_agent_count],
              [t('fields.sales'), <span key="sales" data-testid="agent-sales">{formatUsd(data.sales_cents, language)}</span>],
            ]}
          />
          {/* What the agent's promotion link brought: staff read any agent's. */}
          {role && isStaff(role) && <FunnelCard accountId={data.id} />}
          <DetailSection
            title={t('detail.contact')}
            items={[
              [t('fields.name'), text(data.name || data.username)],
              [t('fields.email'), data.email],
              [t('fields.phone'), text(data.phone && formatUsPhone(data.phone))],
              [t('fields.wechat'), text(data.wechat)],
              [t('fields.company'), text(data.company_short_name)],
            ]}
          />
          <DetailSection
            title={t('detail.activity')}
            items={[
              [t('fields.register_time'), formatDate(data.register_time)],
              [t('fields.last_login'), formatDate(data.last_login)],
            ]}
          />
        </>
      )}
    </DetailDrawer>
  );
}
