import { UserOutlined } from '@ant-design/icons';
import { api, type CurrentUser, type JoinType } from '@nearcast/contract';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSign } from '../api/sign';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { EmailCodePasswordFields } from './credential-fields';

interface RegisterValues {
  username?: string;
  email?: string;
  code?: string;
  password?: string;
  confirm_password?: string;
}

export function RegisterForm({
  joinType,
  referral,
  onSignedIn,
}: {
  joinType: JoinType;
  referral: string | null;
  onSignedIn: (token: string, user: CurrentUser) => void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const sign = useSign();
  const [join, setJoin] = useState<JoinType>(joinType);

  const onFinish = (values: RegisterValues) => {
    const body = validateWith(
      api.account.sign.request,
      {
        username: values.username ?? '',
        email: values.email ?? '',
        password: values.password ?? '',
        confirm_password: values.confirm_password ?? '',
        code: values.code ?? '',
        join_type: join,
        ...(referral ? { ref: referral } : {}),
      },
      form,
    );
    if (!body) return;
    sign.mutate(body, {
      onSuccess: ({ token, user }) => onSignedIn(token, user),
      onError: (error) => showServerError(form, error),
    });
  };

  return (
    <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={onFinish} size="large" data-testid="register-form" noValidate>
      <div className="signin__join">
        <span className="signin__join-label">{t('register.join_as')}</span>
        <Segmented<JoinType>
          block
          value={join}
          onChange={setJoin}
          options={[
            { value: 'business', label: t('register.join_business') },
            { value: 'studio', label: t('register.join_studio') },
          ]}
          data-testid="register-join-type"
        />
      </div>
      {referral && <Alert type="info" showIcon className="signin__referral" title={t('register.referral', { code: referral })} />}
      <Form.Item name="username" label={t('fields.username')}>
        <Input prefix={<UserOutlined />} autoComplete="nickname" placeholder={t('placeholders.username')} data-testid="register-username" />
      </Form.Item>
      <EmailCodePasswordFields form={form} scene="register" testIdPrefix="register" passwordLabel={t('fields.password')} />
      <Button type="primary" htmlType="submit" block loading={sign.isPending} data-testid="register-submit">
        {t('register.submit')}
      </Button>
      <p className="signin__legal">{t('register.legal')}</p>
    </Form>
  );
}
