import { PlusOutlined } from '@ant-design/icons';
import { api, headsTrees, isOneOf } from '@nearcast/contract';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { AgentAddModal } from '../components/agent-add-modal';
import { AgentsTab } from '../components/agents-tab';
import { StudiosTab } from '../components/studios-tab';
import './org.css';

const TABS = ['agents', 'studios'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /agents (super, admin, partner): the agents a user manages and, on the second tab
 * (`?tab=studios`), their studios with the ranking and the studio-to-agent assignment.
 */
export function AgentsPage() {
  const { t } = useTranslation('org');
  const { role, user } = useSession();
  const can = useCan();
  // A main agent adds sub-agents under itself; a sub-agent adds none. Staff choose the new agent's type.
  const addsAgents = can(api.proxy.add) && headsTrees(role, user?.agent_type);
  const choosesType = can(api.proxy.switch);
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const requested = params.get('tab');
  const tab: TabKey = isOneOf(TABS, requested) ? requested : 'agents';

  return (
    <div className="org-page">
      <PageHeader
        subtitle={choosesType ? t('agents.subtitle') : t('agents.subtitle_partner')}
        extra={
          tab === 'agents' &&
          addsAgents && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="agent-add">
              {choosesType ? t('agents.add') : t('agents.add_sub')}
            </Button>
          )
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next, { replace: true });
        }}
        items={[
          { key: 'agents', label: <span data-testid="tab-agents">{t('agents.tab')}</span>, children: <AgentsTab /> },
          { key: 'studios', label: <span data-testid="tab-studios">{t('studios.tab')}</span>, children: <StudiosTab /> },
        ]}
      />
      {addsAgents && <AgentAddModal open={adding} onClose={() => setAdding(false)} chooseType={choosesType} />}
    </div>
  );
}
