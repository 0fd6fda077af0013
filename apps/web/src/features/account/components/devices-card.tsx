import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { useDevices } from '../api/devices';
import { useRevokeDevice } from '../api/revoke-device';
import { useRevokeOtherDevices } from '../api/revoke-other-devices';

/** A readable name from a user agent: browser on system, good enough to recognise a device. */
export function describeUserAgent(userAgent: string): { label: string; mobile: boolean } {
  const ua = userAgent || '';
  const browser =
    /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : '';
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const label = [browser, system].filter(Boolean).join(' · ');
  return { label, mobile: /Mobile|Android|iPhone|iPad/.test(ua) };
}

/** Spec §2 "Profile": device management, with logout of a device. */
export function DevicesCard() {
  const { t } = useTranslation('profile');
  const devices = useDevices();
  const revoke = useRevokeDevice();
  const revokeOthers = useRevokeOtherDevices();
  const others = devices.data?.list.filter((device) => !device.current).length ?? 0;

  let body;
  if (devices.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (devices.isError) {
    body = (
      <LoadFailed error={devices.error} onRetry={() => void devices.refetch()} retryTestId="devices-retry" />
    );
  } else if (devices.data.list.length === 0) {
    body = <Empty description={t('devices.empty')} />;
  } else {
    body = (
      <ul className="devices" data-testid="devices-list">
        {devices.data.list.map((device) => {
          const { label, mobile } = describeUserAgent(device.user_agent);
          return (
            <li key={device.id} className="devices__item" data-testid="device-row">
              <span className="devices__icon">{mobile ? <MobileOutlined /> : <DesktopOutlined />}</span>
              <div className="devices__info">
                <div className="devices__name">
                  {label || t('devices.unknown')}
                  {device.current && (
                    <Tag color="purple" variant="filled">
                      {t('devices.current')}
                    </Tag>
                  )}
                </div>
                <div className="devices__meta">
                  {t('devices.meta', {
                    ip: device.ip || '—',
                    seen: formatDate(device.last_seen_at),
                    created: formatDate(device.created_at),
                    expires: formatDate(device.expires_at),
                  })}
                </div>
              </div>
              {!device.current && (
                <Popconfirm
                  title={t('devices.confirm')}
                  okText={t('devices.logout')}
                  cancelText={t('common:actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    revoke.mutateAsync(device.id).then(
                      () => notifySuccess(t('devices.revoked')),
                      () => undefined,
                    )
                  }
                >
                  <Button danger size="small" data-testid={`device-revoke-${device.id}`}>
                    {t('devices.logout')}
                  </Button>
                </Popconfirm>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card
      title={t('devices.title')}
      className="profile-card"
      extra={
        others > 0 && (
          <Popconfirm
            title={t('devices.confirm_others', { count: others })}
            okText={t('devices.logout_others')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              revokeOthers.mutateAsync().then(
                ({ revoked }) => notifySuccess(t('devices.revoked_others', { count: revoked })),
                () => undefined,
              )
            }
          >
            <Button danger size="small" loading={revokeOthers.isPending} data-testid="devices-revoke-others">
              {t('devices.logout_others')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <p className="profile-card__lead">{t('devices.lead')}</p>
      {body}
    </Card>
  );
}
