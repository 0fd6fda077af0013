import { PAY_STATUS, PAYING, type JoinType } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SimpleFrame } from '../../../components/simple-frame';
import { useSession } from '../../../lib/session';
import { usePriceList, type PriceListRequest } from '../../../api/price-list';
import { planStanding } from '../../../lib/plan-standing';
import { useMyPlan } from '../api/my-plan';
import { FrameActions } from '../components/frame-actions';
import { MyPlanPanel } from '../components/my-plan-panel';
import { JoinTypePicker } from '../components/join-type-picker';
import { PackageGrid } from '../components/package-grid';
import { chosenJoinType, offeredJoinTypes } from '../lib/purchase';
import './payment-styles';

/** The enabled packages of a type: the catalogue is a handful, so one page holds them all. */
const catalogue = (type: PriceListRequest['type']): PriceListRequest => ({ type, status: 'enabled', page_size: 100 });

/**
 * The public package chooser (spec §2 "Pricing"): shop owner or AI studio first (`?type=`
 * preselects; a signed-in buyer sees only their own type), then the enabled packages of that
 * type. Paid buyers also see the add-ons that extend their plan.
 */
export function PlansPage() {
  const { t } = useTranslation('payment');
  const { user, role } = useSession();
  const [params, setParams] = useSearchParams();
  const offered = offeredJoinTypes(role);
  const chosen = chosenJoinType(role, params.get('type'));
  const viewer = user?.id ?? null;
  const packages = usePriceList(catalogue(chosen ?? undefined), viewer, { enabled: chosen !== null });
  const paid = !!user && role !== null && PAYING.includes(role) && user.pay_status === PAY_STATUS.paid;
  const addons = usePriceList(catalogue('addon'), viewer, { enabled: paid });
  const standing = planStanding(user, role);
  const hasPlan = standing.kind === 'active' || standing.kind === 'expired';
  const myPlan = useMyPlan(viewer, { enabled: hasPlan });

  const choose = (type: JoinType) => {
    const next = new URLSearchParams(params);
    next.set('type', type);
    setParams(next, { replace: true });
  };

  return (
    <SimpleFrame wide actions={<FrameActions />}>
      <div className="payment">
        <PageHeader subtitle={t('plans.subtitle')} />
        {hasPlan && <MyPlanPanel standing={standing} plan={myPlan.data?.plan} />}
        {/* A signed-in buyer has one type: no choice to make, and none it could not buy. */}
        {offered.length > 1 && <JoinTypePicker value={chosen} onChange={choose} />}

        <section className="payment-section" aria-live="polite">
          {chosen ? (
            <>
              <h2 className="payment-section__title" data-testid="plans-heading">
                {t(`plans.heading_${chosen}`)}
              </h2>
              <PackageGrid
                packages={packages.data?.list}
                loading={packages.isPending}
                failed={packages.isError}
                error={packages.error}
                onRetry={() => void packages.refetch()}
                emptyText={t('plans.empty')}
                testId="plans-list"
                currentId={myPlan.data?.plan?.package_id ?? null}
              />
            </>
          ) : (
            <p className="payment-hint" data-testid="plans-hint">
              {t('join.hint')}
            </p>
          )}
        </section>

        {paid && (
          <section className="payment-section" data-testid="plans-addons">
            <h2 className="payment-section__title">{t('plans.addons_title')}</h2>
            <p className="payment-section__subtitle">{t('plans.addons_subtitle')}</p>
            <PackageGrid
              packages={addons.data?.list}
              loading={addons.isPending}
              failed={addons.isError}
              error={addons.error}
              onRetry={() => void addons.refetch()}
              emptyText={t('plans.addons_empty')}
              testId="addons-list"
            />
          </section>
        )}
      </div>
    </SimpleFrame>
  );
}
