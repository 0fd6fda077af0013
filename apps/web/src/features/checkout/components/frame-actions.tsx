import { DashboardOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';

/**
 * The header link of the public checkout pages: a visitor signs in and comes back to the same
 * page; a signed-in user goes to the dashboard. On a phone the icon alone keeps the bar within
 * 375 px in every language.
 */
export function FrameActions() {
  const { t } = useTranslation('checkout');
  const { token } = useSession();
  const location = useLocation();
  if (token) {
    return (
      <Link to="/dashboard" className="nc-btn nc-btn--ghost nc-btn--sm checkout-frame-link" aria-label={t('frame.dashboard')} data-testid="checkout-dashboard">
        <DashboardOutlined aria-hidden="true" />
        <span className="checkout-frame-link__label">{t('frame.dashboard')}</span>
      </Link>
    );
  }
  const back = `${location.pathname}${location.search}`;
  return (
    <Link
      to={`/signin?redirect=${encodeURIComponent(back)}`}
      className="nc-btn nc-btn--ghost nc-btn--sm checkout-frame-link"
      aria-label={t('frame.signin')}
      data-testid="checkout-signin"
    >
      <LoginOutlined aria-hidden="true" />
      <span className="checkout-frame-link__label">{t('frame.signin')}</span>
    </Link>
  );
}
