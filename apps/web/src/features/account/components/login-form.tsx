import { LockOutlined } from '@ant-design/icons';
import { api, type CurrentUser } from '@nearcast/contract';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { CodeField } from './code-field';
import { EmailField } from './credential-fields';

interface LoginValues {
  email?: string;
  password?: string;
  remember?: boolean;
  code?: string;
}

export function LoginForm({
  initialEmail,
  onSignedIn,
  onForgot,
}: {
  initialEmail?: string;
  onSignedIn: (token: string, user: CurrentUser) => void;
  onForgot: () => void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  // Two-factor accounts: the server mails a code after the right password and asks for it.
  const [needsCode, setNeedsCode] = useState(false);

  const onFinish = (values: LoginValues) => {
    const body = validateWith(
      api.account.login.request,
      {
        email: values.email ?? '',
        password: values.password ?? '',
        remember: values.remember ?? false,
        ...(needsCode ? { code: values.code ?? '' } : {}),
      },
      form,
    );
    if (!body) return;
    login.mutate(body, {
      onSuccess: ({ token, user }) => onSignedIn(token, user),
      onError: (error) => {
        if (error instanceof ApiError && error.fields.code && !needsCode) setNeedsCode(true);
        // Let the code field mount before its message is placed under it.
        window.setTimeout(() => showServerError(form, error), 0);
      },
    });
  };

  return (
    <Form
      form={form}
      onValuesChange={(changed: object) => recheckFields(form, changed)}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      initialValues={{ email: initialEmail, remember: false }}
      size="large"
      data-testid="login-form"
      noValidate
    >
      <EmailField testIdPrefix="login" />
      <Form.Item name="password" label={t('fields.password')}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('placeholders.password')}
          data-testid="login-password"
        />
      </Form.Item>
      {needsCode && (
        <CodeField form={form} scene="login" testIdPrefix="login" />
      )}
      <div className="signin__row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid="login-remember">{t('fields.remember')}</Checkbox>
        </Form.Item>
        <Button type="link" onClick={onForgot} className="signin__link" data-testid="login-forgot">
          {t('login.forgot')}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
