import { AGENT_TYPES, api, type AgentType } from '@nearcast/contract';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useAddAgent } from '../api/add-agent';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { AgentSelect } from './remote-select';
import { NewAccountFields, ReachFields } from './account-fields';
import { FormModal } from '../../../components/form-modal';

interface AgentValues {
  email?: string;
  password?: string;
  username?: string;
  name?: string;
  company_short_name?: string;
  phone?: string;
  wechat?: string;
  agent_type?: AgentType;
  main_agent_id?: number | null;
}

/**
 * /v1/proxy/add: staff choose main or sub (with its main agent); a main agent's new agents
 * are always its own sub-agents, so it sees no type choice.
 */
export function AgentAddModal({ open, onClose, chooseType }: { open: boolean; onClose: () => void; chooseType: boolean }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<AgentValues>();
  const add = useAddAgent();
  const type = Form.useWatch('agent_type', form) ?? 'main';

  const submit = (values: AgentValues) => {
    const agentType: AgentType = chooseType ? (values.agent_type ?? 'main') : 'sub';
    const body = validateWith(
      api.proxy.add.request,
      {
        email: values.email ?? '',
        password: values.password ?? '',
        username: values.username ?? '',
        name: values.name ?? '',
        company_short_name: values.company_short_name ?? '',
        phone: values.phone ?? '',
        wechat: values.wechat ?? '',
        agent_type: agentType,
        main_agent_id: chooseType && agentType === 'sub' ? (values.main_agent_id ?? null) : null,
      },
      form,
    );
    if (!body) return;
    if (chooseType && body.agent_type === 'sub' && body.main_agent_id === null) {
      form.setFields([{ name: 'main_agent_id', errors: [t('messages:org.main_agent_required')] }]);
      return;
    }
    add.mutate(body, {
      onSuccess: (agent) => {
        notifySuccess(t('agents.created', { email: agent.email }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('feedback.creation_failed'), conflictField: 'email' }),
    });
  };

  return (
    <FormModal
      open={open}
      title={t('agents.add_title')}
      form={form}
      onClose={onClose}
      loading={add.isPending}
      okText={t('actions.create')}
      submitTestId="agent-submit"
      width={640}
    >
      <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ agent_type: 'main' }} noValidate data-testid="agent-add-form">
        {chooseType ? (
          <div className="org-form-grid">
            <Form.Item name="agent_type" label={t('fields.agent_type')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={AGENT_TYPES.map((value) => ({ value, label: t(`agent_type.${value}`) }))}
                data-testid="field-agent-type"
              />
            </Form.Item>
            {type === 'sub' && (
              <Form.Item name="main_agent_id" label={t('fields.main_agent')} required>
                <AgentSelect agentType="main" placeholder={t('pickers.main_agent')} testId="field-main-agent" />
              </Form.Item>
            )}
          </div>
        ) : (
          <Alert type="info" showIcon className="org-form-note" title={t('agents.add_as_sub')} />
        )}
        <div className="org-form-grid">
          <NewAccountFields />
          <Form.Item name="company_short_name" label={t('fields.company')}>
            <Input autoComplete="off" data-testid="field-company" />
          </Form.Item>
          <ReachFields />
        </div>
      </Form>
    </FormModal>
  );
}
