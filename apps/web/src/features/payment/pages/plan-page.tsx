import type { PricePackage } from '@nearcast/contract';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/list-state';
import { SimpleFrame } from '../../../components/simple-frame';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { usePackage } from '../api/get-package';
import { CheckIcon } from '../components/check-icon';
import { FrameActions } from '../components/frame-actions';
import { checkColour, planStyle } from '../components/plan-style';
import { PurchasePanel } from '../components/purchase-panel';
import './payment-styles';

function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** What the package includes: its name and tag in its own colours, credits, features, course. */
function PlanDetail({ pkg }: { pkg: PricePackage }) {
  const { t } = useTranslation('payment');
  return (
    <article className="plan-detail" style={planStyle(pkg)} data-testid="plan-detail">
      <header className="plan-detail__hero">
        <div className="plan-card__head">
          <span className="plan-card__type">{t(`types.${pkg.type}`)}</span>
          {pkg.tag && <span className="plan-card__tag">{pkg.tag}</span>}
        </div>
        <h2 className="plan-detail__name" data-testid="plan-name">
          {pkg.name}
        </h2>
        {pkg.monthly_credits > 0 && <p className="plan-detail__credits">{t('card.credits', { credits: pkg.monthly_credits })}</p>}
      </header>
      {pkg.features.length > 0 && (
        <section className="plan-detail__section">
          <h2>{t('plan.features')}</h2>
          <ul className="plan-card__features" data-testid="plan-features">
            {pkg.features.map((feature, index) => (
              <li key={`${index}-${feature}`}>
                <CheckIcon colour={checkColour(pkg)} />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {pkg.learning_course && (
        <section className="plan-detail__section">
          <h2>{t('plan.course')}</h2>
          <p className="plan-detail__course" data-testid="plan-course">
            {pkg.learning_course}
          </p>
        </section>
      )}
    </article>
  );
}

/**
 * A package's detail and purchase (spec §2 "Pricing": the detail page handles purchase with
 * payment confirmation). Public: a visitor reads it and is sent to register and back.
 */
export function PlanPage() {
  const { t } = useTranslation('payment');
  const pageTitle = usePageTitle();
  const params = useParams();
  const id = idOf(params.id);
  const { user, token } = useSession();
  const viewer = token ? (user?.id ?? null) : null;
  const plan = usePackage(id, viewer);
  const pkg = plan.data;
  const missing = id === null || (plan.error instanceof ApiError && (plan.error.code === '404' || plan.error.code === '400'));
  const back = pkg && pkg.type !== 'addon' ? `/plans?type=${pkg.type}` : '/plans';

  let body;
  if (missing) {
    body = (
      <div className="plan-missing" data-testid="plan-missing">
        <h2 className="payment-section__title" data-testid="plan-missing-title">
          {t('plan.missing_title')}
        </h2>
        <p>{t('plan.missing')}</p>
        <Link to="/plans" className="nc-btn nc-btn--primary">
          {t('plan.all_plans')}
        </Link>
      </div>
    );
  } else if (plan.isError) {
    body = (
      <LoadFailed error={plan.error} onRetry={() => void plan.refetch()} testId="plan-error" retryTestId="plan-retry" />
    );
  } else if (!pkg) {
    body = (
      <div className="plan-layout" aria-busy="true" aria-label={t('common:states.loading')} data-testid="plan-loading">
        <div className="plan-detail">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
        <div className="plan-buy">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      </div>
    );
  } else {
    body = (
      <div className="plan-layout">
        <PlanDetail pkg={pkg} />
        <PurchasePanel key={pkg.id} pkg={pkg} user={token ? user : null} />
      </div>
    );
  }

  return (
    <SimpleFrame wide actions={<FrameActions />}>
      <div className="payment">
        <Link to={back} className="payment-back" data-testid="plan-back">
          <ArrowLeftOutlined aria-hidden="true" /> {t('plan.all_plans')}
        </Link>
        {/* The route's title; the package's own name heads its card. */}
        <h1 className="payment-eyebrow" data-testid="page-title">
          {pageTitle}
        </h1>
        {body}
      </div>
    </SimpleFrame>
  );
}
