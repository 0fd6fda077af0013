import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { AgentAddModal } from '../components/agent-add-modal';
import { AgentsTab } from '../components/agents-tab';
import { StudiosTab } from '../components/studios-tab';
import { abilitiesOf } from '../utils/abilities';
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
  const abilities = abilitiesOf(role, user?.agent_type);
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const requested = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TabKey) : 'agents';

  return (
    <div className="org-page">
      <PageHeader
        subtitle={role === 'partner' ? t('agents.subtitle_partner') : t('agents.subtitle')}
        extra={
          tab === 'agents' &&
          abilities.addAgent && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="agent-add">
              {abilities.chooseAgentType ? t('agents.add') : t('agents.add_sub')}
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
          { key: 'agents', label: <span data-testid="tab-agents">{t('agents.tab')}</span>, children: <AgentsTab abilities={abilities} /> },
          { key: 'studios', label: <span data-testid="tab-studios">{t('studios.tab')}</span>, children: <StudiosTab abilities={abilities} /> },
        ]}
      />
      {abilities.addAgent && <AgentAddModal open={adding} onClose={() => setAdding(false)} chooseType={abilities.chooseAgentType} />}
    </div>
  );
}
