import { api, type CurrentUser } from '@nearcast/contract';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';

interface BasicValues {
  username: string;
  name: string;
  phone: string;
  wechat: string;
  bio: string;
}

export function BasicInfoCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<BasicValues>();
  const update = useUpdateProfile({ toast: false });

  const onFinish = (values: BasicValues) => {
    const body = validateWith(
      api.account.update.request,
      {
        username: values.username ?? '',
        name: values.name ?? '',
        phone: values.phone ?? '',
        wechat: values.wechat ?? '',
        bio: values.bio ?? '',
      },
      form,
    );
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => notifySuccess(t('basic.saved')),
      onError: (error) => showServerError(form, error),
    });
  };

  return (
    <Card title={t('basic.title')} className="profile-card">
      <Form
        form={form}
        onValuesChange={(changed: object) => recheckFields(form, changed)}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ username: user.username, name: user.name, phone: user.phone, wechat: user.wechat, bio: user.bio }}
        data-testid="profile-basic-form"
        noValidate
      >
        <div className="profile-grid">
          <Form.Item name="username" label={t('basic.username')}>
            <Input autoComplete="nickname" data-testid="profile-username" />
          </Form.Item>
          <Form.Item name="name" label={t('basic.name')}>
            <Input autoComplete="name" data-testid="profile-name" />
          </Form.Item>
          <Form.Item name="phone" label={t('basic.phone')} extra={t('basic.phone_hint')}>
            <Input type="tel" autoComplete="tel" inputMode="tel" data-testid="profile-phone" />
          </Form.Item>
          <Form.Item name="wechat" label={t('basic.wechat')} extra={t('basic.wechat_hint')}>
            <Input data-testid="profile-wechat" />
          </Form.Item>
        </div>
        <Form.Item name="bio" label={t('basic.bio')}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="profile-bio" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
          {t('basic.save')}
        </Button>
      </Form>
    </Card>
  );
}
