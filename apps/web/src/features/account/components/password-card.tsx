import { api } from '@nearcast/contract';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';

interface PasswordValues {
  current_password?: string;
  new_password?: string;
  confirm_password?: string;
}

/** Spec §5 "Profile password change": all three required, and the two new ones must match. */
export function PasswordCard() {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  const onFinish = (values: PasswordValues) => {
    const body = validateWith(
      api.account.psd.request,
      {
        current_password: values.current_password ?? '',
        new_password: values.new_password ?? '',
        confirm_password: values.confirm_password ?? '',
      },
      form,
    );
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        notifySuccess(t('password.changed'));
      },
      onError: (error) => showServerError(form, error),
    });
  };

  return (
    <Card title={t('password.title')} className="profile-card">
      <p className="profile-card__lead">{t('password.lead')}</p>
      <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={onFinish} data-testid="password-form" noValidate>
        <Form.Item name="current_password" label={t('password.current')}>
          <Input.Password autoComplete="current-password" data-testid="password-current" />
        </Form.Item>
        <div className="profile-grid">
          <Form.Item name="new_password" label={t('password.new')} extra={t('auth:hints.password')}>
            <Input.Password autoComplete="new-password" data-testid="password-new" />
          </Form.Item>
          <Form.Item name="confirm_password" label={t('password.confirm')}>
            <Input.Password autoComplete="new-password" data-testid="password-confirm" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
