import { PAY_STATUS, PAYING, INFO_STATUS, roleOf, type CurrentUser } from '@nearcast/contract';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';

/** Spec §2 "Profile": account info, read-only, straight from the current user. */
export function AccountInfoCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const role = roleOf(user.account_type);
  const paying = PAYING.includes(role);
  const pay =
    user.pay_status === PAY_STATUS.paid ? 'paid' : user.pay_status === PAY_STATUS.expired ? 'expired' : 'unpaid';

  const items = [
    { key: 'email', label: t('account.email'), children: user.email },
    { key: 'role', label: t('account.role'), children: t(`common:roles.${role}`) },
    ...(user.agent_type
      ? [{ key: 'agent', label: t('account.agent_type'), children: t(`account.agent_types.${user.agent_type}`) }]
      : []),
    { key: 'status', label: t('account.status'), children: t(`account.statuses.${user.status}`) },
    ...(paying
      ? [
          { key: 'pay', label: t('account.pay_status'), children: t(`account.pay.${pay}`) },
          {
            key: 'info',
            label: t('account.info_status'),
            children: user.info_status === INFO_STATUS.incomplete ? t('account.info.incomplete') : t('account.info.complete'),
          },
          { key: 'expire', label: t('account.expire_time'), children: user.expire_time ? formatDate(user.expire_time) : '—' },
        ]
      : []),
    { key: 'referral', label: t('account.referral_code'), children: user.referral_code || '—' },
    { key: 'register', label: t('account.register_time'), children: formatDate(user.register_time) },
    { key: 'login', label: t('account.last_login'), children: formatDate(user.last_login) },
  ];

  return (
    <Card title={t('account.title')} className="profile-card">
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} items={items} data-testid="account-info" />
    </Card>
  );
}
