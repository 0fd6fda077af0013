import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { PageFallback } from '../../components/page-fallback';
import { NotificationBell } from '../../features/notification/components/notification-bell';
import { navRoutesFor } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { AccountMenu } from './account-menu';
import { NAV_ICONS } from './nav-icons';
import './layouts.css';

function useNavItems(): NonNullable<MenuProps['items']> {
  const { t } = useTranslation('common');
  const { role } = useSession();
  return useMemo(
    () =>
      navRoutesFor(role ?? 'client').map((route) => ({
        key: route.path,
        icon: NAV_ICONS[route.key],
        label: (
          <Link to={route.path} className="nc-nav__link" data-testid={`nav-${route.key}`}>
            <span className="nc-nav__text">{t(`routes.${route.key}`)}</span>
            {'tag' in route && route.tag === 'new' && <span className="nc-nav__tag">{t('nav.new')}</span>}
          </Link>
        ),
      })),
    [role, t],
  );
}

/**
 * The signed-in frame (spec §2 "Routes inside the main layout"): the side navigation lists
 * only the routes the role may open, and becomes a drawer on phones.
 */
export function MainLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const items = useNavItems();

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const selected = items
    .map((item) => String(item?.key ?? ''))
    .find((key) => location.pathname === key || location.pathname.startsWith(`${key}/`));

  const menu = (
    <nav data-testid="nav-menu" aria-label={t('nav.label')}>
      <Menu theme="dark" mode="inline" items={items} selectedKeys={selected ? [selected] : []} className="nc-nav" />
    </nav>
  );

  return (
    <Layout className="nc-main">
      {!isPhone && (
        <Layout.Sider
          className="nc-main__sider"
          width={232}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          theme="dark"
        >
          <div className="nc-main__logo">
            <Brand to="/dashboard" compact={collapsed} />
          </div>
          {menu}
        </Layout.Sider>
      )}
      <Layout className="nc-main__body">
        <Layout.Header className="nc-main__header">
          {isPhone && (
            <>
              <Button
                type="text"
                icon={<MenuOutlined />}
                onClick={() => setDrawerOpen(true)}
                aria-label={t('nav.open')}
                data-testid="nav-toggle"
              />
              <Brand to="/dashboard" compact />
            </>
          )}
          <div className="nc-main__spacer" />
          <LanguageSwitch />
          <NotificationBell />
          <AccountMenu compact={isPhone} />
        </Layout.Header>
        <Layout.Content className="nc-main__content">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {isPhone && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={272}
          title={<Brand to="/dashboard" />}
          className="nc-main__drawer"
          styles={{ body: { padding: 8, background: '#0d0d17' }, header: { background: '#0d0d17' } }}
        >
          {menu}
        </Drawer>
      )}
    </Layout>
  );
}
