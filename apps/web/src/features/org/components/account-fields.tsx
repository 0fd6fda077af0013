import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The fields every new account is made with, for the forms that create one for someone else
 * (an account of any role, an agent): how it signs in, and what it is called.
 */
export function NewAccountFields() {
  const { t } = useTranslation('org');
  return (
    <>
      <Form.Item name="email" label={t('fields.email')} required>
        <Input type="email" autoComplete="off" data-testid="field-email" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} extra={t('hints.password')} required>
        <Input.Password autoComplete="new-password" data-testid="field-password" />
      </Form.Item>
      <Form.Item name="username" label={t('fields.nickname')} required>
        <Input autoComplete="off" data-testid="field-username" />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')}>
        <Input autoComplete="off" data-testid="field-name" />
      </Form.Item>
    </>
  );
}

/** How to reach an account, optional on creation: a US phone and a WeChat id (spec §5 formats). */
export function ReachFields() {
  const { t } = useTranslation('org');
  return (
    <>
      <Form.Item name="phone" label={t('fields.phone')} extra={t('hints.phone')}>
        <Input type="tel" inputMode="tel" autoComplete="off" data-testid="field-phone" />
      </Form.Item>
      <Form.Item name="wechat" label={t('fields.wechat')} extra={t('hints.wechat')}>
        <Input autoComplete="off" data-testid="field-wechat" />
      </Form.Item>
    </>
  );
}
