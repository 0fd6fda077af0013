import { SafetyOutlined } from '@ant-design/icons';
import type { EmailCodeScene } from '@nearcast/contract';
import { Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

/** The emailed-code input with its send button, as register, reset and two-factor sign-in use it. */
export function CodeField({ form, scene, testIdPrefix }: { form: FormInstance; scene: EmailCodeScene; testIdPrefix: string }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item label={t('fields.code')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle>
          <Input
            prefix={<SafetyOutlined />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('placeholders.code')}
            data-testid={`${testIdPrefix}-code`}
          />
        </Form.Item>
        <SendCodeButton form={form} scene={scene} testId={`${testIdPrefix}-send-code`} />
      </Space.Compact>
    </Form.Item>
  );
}
