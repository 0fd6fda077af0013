import { EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { PAYING, type AccountSummary } from '@nearcast/contract';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useAccount } from '../api/get-account';
import { formatUsd } from '../../../lib/money';
import { DetailDrawer, DetailSection } from './detail-frame';
import { displayName } from './display';
import { AccountStatusTag, AgentTypeTag, InfoStatusTag, Maybe, PayStateTag } from './status-tags';
import { formatUsPhone } from '../../../lib/phone';

interface AccountDetailDrawerProps {
  id: number | null;
  onClose: () => void;
  onEdit: (account: AccountSummary) => void;
  onToggleStatus: (account: AccountSummary) => void;
  isSelf: (account: AccountSummary) => boolean;
}

/** Everything the platform knows about one account (/v1/account/get), with its two actions. */
export function AccountDetailDrawer({ id, onClose, onEdit, onToggleStatus, isSelf }: AccountDetailDrawerProps) {
  const { t } = useTranslation('org');
  const account = useAccount(id);
  const data = account.data;

  const text = (value: string | null | undefined) => <Maybe value={value} />;
  const paying = !!data && PAYING.includes(data.role);

  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      title={data ? displayName(data) : t('detail.title')}
      testId="account-drawer"
      query={account}
      actions={
        data && (
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => onEdit(data)} data-testid="detail-edit">
              {t('actions.edit')}
            </Button>
            {!isSelf(data) && (
              <Button
                danger={data.status === 'normal'}
                icon={data.status === 'normal' ? <LockOutlined /> : <UnlockOutlined />}
                onClick={() => onToggleStatus(data)}
                data-testid="detail-toggle-status"
              >
                {data.status === 'normal' ? t('actions.disable') : t('actions.enable')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {data && (
        <div className="org-detail" data-testid="account-detail">
          <DetailSection
            title={t('detail.identity')}
            items={[
              [t('fields.name'), text(data.name)],
              [t('fields.nickname'), text(data.username)],
              [t('fields.email'), data.email],
              [t('fields.role'), t(`common:roles.${data.role}`)],
              ...(data.role === 'partner'
                ? ([
                    [t('fields.agent_type'), <AgentTypeTag key="type" type={data.agent_type} />],
                    [t('fields.agent_no'), text(data.agent_no)],
                    [t('fields.main_agent'), text(data.main_agent_name)],
                  ] as [string, ReactNode][])
                : []),
              [t('fields.status'), <AccountStatusTag key="status" status={data.status} />],
              [t('fields.phone'), text(data.phone && formatUsPhone(data.phone))],
              [t('fields.wechat'), text(data.wechat)],
            ]}
          />
          <DetailSection
            title={t('detail.business')}
            items={[
              [t('fields.company'), text(data.company_short_name)],
              [t('fields.company_full'), text(data.company_full_name)],
              [t('fields.location'), text([data.county, data.city, data.state, data.country].filter(Boolean).join(', '))],
            ]}
          />
          <DetailSection
            title={t('detail.billing')}
            items={[
              [t('fields.pay_state'), paying ? <PayStateTag key="pay" state={data.pay_state} /> : t('list.not_applicable')],
              [t('fields.info_status'), paying ? <InfoStatusTag key="info" status={data.info_status} /> : t('list.not_applicable')],
              [t('fields.expire_time'), formatDate(data.expire_time)],
              [t('fields.order_count'), data.order_count],
              [t('fields.consumption'), formatUsd(data.consumption_cents, currentLanguage())],
            ]}
          />
          <DetailSection
            title={t('detail.assignments')}
            items={[
              [t('fields.agent'), text(data.agent_name)],
              [t('fields.studio'), text(data.studio_name)],
              [t('fields.operator'), text(data.operator_name)],
              [t('fields.sale_name'), text(data.sale_name)],
              [t('fields.sale_email'), text(data.sale_email)],
              [t('fields.sale_uid'), text(data.sale_uid)],
            ]}
          />
          <DetailSection
            title={t('detail.activity')}
            items={[
              [t('fields.register_time'), formatDate(data.register_time)],
              [t('fields.last_login'), formatDate(data.last_login)],
            ]}
          />
        </div>
      )}
    </DetailDrawer>
  );
}
