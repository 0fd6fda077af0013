import { api } from '@nearcast/contract';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useForget } from '../api/forget';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { EmailCodePasswordFields } from './credential-fields';

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
      <EmailCodePasswordFields form={form} scene="forget" testIdPrefix="forget" passwordLabel={t('fields.new_password')} />
      <Button type="primary" htmlType="submit" block loading={forget.isPending} data-testid="forget-submit">
        {t('forget.submit')}
      </Button>
      <Button type="link" block onClick={onBack} className="signin__back" data-testid="forget-back">
        {t('forget.back')}
      </Button>
    </Form>
  );
}
