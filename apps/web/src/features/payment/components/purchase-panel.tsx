import { checkoutRequest, PAY_STATUS, roleOf, type CurrentUser, type PricePackage } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { placesKey, usePlaces } from '../api/city-places';
import { useCreateCheckout } from '../api/create-checkout';
import { formatUsd } from '../../../lib/money';
import { openBlankWindow, pointWindow, reopenWindow } from '../lib/payment-window';
import {
  joinTypeOfRole,
  paymentPath,
  paymentWindowUrl,
  PERIOD_CHOICES,
  purchaseBlock,
  signinPath,
  totalCents,
  totalDays,
  type PurchaseBlock,
} from '../lib/purchase';
import { CityPicker } from './city-picker';
import { PaymentConfirmModal, type PendingCheckout } from './payment-confirm-modal';
import { PlanPrice } from './plan-price';
import { planStyle } from './plan-style';

/** The words of a refused checkout: a field's message (a city, the package) or the server's. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError) {
    const field = Object.values(error.fields)[0];
    return translateMessage(field ?? error.msg) || translateMessage('error.request_failed');
  }
  return translateMessage('error.request_failed');
}

function BlockedNotice({ block, pkg, user }: { block: PurchaseBlock; pkg: PricePackage; user: CurrentUser }) {
  const { t } = useTranslation('payment');
  const role = roleOf(user.account_type);
  const own = joinTypeOfRole(role);
  const text =
    block === 'not_buyer'
      ? t('plan.blocked.not_buyer', { role: t(`common:roles.${role}`) })
      : block === 'needs_plan'
        ? t('plan.blocked.needs_plan')
        : t(`plan.blocked.wrong_role_${pkg.type === 'studio' ? 'studio' : 'business'}`);
  const link =
    block === 'wrong_role' && own ? (
      <Link to={`/plans?type=${own}`}>{t('plan.blocked.wrong_role_link')}</Link>
    ) : block === 'needs_plan' && own ? (
      <Link to={`/plans?type=${own}`}>{t('plan.blocked.needs_plan_link')}</Link>
    ) : null;
  return <Alert type="info" showIcon title={text} description={link} data-testid="plan-blocked" data-block={block} />;
}

/**
 * The buying side of the plan page: the price, the number of 30-day periods and the total, a
 * studio's city, and the purchase — or, for a visitor, the way to register and come back, and
 * for an account that cannot buy this package, why.
 */
export function PurchasePanel({ pkg, user }: { pkg: PricePackage; user: CurrentUser | null }) {
  const { t, i18n } = useTranslation('payment');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const [periods, setPeriods] = useState(1);
  const [cityId, setCityId] = useState<number | null>(null);
  const [cityRequired, setCityRequired] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingCheckout | null>(null);
  const checkout = useCreateCheckout();

  const block = user ? purchaseBlock(pkg.type, user) : null;
  const needsCity = pkg.type === 'studio' && !!user && block === null;
  const places = usePlaces(needsCity ? cityId : null);
  const cityFull = needsCity && places.data?.left === 0;
  // Add-ons extend the current plan this month; they are bought one at a time.
  const periodsShown = pkg.type === 'addon' ? 1 : periods;

  const purchase = () => {
    setRefusal(null);
    if (needsCity && cityId === null) {
      setCityRequired(true);
      return;
    }
    const body = checkoutRequest.safeParse({ package_id: pkg.id, periods: periodsShown, ...(needsCity && cityId ? { city_id: cityId } : {}) });
    if (!body.success) {
      setRefusal(translateMessage(body.error.issues[0]?.message ?? 'error.request_failed'));
      return;
    }
    // Opened now, inside the click, or the browser's popup blocker would refuse it later.
    const win = openBlankWindow(t('confirm.opening'));
    checkout.mutate(body.data, {
      onSuccess: (session) => {
        const url = paymentWindowUrl(session, i18n.language);
        const opened = pointWindow(win, url);
        setPending({ sessionId: session.session_id, url, amountCents: session.amount_cents, windowOpened: opened });
      },
      onError: (error) => {
        win?.close();
        setRefusal(refusalOf(error));
        // A '409' is a city filled up meanwhile: show its places as they are now.
        if (error instanceof ApiError && error.code === '409') void queryClient.invalidateQueries({ queryKey: placesKey(cityId) });
      },
    });
  };

  const reopen = () => {
    if (!pending) return;
    const opened = reopenWindow(pending.url);
    if (!opened) setPending({ ...pending, windowOpened: false });
  };

  let action;
  if (!user) {
    const register = pkg.type !== 'addon';
    action = (
      <div className="plan-buy__visitor">
        <Link to={signinPath(pkg, register ? 'register' : 'login')} className="plan-buy__button" data-testid="plan-signin">
          {register ? t('plan.signin') : t('plan.signin_addon')}
        </Link>
        {register && (
          <p className="plan-buy__login">
            {t('plan.have_account')}{' '}
            <Link to={signinPath(pkg, 'login')} data-testid="plan-login">
              {t('plan.login')}
            </Link>
          </p>
        )}
      </div>
    );
  } else if (block) {
    action = <BlockedNotice block={block} pkg={pkg} user={user} />;
  } else {
    action = (
      <>
        {needsCity && (
          <CityPicker
            cityId={cityId}
            onCityChange={(next) => {
              setCityId(next);
              setRefusal(null);
              if (next !== null) setCityRequired(false);
            }}
            showRequired={cityRequired}
            applicant={user.pay_status !== PAY_STATUS.paid}
          />
        )}
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="plan-purchase-error" />}
        {/* A plain button: it wears the package's own button colour, not antd's primary. */}
        <button
          type="button"
          className="plan-buy__button"
          aria-busy={checkout.isPending}
          disabled={checkout.isPending || cityFull || (needsCity && cityId !== null && places.isPending)}
          onClick={purchase}
          data-testid="plan-purchase"
        >
          {checkout.isPending && <LoadingOutlined aria-hidden="true" />}
          {t('plan.purchase')} · {usd(totalCents(pkg, periodsShown))}
        </button>
        <p className="plan-buy__note">{t('plan.secure_note')}</p>
      </>
    );
  }

  return (
    <aside className="plan-buy" style={planStyle(pkg)} aria-label={t('plan.buy_label')} data-testid="plan-buy">
      <PlanPrice pkg={pkg} />
      {pkg.type !== 'addon' && (
        <label className="plan-buy__periods">
          <span>{t('plan.periods')}</span>
          <Select<number>
            value={periods}
            onChange={setPeriods}
            options={PERIOD_CHOICES.map((count) => ({ value: count, label: t('plan.periods_option', { days: totalDays(count) }) }))}
            data-testid="plan-periods"
          />
        </label>
      )}
      <div className="plan-buy__total">
        <span>{pkg.type === 'addon' ? t('plan.total_once') : t('plan.total', { days: totalDays(periodsShown) })}</span>
        <strong data-testid="plan-total">{usd(totalCents(pkg, periodsShown))}</strong>
      </div>
      {action}
      <PaymentConfirmModal
        checkout={pending}
        onDone={() => pending && void navigate(paymentPath(pending.sessionId))}
        onReopen={reopen}
        onCancel={() => setPending(null)}
      />
    </aside>
  );
}
