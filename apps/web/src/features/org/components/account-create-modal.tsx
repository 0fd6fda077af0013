import { api, ROLES, type Role } from '@nearcast/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useAddAccount } from '../api/add-account';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { AgentSelect } from './remote-select';
import { NewAccountFields, ReachFields } from './account-fields';
import { FormModal } from '../../../components/form-modal';

interface CreateValues {
  email?: string;
  password?: string;
  username?: string;
  name?: string;
  role?: Role;
  main_agent_id?: number | null;
  phone?: string;
  wechat?: string;
  company_short_name?: string;
  sale_name?: string;
  sale_email?: string;
  sale_uid?: string;
}

/** Super creates an account of any role (/v1/account/add); a partner may be a sub-agent. */
export function AccountCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<CreateValues>();
  const add = useAddAccount();
  const role = Form.useWatch('role', form);

  const submit = (values: CreateValues) => {
    const body = validateWith(
      api.account.add.request,
      {
        email: values.email ?? '',
        password: values.password ?? '',
        username: values.username ?? '',
        name: values.name ?? '',
        role: values.role,
        main_agent_id: values.role === 'partner' ? (values.main_agent_id ?? null) : null,
        phone: values.phone ?? '',
        wechat: values.wechat ?? '',
        company_short_name: values.company_short_name ?? '',
        sale_name: values.sale_name ?? '',
        sale_email: values.sale_email ?? '',
        sale_uid: values.sale_uid ?? '',
      },
      form,
    );
    if (!body) return;
    add.mutate(body, {
      onSuccess: (account) => {
        notifySuccess(t('account.created', { email: account.email }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('feedback.creation_failed'), conflictField: 'email' }),
    });
  };

  return (
    <FormModal
      open={open}
      title={t('account.create_title')}
      form={form}
      onClose={onClose}
      loading={add.isPending}
      okText={t('actions.create')}
      submitTestId="account-submit"
      width={680}
    >
      <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ role: 'client' }} noValidate data-testid="account-create-form">
        <div className="org-form-grid">
          <NewAccountFields />
          <Form.Item name="role" label={t('fields.role')} required>
            <Select<Role>
              options={ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) }))}
              data-testid="field-role"
            />
          </Form.Item>
          {role === 'partner' && (
            <Form.Item name="main_agent_id" label={t('fields.main_agent')} extra={t('hints.main_agent_optional')}>
              <AgentSelect agentType="main" placeholder={t('pickers.main_agent')} testId="field-main-agent" />
            </Form.Item>
          )}
          <ReachFields />
          <Form.Item name="company_short_name" label={t('fields.company')}>
            <Input autoComplete="off" data-testid="field-company" />
          </Form.Item>
          <Form.Item name="sale_name" label={t('fields.sale_name')}>
            <Input autoComplete="off" data-testid="field-sale-name" />
          </Form.Item>
          <Form.Item name="sale_email" label={t('fields.sale_email')}>
            <Input type="email" autoComplete="off" data-testid="field-sale-email" />
          </Form.Item>
          <Form.Item name="sale_uid" label={t('fields.sale_uid')}>
            <Input autoComplete="off" data-testid="field-sale-uid" />
          </Form.Item>
        </div>
      </Form>
    </FormModal>
  );
}
