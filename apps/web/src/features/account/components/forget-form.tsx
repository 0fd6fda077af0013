import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { api } from '@nearcast/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useForget } from '../api/forget';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { CodeField } from './code-field';

interface ForgetValues {
  email?: string;
  code?: string;
  password?: string;
  confirm_password?: string;
}

export function ForgetForm({ onDone, onBack }: { onDone: (email: string) => void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgetValues>();
  const forget = useForget();

  const onFinish = (values: ForgetValues) => {
    const body = validateWith(
      api.account.forget.request,
      {
        email: values.email ?? '',
        code: values.code ?? '',
        password: values.password ?? '',
        confirm_password: values.confirm_password ?? '',
      },
      form,
    );
    if (!body) return;
    forget.mutate(body, {
      onSuccess: () => onDone(body.email),
      onError: (error) => showServerError(form, error),
    });
  };

  return (
    <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={onFinish} size="large" data-testid="forget-form" noValidate>
      <Form.Item name="email" label={t('fields.email')}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder={t('placeholders.email')} data-testid="forget-email" />
      </Form.Item>
      <CodeField form={form} scene="forget" testIdPrefix="forget" />
      <Form.Item name="password" label={t('fields.new_password')} extra={t('hints.password')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={t('placeholders.new_password')} data-testid="forget-password" />
      </Form.Item>
      <Form.Item name="confirm_password" label={t('fields.confirm_password')}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('placeholders.confirm_password')}
          data-testid="forget-confirm-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={forget.isPending} data-testid="forget-submit">
        {t('forget.submit')}
      </Button>
      <Button type="link" block onClick={onBack} className="signin__back" data-testid="forget-back">
        {t('forget.back')}
      </Button>
    </Form>
  );
}
