import { Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { AccountInfoCard } from '../components/account-info-card';
import { BasicInfoCard } from '../components/basic-info-card';
import { DevicesCard } from '../components/devices-card';
import { NotificationsCard } from '../components/notifications-card';
import { PasswordCard } from '../components/password-card';
import { TwoFactorCard } from '../components/two-factor-card';
import './profile.css';
import { isOneOf } from '@nearcast/contract';

const TABS = ['basic', 'security', 'notifications', 'account'] as const;
type TabKey = (typeof TABS)[number];

/** Profile and security settings (spec §2 "Profile"); the open tab is kept in `?tab=`. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isOneOf(TABS, requested) ? requested : 'basic';

  if (!user) return <Result status="warning" title={t('dashboard:no_session.title')} />;

  return (
    <div className="profile">
      <PageHeader subtitle={t('subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next, { replace: true });
        }}
        items={[
          { key: 'basic', label: <span data-testid="profile-tab-basic">{t('tabs.basic')}</span>, children: <BasicInfoCard key={user.id} user={user} /> },
          {
            key: 'security',
            label: <span data-testid="profile-tab-security">{t('tabs.security')}</span>,
            children: (
              <div className="profile-stack">
                <PasswordCard />
                <TwoFactorCard user={user} />
                <DevicesCard />
              </div>
            ),
          },
          {
            key: 'notifications',
            label: <span data-testid="profile-tab-notifications">{t('tabs.notifications')}</span>,
            children: <NotificationsCard user={user} />,
          },
          { key: 'account', label: <span data-testid="profile-tab-account">{t('tabs.account')}</span>, children: <AccountInfoCard user={user} /> },
        ]}
      />
    </div>
  );
}
