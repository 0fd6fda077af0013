import type { PricePackage } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUsd } from '../../../lib/money';
import { planPath, struckPrice } from '../lib/purchase';
import { CheckIcon } from './check-icon';
import { checkColour, planStyle } from './plan-style';

/**
 * One package on the chooser, in its own colours: the list price struck through when it is
 * higher, the price per 30 days, the first-purchase price while it applies, credits, features.
 */
export function PackageCard({ pkg, current = false }: { pkg: PricePackage; current?: boolean }) {
  const { t, i18n } = useTranslation('payment');
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const struck = struckPrice(pkg);
  return (
    <article className={current ? 'plan-card plan-card--current' : 'plan-card'} style={planStyle(pkg)} data-testid={`plan-card-${pkg.id}`}>
      <div className="plan-card__head">
        <span className="plan-card__type">{t(`types.${pkg.type}`)}</span>
        {current && (
          <span className="plan-card__current" data-testid={`plan-card-current-${pkg.id}`}>
            {t('card.current')}
          </span>
        )}
        {pkg.tag && <span className="plan-card__tag">{pkg.tag}</span>}
      </div>
      <h3 className="plan-card__name">{pkg.name}</h3>
      <div className="plan-card__price">
        {struck !== null && (
          <s className="plan-card__base" aria-label={t('card.base_price', { price: usd(struck) })}>
            {usd(struck)}
          </s>
        )}
        <span className="plan-card__amount" data-testid={`plan-card-price-${pkg.id}`}>
          {usd(pkg.actual_price_cents)}
        </span>
        <span className="plan-card__per">{t('card.per_period')}</span>
      </div>
      {pkg.first_purchase && (
        <p className="plan-card__first" data-testid={`plan-card-first-${pkg.id}`}>
          {t('card.first_purchase')} <strong>{usd(pkg.payable_cents)}</strong>
        </p>
      )}
      {pkg.monthly_credits > 0 && <p className="plan-card__credits">{t('card.credits', { credits: pkg.monthly_credits })}</p>}
      {pkg.features.length > 0 && (
        <ul className="plan-card__features">
          {pkg.features.map((feature, index) => (
            // The super admin may list the same line twice; the position keeps the keys apart.
            <li key={`${index}-${feature}`}>
              <CheckIcon colour={checkColour(pkg)} />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={planPath(pkg.id)} className="plan-card__choose" data-testid={`plan-choose-${pkg.id}`}>
        {current ? t('card.renew') : t('card.choose')}
      </Link>
    </article>
  );
}
