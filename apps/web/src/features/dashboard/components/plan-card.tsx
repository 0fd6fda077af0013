import { CrownOutlined } from '@ant-design/icons';
import type { DashboardTotalResponse } from '@nearcast/contract';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { daysLeftHere } from '../../../lib/days-left';
import { formatDate, DATE_FORMAT } from '../../../lib/format-date';
import './panels-styles';

const STATE_COLOR = { paid: 'success', unpaid: 'error', expired: 'warning' } as const;

/** A merchant's own plan on its dashboard: which one, until when, and the way to renew. */
export function PlanCard({ plan }: { plan: NonNullable<DashboardTotalResponse['plan']> }) {
  const { t } = useTranslation('dashboard');
  // Counted in the zone the end date is shown in, by the rule every list of plans uses.
  const left = daysLeftHere(plan.expires_at);
  const ending = plan.state === 'paid' && left !== null && left <= 7;
  return (
    <Card className="dash-card dash-plan" data-testid="plan-card">
      <div className="dash-plan__body">
        <span className="dash-plan__icon" aria-hidden="true">
          <CrownOutlined />
        </span>
        <div className="dash-plan__text">
          <p className="dash-plan__name">
            <span data-testid="plan-name">{plan.name || t('plan.none')}</span>
            <Tag color={STATE_COLOR[plan.state]} data-testid={`plan-state-${plan.state}`}>
              {t(`status.${plan.state}`)}
            </Tag>
          </p>
          <p className="dash-muted">
            {plan.expires_at
              ? plan.state === 'expired'
                ? t('plan.ended', { date: formatDate(plan.expires_at, DATE_FORMAT) })
                : t('plan.until', { date: formatDate(plan.expires_at, DATE_FORMAT), count: left ?? 0 })
              : t('plan.no_date')}
          </p>
        </div>
        {(plan.state !== 'paid' || ending) && (
          <LinkButton to="/plans" type="primary" data-testid="plan-renew">
            {t(plan.state === 'unpaid' ? 'plan.buy' : 'plan.renew')}
          </LinkButton>
        )}
      </div>
    </Card>
  );
}
