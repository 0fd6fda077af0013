import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageFallback } from '../../components/page-fallback';
import { SimpleFrame } from '../../components/simple-frame';
import { useLogout } from '../../features/account/api/logout';
import { useSession } from '../../lib/session';
import './layouts.css';

/**
 * The common layout of /settle, /partner, /studio, /payment and /denied (spec §2): a branded
 * top bar and centred content, without the back-office navigation.
 */
export function CommonLayout() {
  const { t } = useTranslation('common');
  const { token } = useSession();
  const logout = useLogout();
  return (
    <SimpleFrame
      actions={
        token ? (
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
        ) : null
      }
    >
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </SimpleFrame>
  );
}
