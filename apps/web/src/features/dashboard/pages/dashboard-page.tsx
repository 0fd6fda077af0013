import { ArrowRightOutlined } from '@ant-design/icons';
import { PAY_STATUS, PAYING_ROLES, INFO_STATUS, type CurrentUser, type Role } from '@nearcast/contract';
import { Card, Empty, Result, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { navRoutesFor, pathOf } from '../../../lib/routes';
import { useSession } from '../../../lib/session';
import './dashboard.css';

function greetingKey(hour: number): string {
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

function payTag(user: CurrentUser, role: Role, t: (key: string) => string): ReactNode {
  if (!PAYING_ROLES.includes(role)) return <Tag>{t('status.not_required')}</Tag>;
  if (user.pay_status === PAY_STATUS.paid) return <Tag color="success">{t('status.paid')}</Tag>;
  if (user.pay_status === PAY_STATUS.expired) return <Tag color="warning">{t('status.expired')}</Tag>;
  return <Tag color="error">{t('status.unpaid')}</Tag>;
}

function infoTag(user: CurrentUser, role: Role, t: (key: string) => string): ReactNode {
  if (!PAYING_ROLES.includes(role)) return <Tag>{t('status.not_required')}</Tag>;
  return user.info_status === INFO_STATUS.incomplete ? (
    <Tag color="warning">{t('status.incomplete')}</Tag>
  ) : (
    <Tag color="success">{t('status.complete')}</Tag>
  );
}

function Tile({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card className="dash-tile" size="small" data-testid={testId}>
      <div className="dash-tile__label">{label}</div>
      <div className="dash-tile__value">{children}</div>
    </Card>
  );
}

/**
 * The signed-in home: who you are and where your account stands, from the current user the
 * guard has just refreshed, and shortcuts to the pages your role opens. Statistics arrive with
 * the dashboard API; until then nothing here is invented.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user, role } = useSession();

  if (!user || !role) {
    return <Result status="warning" title={t('no_session.title')} subTitle={t('no_session.body')} />;
  }

  const name = user.name || user.username || user.email;
  const links = navRoutesFor(role).filter((route) => route.key !== 'dashboard');
  const roleLabel =
    role === 'partner' && user.agent_type ? `${t(`common:roles.${role}`)} · ${t(`agent_type.${user.agent_type}`)}` : t(`common:roles.${role}`);

  return (
    <div className="dash">
      <PageHeader />
      <section className="dash-hero" data-testid="dashboard-greeting">
        <div>
          <p className="dash-hero__hello">{t(greetingKey(new Date().getHours()), { name })}</p>
          <p className="dash-hero__sub">
            <Tag color="purple" variant="filled" data-testid="dashboard-role">
              {roleLabel}
            </Tag>
            <span>{user.email}</span>
          </p>
        </div>
        <Link to="/profile" className="dash-hero__profile">
          {t('edit_profile')} <ArrowRightOutlined />
        </Link>
      </section>

      {(role === 'partner' || role === 'studio') && (
        // The agent and studio centers live outside this layout: their numbers are one click away.
        <Link to={pathOf(role)} className="dash-center" data-testid={`dashboard-center-${role}`}>
          <span className="dash-center__text">
            <strong className="dash-center__title">{t(`center.${role}.title`)}</strong>
            <span className="dash-center__body">{t(`center.${role}.body`)}</span>
          </span>
          <span className="dash-center__action">
            {t(`center.${role}.action`)} <ArrowRightOutlined />
          </span>
        </Link>
      )}

      <h2 className="dash-section-title">{t('status.title')}</h2>
      <div className="dash-tiles">
        <Tile label={t('tiles.role')} testId="tile-role">
          {roleLabel}
        </Tile>
        <Tile label={t('tiles.payment')} testId="tile-payment">
          {payTag(user, role, t)}
        </Tile>
        <Tile label={t('tiles.info')} testId="tile-info">
          {infoTag(user, role, t)}
        </Tile>
        <Tile label={t('tiles.expiry')} testId="tile-expiry">
          {user.expire_time ? formatDate(user.expire_time) : t('tiles.no_expiry')}
        </Tile>
        <Tile label={t('tiles.last_login')} testId="tile-last-login">
          {user.last_login ? formatDate(user.last_login) : t('tiles.first_login')}
        </Tile>
      </div>

      <h2 className="dash-section-title">{t('links.title')}</h2>
      {links.length === 0 ? (
        <Empty description={t('links.empty')} />
      ) : (
        <div className="dash-links" data-testid="dashboard-links">
          {links.map((route) => (
            <Link key={route.key} to={route.path} className="dash-link" data-testid={`quick-${route.key}`}>
              <span className="dash-link__title">
                {t(`common:routes.${route.key}`)}
                {'tag' in route && route.tag === 'new' && <span className="nc-nav__tag">{t('common:nav.new')}</span>}
              </span>
              <span className="dash-link__body">{t(`links.items.${route.key}`)}</span>
              <ArrowRightOutlined className="dash-link__arrow" />
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
