import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMAT, formatDate } from '../../../lib/format-date';
import type { PlanStanding } from '../../../lib/plan-standing';
import type { MyPlan } from '../api/my-plan';
import { planPath } from '../lib/purchase';

/**
 * A signed-in client or studio with a plan sees it above the packages: its name, when it ends
 * (or ended) and a renewal of that same package, instead of being sold a first plan.
 */
export function MyPlanPanel({ standing, plan }: { standing: Extract<PlanStanding, { kind: 'active' | 'expired' }>; plan: MyPlan | null | undefined }) {
  const { t } = useTranslation('payment');
  const date = standing.expireTime ? formatDate(standing.expireTime, DATE_FORMAT) : null;
  const active = standing.kind === 'active';
  const title = plan ? t('my_plan.title_named', { name: plan.package_name }) : t('my_plan.title');
  const body = active ? (date ? t('my_plan.active_until', { date }) : t('my_plan.active')) : date ? t('my_plan.expired_on', { date }) : t('my_plan.expired');
  return (
    <section className={active ? 'my-plan' : 'my-plan my-plan--lapsed'} data-testid="my-plan" data-standing={standing.kind} aria-label={t('my_plan.title')}>
      <div className="my-plan__text">
        <span className="my-plan__title" data-testid="my-plan-name">
          {title}
        </span>
        <span className="my-plan__body" data-testid="my-plan-expiry">
          {body}
        </span>
      </div>
      {/* A package since deleted cannot be bought again: the list below offers the others. */}
      {plan?.package_id ? (
        <Link to={planPath(plan.package_id)} className="nc-btn nc-btn--primary nc-btn--sm" data-testid="my-plan-renew">
          {t('my_plan.renew')}
        </Link>
      ) : null}
    </section>
  );
}
