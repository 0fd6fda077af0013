import { AppstoreOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PageFallback } from '../../components/page-fallback';
import { SimpleFrame } from '../../components/simple-frame';
import { useLogout } from '../../features/account/api/logout';
import { NotificationBell } from '../../features/notification/components/notification-bell';
import { pathOf, ROUTE_BY_KEY } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { gatingRedirect } from '../guard';
import './layouts.css';

/**
 * The common layout of /settle, /partner, /studio, /payment and /denied (spec §2): a branded
 * top bar and centred content, without the back-office navigation.
 */
export function CommonLayout() {
  const { t } = useTranslation('common');
  const { token, user, role } = useSession();
  // Only where the dashboard would open: a studio still onboarding would be sent straight back.
  const canReachPlatform = !!user && !!role && gatingRedirect(ROUTE_BY_KEY.dashboard, role, user) === null;
  const logout = useLogout();
  return (
    <SimpleFrame
      actions={
        token ? (
          <>
            {/* Only where the center opens: it is a page of the back-office frame. */}
            {canReachPlatform && <NotificationBell />}
            {canReachPlatform && (
              // /partner and /studio sit outside the back-office frame: this is the way back to it.
              <Link to={pathOf('dashboard')} className="nc-common-back" aria-label={t('nav.back_to_platform')} data-testid="back-to-platform">
                <AppstoreOutlined /> <span className="nc-common-logout__label">{t('nav.back_to_platform')}</span>
              </Link>
            )}
            <Button
            icon={<LogoutOutlined />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            aria-label={t('account.logout')}
            data-testid="logout"
          >
            {/* On a phone the icon alone keeps the bar within 375 px in every language. */}
            <span className="nc-common-logout__label">{t('account.logout')}</span>
          </Button>
          </>
        ) : null
      }
    >
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </SimpleFrame>
  );
}
