import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { EmailCodeScene } from '@nearcast/contract';
import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from './code-field';

/** The email field of the sign-in forms; the code button of the same form reads it. */
export function EmailField({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name="email" label={t('fields.email')}>
      <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder={t('placeholders.email')} data-testid={`${testIdPrefix}-email`} />
    </Form.Item>
  );
}

/**
 * An address proved by a code mailed to it, then a new password typed twice: registering and
 * resetting a password ask for the same things in the same order.
 */
export function EmailCodePasswordFields({
  form,
  scene,
  testIdPrefix,
  passwordLabel,
}: {
  form: FormInstance;
  scene: EmailCodeScene;
  testIdPrefix: string;
  passwordLabel: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <EmailField testIdPrefix={testIdPrefix} />
      <CodeField form={form} scene={scene} testIdPrefix={testIdPrefix} />
      <Form.Item name="password" label={passwordLabel} extra={t('hints.password')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={t('placeholders.new_password')} data-testid={`${testIdPrefix}-password`} />
      </Form.Item>
      <Form.Item name="confirm_password" label={t('fields.confirm_password')}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('placeholders.confirm_password')}
          data-testid={`${testIdPrefix}-confirm-password`}
        />
      </Form.Item>
    </>
  );
}
