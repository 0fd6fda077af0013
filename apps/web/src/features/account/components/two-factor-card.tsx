import type { CurrentUser } from '@nearcast/contract';
import { Card, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

export function TwoFactorCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();

  const toggle = (enabled: boolean) =>
    update.mutate(
      { two_factor_enabled: enabled },
      { onSuccess: () => notifySuccess(enabled ? t('two_factor.enabled') : t('two_factor.disabled')) },
    );

  return (
    <Card className="profile-card">
      <div className="profile-toggle">
        <div>
          <h3 className="profile-toggle__title">{t('two_factor.title')}</h3>
          <p className="profile-toggle__body">{t('two_factor.body')}</p>
        </div>
        <Switch
          checked={user.two_factor_enabled}
          loading={update.isPending}
          onChange={toggle}
          aria-label={t('two_factor.title')}
          data-testid="two-factor-switch"
        />
      </div>
    </Card>
  );
}
