import { type CurrentUser, isOneOf, JOIN_TYPES, type JoinType } from '@nearcast/contract';
import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
// The after-login rule lives with the guard, a pure module, so both read one definition.
import { afterLoginPath } from '../../../app/guard';
import { Brand } from '../../../components/brand';
import { LanguageSwitch } from '../../../components/language-switch';
import { notifySuccess } from '../../../lib/notify';
import { reportPromotionVisit } from '../api/promotion-visit';
import { saveSession } from '../../../lib/storage';
import { ForgetForm } from '../components/forget-form';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import './signin.css';

type Mode = 'login' | 'register' | 'forget';

/** `?mode=register|forget` picks the form (spec §5); anything else is the login form. */
function modeOf(value: string | null): Mode {
  return value === 'register' || value === 'forget' ? value : 'login';
}

function joinTypeOf(value: string | null): JoinType {
  return isOneOf(JOIN_TYPES, value) ? value : 'business';
}

/** Sign-in, registration and password reset on one page, the mode kept in the URL. */
export function SigninPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  const [email, setEmail] = useState<string | undefined>(undefined);
  const referral = params.get('ref');

  // A landing through a promotion link or its QR code counts in that link's funnel.
  useEffect(() => {
    if (referral) reportPromotionVisit(referral, params);
    // Once per code: the mode switching in the address is the same visit.
  }, [referral]);

  const setMode = (next: Mode) => {
    const query = new URLSearchParams(params);
    if (next === 'login') query.delete('mode');
    else query.set('mode', next);
    setParams(query, { replace: true });
  };

  const onSignedIn = (token: string, user: CurrentUser) => {
    saveSession(token, user);
    void navigate(afterLoginPath(user, params.get('redirect')), { replace: true });
  };

  const onReset = (resetEmail: string) => {
    setEmail(resetEmail);
    notifySuccess(t('forget.success'));
    setMode('login');
  };

  const title = mode === 'register' ? t('register.title') : mode === 'forget' ? t('forget.title') : t('login.title');
  const subtitle =
    mode === 'register' ? t('register.subtitle') : mode === 'forget' ? t('forget.subtitle') : t('login.subtitle');

  return (
    <div className="signin">
      {/* Read aloud like any page content: hidden from assistive technology, its logo link could
          still take focus, and a focusable element that announces nothing is a trap. */}
      <aside className="signin__aside">
        <Brand />
        <div className="signin__pitch">
          <h2>{t('aside.title')}</h2>
          <ul>
            <li>{t('aside.point_videos')}</li>
            <li>{t('aside.point_local')}</li>
            <li>{t('aside.point_studio')}</li>
          </ul>
        </div>
        <p className="signin__aside-foot">{t('aside.foot')}</p>
      </aside>
      <main className="signin__main">
        <div className="signin__top">
          <span className="signin__phone-brand">
            <Brand />
          </span>
          <LanguageSwitch />
        </div>
        <div className="signin__card">
          <h1 className="signin__title" data-testid="page-title">
            {title}
          </h1>
          <p className="signin__subtitle">{subtitle}</p>
          {mode === 'forget' ? (
            <ForgetForm onDone={onReset} onBack={() => setMode('login')} />
          ) : (
            <Tabs
              activeKey={mode}
              onChange={(key) => setMode(modeOf(key))}
              items={[
                {
                  key: 'login',
                  label: <span data-testid="signin-tab-login">{t('login.tab')}</span>,
                  children: <LoginForm initialEmail={email} onSignedIn={onSignedIn} onForgot={() => setMode('forget')} />,
                },
                {
                  key: 'register',
                  label: <span data-testid="signin-tab-register">{t('register.tab')}</span>,
                  children: (
                    <RegisterForm
                      joinType={joinTypeOf(params.get('join'))}
                      referral={params.get('ref')}
                      onSignedIn={onSignedIn}
                    />
                  ),
                },
              ]}
            />
          )}
        </div>
        <p className="signin__foot">
          <Link to="/">{t('back_home')}</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy">{t('privacy')}</Link>
        </p>
      </main>
    </div>
  );
}
