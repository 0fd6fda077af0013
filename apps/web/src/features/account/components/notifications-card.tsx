import type { CurrentUser, NotificationSettings } from '@nearcast/contract';
import { Button, Card, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

const CHANNELS = ['email', 'sms', 'system', 'marketing'] as const satisfies ReadonlyArray<keyof NotificationSettings>;

/** Spec §2 "Profile": notification settings for email, SMS, system and marketing messages. */
export function NotificationsCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [settings, setSettings] = useState<NotificationSettings>(user.notifications);
  const dirty = CHANNELS.some((channel) => settings[channel] !== user.notifications[channel]);

  const save = () =>
    update.mutate({ notifications: settings }, { onSuccess: () => notifySuccess(t('notifications.saved')) });

  return (
    <Card title={t('notifications.title')} className="profile-card">
      <p className="profile-card__lead">{t('notifications.lead')}</p>
      <div className="profile-switches">
        {CHANNELS.map((channel) => (
          <div key={channel} className="profile-toggle">
            <div>
              <h3 className="profile-toggle__title">{t(`notifications.${channel}.title`)}</h3>
              <p className="profile-toggle__body">{t(`notifications.${channel}.body`)}</p>
            </div>
            <Switch
              checked={settings[channel]}
              onChange={(checked) => setSettings((current) => ({ ...current, [channel]: checked }))}
              aria-label={t(`notifications.${channel}.title`)}
              data-testid={`notify-${channel}`}
            />
          </div>
        ))}
      </div>
      <Button type="primary" onClick={save} disabled={!dirty} loading={update.isPending} data-testid="notifications-save">
        {t('notifications.save')}
      </Button>
    </Card>
  );
}
