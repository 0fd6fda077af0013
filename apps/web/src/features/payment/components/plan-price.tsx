import type { PricePackage } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/money';

/**
 * What the caller pays for the package: the first 30 days at the first-purchase price while the
 * discount applies (once per user, spec §9), the regular price after that, the list price
 * struck through when it is higher.
 */
export function PlanPrice({ pkg }: { pkg: PricePackage }) {
  const { t, i18n } = useTranslation('payment');
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const first = pkg.first_purchase && pkg.payable_cents < pkg.actual_price_cents;
  const shown = first ? pkg.payable_cents : pkg.actual_price_cents;
  const struck = pkg.base_price_cents > shown ? pkg.base_price_cents : null;
  return (
    <div className="plan-price">
      <div className="plan-price__line">
        {struck !== null && (
          <s className="plan-price__base" aria-label={t('card.base_price', { price: usd(struck) })} data-testid="plan-base-price">
            {usd(struck)}
          </s>
        )}
        <span className="plan-price__amount" data-testid="plan-price">
          {usd(shown)}
        </span>
        <span className="plan-price__per">{first ? t('plan.first_period') : t('plan.per_period')}</span>
      </div>
      {first && (
        <>
          <p className="plan-price__then">{t('plan.then', { price: usd(pkg.actual_price_cents) })}</p>
          <p className="plan-price__discount" data-testid="plan-first-discount">
            {t('plan.first_discount', { amount: usd(pkg.actual_price_cents - pkg.payable_cents) })}
          </p>
        </>
      )}
    </div>
  );
}
