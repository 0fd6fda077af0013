import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand';
import { LanguageSwitch } from '../../../components/language-switch';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { clearSession } from '../../../lib/storage';
import { signOut } from '../../account';
import { opensDashboard, type PlanStanding } from '../../../lib/plan-standing';
import { HOME_LINKS } from '../links';
import { IconClose, IconMenu } from './icons';

/**
 * The landing header (spec §2 "Home"): Home, Pricing, Dashboard, Login/Logout, the two
 * audiences and Join Now. On phones the links fold into a panel behind a menu button.
 */
export function HomeHeader({ standing }: { standing: PlanStanding }) {
  const { t } = useTranslation('home');
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const logout = async () => {
    setBusy(true);
    try {
      await signOut();
      // Cleared only once the server has revoked the session.
      clearSession();
      setOpen(false);
    } catch (error) {
      // A '403' means the session was already gone; the API client has cleared it.
      if (!(error instanceof ApiError && error.code === '403')) notifyError(t('common:account.logout_failed'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => setOpen(false);
  // Join Now is for those without a plan; someone already in goes to its dashboard.
  const cta = opensDashboard(standing)
    ? { to: HOME_LINKS.dashboard, label: t('nav.dashboard'), testId: 'home-cta-dashboard' }
    : { to: HOME_LINKS.joinNow, label: t('nav.join_now'), testId: 'join-now' };

  return (
    <header className={open ? 'home-header home-header--open' : 'home-header'}>
      <div className="home-header__inner">
        <Brand />
        <nav className="home-header__nav" aria-label={t('nav.label')} data-testid="home-nav">
          <a href="#top" onClick={close}>
            {t('nav.home')}
          </a>
          <Link to={HOME_LINKS.pricing} onClick={close} data-testid="home-nav-pricing">
            {t('nav.pricing')}
          </Link>
          <Link to={HOME_LINKS.dashboard} onClick={close} data-testid="home-nav-dashboard">
            {t('nav.dashboard')}
          </Link>
          <Link to={HOME_LINKS.studio} onClick={close} data-testid="home-nav-studio">
            {t('nav.studio')}
          </Link>
          <Link to={HOME_LINKS.shopOwner} onClick={close} data-testid="home-nav-shop-owner">
            {t('nav.shop_owner')}
          </Link>
          <span className="home-header__divider" aria-hidden="true" />
          <LanguageSwitch className="home-header__lang" />
          {token ? (
            <button type="button" className="home-header__text-btn" onClick={() => void logout()} disabled={busy} data-testid="logout">
              {t('nav.logout')}
            </button>
          ) : (
            <Link to={HOME_LINKS.login} onClick={close} data-testid="home-nav-login">
              {t('nav.login')}
            </Link>
          )}
          <Link to={cta.to} onClick={close} className="nc-btn nc-btn--primary nc-btn--sm" data-testid={cta.testId}>
            {cta.label}
          </Link>
        </nav>
        <div className="home-header__phone">
          <Link to={cta.to} className="nc-btn nc-btn--primary nc-btn--sm">
            {cta.label}
          </Link>
          <button
            type="button"
            className="home-header__burger"
            aria-expanded={open}
            aria-label={open ? t('nav.close_menu') : t('nav.open_menu')}
            onClick={() => setOpen((value) => !value)}
            data-testid="home-menu-toggle"
          >
            {open ? <IconClose /> : <IconMenu />}
          </button>
        </div>
      </div>
      {open && <button type="button" className="home-header__scrim" aria-label={t('nav.close_menu')} onClick={close} />}
    </header>
  );
}

