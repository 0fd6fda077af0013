import { ACCOUNT_STATUSES, api, type AccountStatus, type AccountSummary } from '@nearcast/contract';
import { Alert, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useEditAccount } from '../api/edit-account';
import { accountPatch, EDITABLE_FIELDS, type AccountEditValues } from '../utils/account-patch';
import type { ConfirmRequest } from '../../../components/confirm-dialog';
import { displayName } from './display';
import { showServerError, recheckFields, validateWith } from '../../../lib/form-feedback';
import { FormModal } from '../../../components/form-modal';

interface AccountEditModalProps {
  account: AccountSummary | null;
  onClose: () => void;
  confirm: (request: ConfirmRequest) => void;
  /** The signed-in super admin cannot disable itself. */
  isSelf: boolean;
}

/** Super edits an account (/v1/account/edit): profile, sale fields, status and a new password. */
export function AccountEditModal({ account, onClose, confirm, isSelf }: AccountEditModalProps) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<AccountEditValues>();
  const edit = useEditAccount();
  const status = Form.useWatch('status', form);

  useEffect(() => {
    if (!account) return;
    form.resetFields();
    form.setFieldsValue({
      ...Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, account[field] ?? ''])),
      status: account.status,
      password: '',
    });
  }, [account, form]);

  const save = (values: AccountEditValues) => {
    if (!account) return;
    const patch = accountPatch(account, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    const body = validateWith(api.account.edit.request, { id: account.id, ...patch }, form);
    if (!body) return;
    const run = () =>
      edit.mutateAsync(body).then(
        () => {
          notifySuccess(t('account.saved'));
          onClose();
        },
        (error: unknown) => {
          showServerError(form, error, { fallback: t('feedback.submit_failed'), conflictField: 'email' });
          throw error;
        },
      );
    if (patch.status === 'disabled') {
      confirm({
        title: t('account.disable_title', { name: displayName(account) }),
        body: t('account.disable_body'),
        okText: t('actions.disable'),
        danger: true,
        onOk: run,
      });
      return;
    }
    void run().catch(() => undefined);
  };

  return (
    <FormModal
      open={account !== null}
      title={account ? t('account.edit_title', { name: displayName(account) }) : ''}
      form={form}
      onClose={onClose}
      loading={edit.isPending}
      okText={t('actions.save')}
      submitTestId="edit-submit"
      width={680}
      resetOnClose={false}
    >
      <Form form={form} onValuesChange={(changed: object) => recheckFields(form, changed)} layout="vertical" requiredMark={false} onFinish={save} noValidate data-testid="account-edit-form">
        <div className="org-form-grid">
          <Form.Item name="username" label={t('fields.nickname')}>
            <Input autoComplete="off" data-testid="edit-username" />
          </Form.Item>
          <Form.Item name="name" label={t('fields.name')}>
            <Input autoComplete="off" data-testid="edit-name" />
          </Form.Item>
          <Form.Item name="phone" label={t('fields.phone')} extra={t('hints.phone')}>
            <Input type="tel" inputMode="tel" autoComplete="off" data-testid="edit-phone" />
          </Form.Item>
          <Form.Item name="wechat" label={t('fields.wechat')} extra={t('hints.wechat')}>
            <Input autoComplete="off" data-testid="edit-wechat" />
          </Form.Item>
          <Form.Item name="company_short_name" label={t('fields.company')}>
            <Input autoComplete="off" data-testid="edit-company" />
          </Form.Item>
          <Form.Item name="company_full_name" label={t('fields.company_full')}>
            <Input autoComplete="off" data-testid="edit-company-full" />
          </Form.Item>
          <Form.Item name="sale_name" label={t('fields.sale_name')}>
            <Input autoComplete="off" data-testid="edit-sale-name" />
          </Form.Item>
          <Form.Item name="sale_email" label={t('fields.sale_email')}>
            <Input type="email" autoComplete="off" data-testid="edit-sale-email" />
          </Form.Item>
          <Form.Item name="sale_uid" label={t('fields.sale_uid')}>
            <Input autoComplete="off" data-testid="edit-sale-uid" />
          </Form.Item>
          <Form.Item name="status" label={t('fields.status')}>
            <Select<AccountStatus>
              disabled={isSelf}
              options={ACCOUNT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              data-testid="edit-status"
            />
          </Form.Item>
          <Form.Item name="password" label={t('fields.new_password')} extra={t('hints.new_password')}>
            <Input.Password autoComplete="new-password" data-testid="edit-password" />
          </Form.Item>
        </div>
        {status === 'disabled' && account?.status !== 'disabled' && (
          <Alert type="warning" showIcon title={t('account.disable_body')} data-testid="edit-disable-warning" />
        )}
      </Form>
    </FormModal>
  );
}
