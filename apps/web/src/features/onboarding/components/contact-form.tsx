import { CheckCircleFilled, PhoneOutlined } from '@ant-design/icons';
import { contactRequest, type api, type ResponseOf } from '@nearcast/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { useAddContact } from '../api/add-contact';
import { formatUsPhone } from '../lib/phone';

type Contact = ResponseOf<typeof api.contact.add>;

interface ContactValues {
  mobile?: string;
  wechat_id?: string;
  name?: string;
  message?: string;
}

/**
 * The contact-completion form of spec §5: "leave your number and we will call you back".
 * A visitor needs no account; staff read the requests on /contacts.
 */
export function ContactForm() {
  const { t } = useTranslation('onboarding');
  const [form] = Form.useForm<ContactValues>();
  const add = useAddContact();
  const [sent, setSent] = useState<Contact | null>(null);

  const onFinish = (values: ContactValues) => {
    const body = validateWith(
      contactRequest,
      { mobile: values.mobile ?? '', wechat_id: values.wechat_id ?? '', name: values.name ?? '', message: values.message ?? '' },
      form,
    );
    if (!body) return;
    add.mutate(body, {
      onSuccess: (contact) => {
        setSent(contact);
        form.resetFields();
      },
      // Spec §8: 'Submit failed' ('Envío fallido' in Spanish), with the server's reason after it.
      onError: (error) => showServerError(form, error, { fallback: t('contact.submit_failed') }),
    });
  };

  if (sent) {
    return (
      <div className="onb-contact-success" role="status" data-testid="contact-success">
        <CheckCircleFilled className="onb-contact-success__icon" aria-hidden="true" />
        <h3>{sent.name ? t('contact.success_title_named', { name: sent.name }) : t('contact.success_title')}</h3>
        <p>{t('contact.success_body', { phone: formatUsPhone(sent.mobile) })}</p>
        <Button onClick={() => setSent(null)} data-testid="contact-again">
          {t('contact.again')}
        </Button>
      </div>
    );
  }

  return (
    <Form<ContactValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={(changed: ContactValues) => recheckFields(form, changed)}
      className="onb-contact-form"
      data-testid="contact-form"
      noValidate
    >
      <div className="onb-grid">
        <Form.Item name="mobile" label={t('contact.fields.mobile')} extra={t('settle.hints.phone')}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            prefix={<PhoneOutlined />}
            placeholder="(310) 555-0142"
            data-testid="contact-mobile"
          />
        </Form.Item>
        <Form.Item name="wechat_id" label={t('contact.fields.wechat')} extra={t('settle.hints.wechat')}>
          <Input autoComplete="off" maxLength={50} placeholder={t('settle.placeholders.wechat')} data-testid="contact-wechat" />
        </Form.Item>
        <Form.Item name="name" label={t('contact.fields.name')}>
          <Input autoComplete="name" maxLength={100} placeholder={t('settle.placeholders.name')} data-testid="contact-name" />
        </Form.Item>
        <Form.Item name="message" label={t('contact.fields.message')} className="onb-grid__wide">
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('contact.placeholders.message')} data-testid="contact-message" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={add.isPending} className="onb-form__submit" data-testid="contact-submit">
        {t('contact.submit')}
      </Button>
    </Form>
  );
}
