import { DashboardOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { clearSession } from '../../../lib/storage';
import { signOut } from '../../account';

/**
 * The header link of the public checkout pages: a visitor signs in and comes back to the same
 * page; a signed-in user goes to the dashboard. On a phone the icon alone keeps the bar within
 * 375 px in every language.
 */
export function FrameActions() {
  const { t } = useTranslation('payment');
  const { token } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  // The session is cleared only once the server has revoked it; the page stays, for a visitor.
  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
      clearSession();
      queryClient.clear();
    } catch (error) {
      // A '403' means the session was already gone: the API client has cleared it and left.
      if (!(error instanceof ApiError && error.code === '403')) notifyError(t('common:account.logout_failed'));
    } finally {
      setLeaving(false);
    }
  };
  if (token) {
    return (
      <>
        <Link to="/dashboard" className="nc-btn nc-btn--ghost nc-btn--sm payment-frame-link" aria-label={t('frame.dashboard')} data-testid="checkout-dashboard">
          <DashboardOutlined aria-hidden="true" />
          <span className="payment-frame-link__label">{t('frame.dashboard')}</span>
        </Link>
        {/* Someone on the wrong account (or an unpaid one that will not buy) can leave from here. */}
        <button
          type="button"
          className="nc-btn nc-btn--ghost nc-btn--sm payment-frame-link"
          onClick={() => void leave()}
          disabled={leaving}
          aria-label={t('common:account.logout')}
          data-testid="checkout-logout"
        >
          <LogoutOutlined aria-hidden="true" />
          <span className="payment-frame-link__label">{t('common:account.logout')}</span>
        </button>
      </>
    );
  }
  const back = `${location.pathname}${location.search}`;
  return (
    <Link
      to={`/signin?redirect=${encodeURIComponent(back)}`}
      className="nc-btn nc-btn--ghost nc-btn--sm payment-frame-link"
      aria-label={t('frame.signin')}
      data-testid="checkout-signin"
    >
      <LoginOutlined aria-hidden="true" />
      <span className="payment-frame-link__label">{t('frame.signin')}</span>
    </Link>
  );
}
