import { ArrowRightOutlined } from '@ant-design/icons';
import { isEarner } from '@nearcast/contract';
import { Result, Skeleton, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { navRoutesFor, pathOf } from '../../../lib/routes';
import { useSession } from '../../../lib/session';
import { PeriodNote } from '../components/period-note';
import { RangeSelect } from '../components/range-select';
import { scopeOf } from '../lib/scope';
import { useDashboardRange } from '../lib/use-range';
import { retryImport } from '../../../lib/lazy-with-retry';
import './dashboard.css';

// Below the figures: its module arrives while the top of the page paints (see the module).
const loadPanels = retryImport(() => import('../components/dashboard-panels'));
const DashboardPanels = lazy(() => loadPanels().then((module) => ({ default: module.DashboardPanels })));

/** The shape of the figures and the first panels, while their module loads. */
function PanelsPlaceholder() {
  return (
    <div aria-busy="true" data-testid="dashboard-panels-loading">
      <div className="dash-placeholder-figures">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton.Node key={index} active className="dash-placeholder dash-placeholder--tile" />
        ))}
      </div>
      <div className="dash-placeholder-panels">
        <Skeleton.Node active className="dash-placeholder" />
        <Skeleton.Node active className="dash-placeholder" />
      </div>
    </div>
  );
}

function greetingKey(hour: number): string {
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

/**
 * The signed-in home: the caller's own numbers over a range (spec §2 Dashboard), each with its
 * change, the revenue (or, for a merchant, plays) trend, what happened lately, and the panels
 * its role works with. Everything comes from /v1/dashboard/*, scoped by the server.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user, role } = useSession();
  const [range, setRange] = useDashboardRange();
  const scope = user && role ? scopeOf(role, user) : 'client';

  if (!user || !role) {
    return <Result status="warning" title={t('no_session.title')} subTitle={t('no_session.body')} />;
  }

  const name = user.name || user.username || user.email;
  const links = navRoutesFor(role).filter((route) => route.key !== 'dashboard');
  const roleLabel =
    role === 'partner' && user.agent_type ? `${t(`common:roles.${role}`)} · ${t(`agent_type.${user.agent_type}`)}` : t(`common:roles.${role}`);

  return (
    <div className="dash">
      {/* The period note asks for the figures as the page renders: the answer is on its way while
          the panels' module loads. */}
      <PageHeader subtitle={<PeriodNote range={range} />} extra={<RangeSelect value={range} onChange={setRange} scope={scope} />} />
      <section className="dash-hero" data-testid="dashboard-greeting">
        <p className="dash-hero__hello">{t(greetingKey(new Date().getHours()), { name })}</p>
        <p className="dash-hero__sub">
          <Tag color="purple" variant="filled" data-testid="dashboard-role">
            {roleLabel}
          </Tag>
          <span>{user.email}</span>
          <Link to="/profile" className="dash-hero__profile">
            {t('edit_profile')} <ArrowRightOutlined />
          </Link>
        </p>
      </section>

      {isEarner(role) && (
        // The agent and studio centers live outside this layout: their lists are one click away.
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

      <Suspense fallback={<PanelsPlaceholder />}>
        <DashboardPanels range={range} scope={scope} />
      </Suspense>

      {links.length > 0 && (
        <>
          <h2 className="dash-section-title">{t('links.title')}</h2>
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
        </>
      )}
    </div>
  );
}
