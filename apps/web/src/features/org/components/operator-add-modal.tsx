import { api } from '@nearcast/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useAddOperator } from '../api/add-operator';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { FormModal } from '../../../components/form-modal';

interface OperatorValues {
  nickname?: string;
  email?: string;
  password?: string;
  wechat?: string;
}

/** Spec §5 "Employee creation": nickname, email and password required; wechat optional. */
export function OperatorAddModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<OperatorValues>();
  const add = useAddOperator();

  const submit = (values: OperatorValues) => {
    const body = validateWith(
      api.operator.add.request,
      { nickname: values.nickname ?? '', email: values.email ?? '', password: values.password ?? '', wechat: values.wechat ?? '' },
      form,
    );
    if (!body) return;
    add.mutate(body, {
      onSuccess: (operator) => {
        notifySuccess(t('operator.created', { name: operator.nickname }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('feedback.creation_failed'), conflictField: 'email' }),
    });
  };

  return (
    <FormModal
      open={open}
      title={t('operator.create_title')}
      form={form}
      onClose={onClose}
      loading={add.isPending}
      okText={t('actions.create')}
      submitTestId="operator-submit"
      width={480}
    >
      <p className="org-modal__lead">{t('operator.create_lead')}</p>
      <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={submit} noValidate data-testid="operator-form">
        <Form.Item name="nickname" label={t('fields.nickname')} required>
          <Input autoComplete="off" data-testid="operator-nickname" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} required>
          <Input type="email" autoComplete="off" data-testid="operator-email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} extra={t('hints.password')} required>
          <Input.Password autoComplete="new-password" data-testid="operator-password" />
        </Form.Item>
        <Form.Item name="wechat" label={t('fields.wechat_optional')} extra={t('hints.wechat')}>
          <Input autoComplete="off" data-testid="operator-wechat" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
