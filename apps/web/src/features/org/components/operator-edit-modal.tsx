import { api, type OperatorSummary } from '@nearcast/contract';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useEditOperator } from '../api/edit-operator';
import { operatorPatch, type OperatorEditValues } from '../utils/operator-patch';

/**
 * An agent edits one of its employees (/v1/operator/edit): nickname, email, WeChat, and a new
 * password when one is typed. Only what changed is sent; a new password signs the employee out.
 */
export function OperatorEditModal({ operator, onClose }: { operator: OperatorSummary | null; onClose: () => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<OperatorEditValues>();
  const edit = useEditOperator();

  useEffect(() => {
    if (!operator) return;
    form.resetFields();
    form.setFieldsValue({ nickname: operator.nickname, email: operator.email, wechat: operator.wechat, password: '' });
  }, [operator, form]);

  const save = (values: OperatorEditValues) => {
    if (!operator) return;
    const patch = operatorPatch(operator, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    const body = validateWith(api.operator.edit.request, { id: operator.id, ...patch }, form);
    if (!body) return;
    edit.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t('operator.saved', { name: saved.nickname }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('feedback.submit_failed'), conflictField: 'email' }),
    });
  };

  return (
    <FormModal
      open={operator !== null}
      title={operator ? t('operator.edit_title', { name: operator.nickname }) : ''}
      form={form}
      onClose={onClose}
      loading={edit.isPending}
      okText={t('actions.save')}
      submitTestId="operator-edit-submit"
      width={480}
      resetOnClose={false}
    >
      <Form
        form={form}
        onValuesChange={(changed: object) => recheckFields(form, changed)}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        noValidate
        data-testid="operator-edit-form"
      >
        <Form.Item name="nickname" label={t('fields.nickname')} required>
          <Input autoComplete="off" data-testid="operator-edit-nickname" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} required>
          <Input type="email" autoComplete="off" data-testid="operator-edit-email" />
        </Form.Item>
        <Form.Item name="wechat" label={t('fields.wechat_optional')} extra={t('hints.wechat')}>
          <Input autoComplete="off" data-testid="operator-edit-wechat" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.new_password')} extra={t('hints.new_password')}>
          <Input.Password autoComplete="new-password" data-testid="operator-edit-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
