import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { api, type Order } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { DATE_FORMAT, formatDate } from '../../../lib/format-date';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { saveUser } from '../../../lib/storage';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { PENDING_POLLS, useVerifyPayment, type Verification } from '../api/verify-payment';
import { formatUsd } from '../../../lib/money';
import { afterPaymentPath, contactPath, planPath, sessionIdOf, totalDays } from '../lib/purchase';
import './payment-styles';

type Outcome =
  | { state: 'verifying' }
  | { state: 'invalid' }
  | { state: 'success'; result: Verification }
  | { state: 'failure'; order: Order | null };

/**
 * Reads the verdict (spec §2 "Payment result"): no session id, or one the server does not
 * know, is an invalid link; paid is success; failed, cancelled, a session still pending after
 * a few more asks, or a verification that could not be made, is a failure.
 */
function outcomeOf(sessionId: string | null, { query, asks }: ReturnType<typeof useVerifyPayment>): Outcome {
  if (sessionId === null) return { state: 'invalid' };
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && (error.code === '404' || error.code === '400')) return { state: 'invalid' };
    return { state: 'failure', order: null };
  }
  const result = query.data;
  if (!result) return { state: 'verifying' };
  if (result.status === 'paid') return { state: 'success', result };
  if (result.status === 'pending' && asks < PENDING_POLLS) return { state: 'verifying' };
  return { state: 'failure', order: result.order };
}

function ResultFrame({
  testId,
  pageTitle,
  tone,
  icon,
  title,
  children,
}: {
  testId: string;
  pageTitle: string;
  tone: 'ok' | 'bad' | 'warn' | 'busy';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`pay-result pay-result--${tone}`} data-testid={testId}>
      {/* The page's own title (every route shows its title), the state's below it. */}
      <h1 className="pay-result__page" data-testid="page-title">
        {pageTitle}
      </h1>
      <div className="pay-result__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="pay-result__title" data-testid="payment-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The payment result (spec §2, §4 "Payment flow"): verifies the link's session, and on success
 * stores the refreshed user so the route guard sees the account paid. The sandbox and Stripe
 * send the payment window here too, so it works in either window.
 */
export function PaymentPage() {
  const { t, i18n } = useTranslation('payment');
  const [params] = useSearchParams();
  const sessionId = sessionIdOf(params.get('session_id'));
  const verification = useVerifyPayment(sessionId);
  const { user: storedUser, role } = useSession();
  const queryClient = useQueryClient();
  const outcome = outcomeOf(sessionId, verification);
  const paid = outcome.state === 'success' ? outcome.result : null;

  useEffect(() => {
    if (!paid) return;
    // The guard reads the stored user: without this, the next page would still gate as unpaid.
    if (paid.user) saveUser(paid.user);
    // Prices (the first-purchase discount is used), a city's places and the buyer's plan have changed.
    void invalidateEndpoints(queryClient, [api.price.list, api.price.get, api.payment.places, api.account.detail]);
  }, [paid, queryClient]);

  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const pageTitle = usePageTitle();

  if (outcome.state === 'verifying') {
    return (
      <ResultFrame pageTitle={pageTitle} testId="payment-verifying" tone="busy" icon={<Spin size="large" />} title={t('payment.verifying')}>
        <p className="pay-result__body">{t('payment.verifying_body')}</p>
      </ResultFrame>
    );
  }

  if (outcome.state === 'invalid') {
    return (
      <ResultFrame pageTitle={pageTitle} testId="payment-invalid" tone="warn" icon={<ExclamationCircleFilled />} title={t('payment.invalid_title')}>
        <p className="pay-result__body" data-testid="payment-message">
          {t('payment.invalid')}
        </p>
        <div className="pay-result__actions">
          <Link to="/plans" className="nc-btn nc-btn--primary" data-testid="payment-plans">
            {t('payment.plans')}
          </Link>
          <Link to="/dashboard" className="nc-btn nc-btn--ghost">
            {t('common:actions.go_dashboard')}
          </Link>
        </div>
      </ResultFrame>
    );
  }

  if (outcome.state === 'failure') {
    const order = outcome.order;
    return (
      <ResultFrame pageTitle={pageTitle} testId="payment-failure" tone="bad" icon={<CloseCircleFilled />} title={t('payment.failure_title')}>
        <p className="pay-result__body" data-testid="payment-message">
          {t('payment.failure')}
        </p>
        <div className="pay-result__actions">
          <Link
            to={order?.package_id ? planPath(order.package_id) : '/plans'}
            className="nc-btn nc-btn--primary"
            data-testid="payment-try-again"
          >
            {t('payment.try_again')}
          </Link>
          <Link to={contactPath(role)} className="nc-btn nc-btn--ghost" data-testid="payment-contact">
            {t('payment.contact')}
          </Link>
        </div>
      </ResultFrame>
    );
  }

  const { order, user } = outcome.result;
  const buyer = user ?? storedUser;
  const next = afterPaymentPath(buyer);
  const onboarding = next !== '/dashboard';
  const days = order.package_type === 'addon' ? null : totalDays(order.periods);
  return (
    <ResultFrame pageTitle={pageTitle} testId="payment-success" tone="ok" icon={<CheckCircleFilled />} title={t('payment.success_title')}>
      <p className="pay-result__body">{onboarding ? t('payment.success_onboarding') : t('payment.success_body')}</p>
      <dl className="pay-result__facts">
        <div>
          <dt>{t('payment.package')}</dt>
          <dd data-testid="payment-package">{order.package_name}</dd>
        </div>
        <div>
          <dt>{t('payment.amount')}</dt>
          <dd data-testid="payment-amount">{usd(order.amount_cents)}</dd>
        </div>
        {days !== null && (
          <div>
            <dt>{t('payment.duration')}</dt>
            <dd>{t('plan.periods_option', { days })}</dd>
          </div>
        )}
        {user?.expire_time && (
          <div>
            <dt>{t('payment.expiry')}</dt>
            <dd data-testid="payment-expiry">{formatDate(user.expire_time, DATE_FORMAT)}</dd>
          </div>
        )}
      </dl>
      <div className="pay-result__actions">
        <Link to={next} className="nc-btn nc-btn--primary" data-testid="payment-complete-profile">
          {onboarding ? t('payment.complete_profile') : t('common:actions.go_dashboard')}
        </Link>
      </div>
    </ResultFrame>
  );
}
