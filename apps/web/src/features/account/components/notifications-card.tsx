import { PUBLISH_NOTICE_ROLES, roleOf, type CurrentUser, type NotificationSettings } from '@nearcast/contract';
import { Button, Card, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

const CHANNELS = ['email', 'sms', 'system', 'marketing'] as const satisfies ReadonlyArray<keyof NotificationSettings>;

/** Absent on the server means one notice per post. */
const digestOf = (settings: NotificationSettings) => settings.publish_digest === true;

/**
 * Spec §2 "Profile": notification settings for email, SMS, system and marketing messages; and,
 * for those told when a post goes live, one notice per post or a daily digest of them.
 */
export function NotificationsCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [settings, setSettings] = useState<NotificationSettings>(user.notifications);
  const publishNotices = PUBLISH_NOTICE_ROLES.includes(roleOf(user.account_type));
  const dirty = CHANNELS.some((channel) => settings[channel] !== user.notifications[channel]) || digestOf(settings) !== digestOf(user.notifications);

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
        {publishNotices && (
          <div className="profile-toggle">
            <div>
              <h3 className="profile-toggle__title">{t('notifications.publish_digest.title')}</h3>
              <p className="profile-toggle__body" data-testid="notify-publish-digest-state">
                {t(digestOf(settings) ? 'notifications.publish_digest.daily' : 'notifications.publish_digest.each')}
              </p>
            </div>
            <Switch
              checked={digestOf(settings)}
              onChange={(checked) => setSettings((current) => ({ ...current, publish_digest: checked }))}
              aria-label={t('notifications.publish_digest.title')}
              data-testid="notify-publish-digest"
            />
          </div>
        )}
      </div>
      <Button type="primary" onClick={save} disabled={!dirty} loading={update.isPending} data-testid="notifications-save">
        {t('notifications.save')}
      </Button>
    </Card>
  );
}
