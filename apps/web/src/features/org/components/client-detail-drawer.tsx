import type { AccountSummary, ClientDetail } from '@nearcast/contract';
import { Empty, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { useClient } from '../api/get-client';
import { DetailDrawer, DetailSection } from './detail-frame';
import { displayName } from './display';
import { InfoStatusTag, Maybe, PayStateTag } from './status-tags';
import { formatUsPhone } from '../../../lib/phone';

/**
 * Everything known about one client (/v1/client/get): its plan and when it ends, who serves it
 * (studio, operator, agent), its recent payments, how to reach it; and the same assignment
 * actions as its row, so the drawer is where a manager acts on what they just read.
 */
export function ClientDetailDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | null;
  onClose: () => void;
  /** The client's actions (the assignment menu), as its row offers them. */
  actions?: (client: AccountSummary) => ReactNode;
}) {
  const { t } = useTranslation('org');
  const client = useClient(id);
  const data = client.data;
  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      title={data ? displayName(data) : t('detail.client_title')}
      actions={data && actions?.(data)}
      testId="client-drawer"
      query={client}
    >
      {data && <ClientDetailBody client={data} />}
    </DetailDrawer>
  );
}

function ClientDetailBody({ client }: { client: ClientDetail }) {
  const { t } = useTranslation('org');
  const language = currentLanguage();
  const text = (value: string | null | undefined) => <Maybe value={value} />;
  return (
    <>
      <DetailSection
        title={t('detail.plan')}
        testId="client-plan"
        items={[
          [t('fields.pay_state'), <PayStateTag key="pay" state={client.pay_state} />],
          [t('fields.plan'), client.plan ? <span data-testid="client-plan-name">{client.plan.package_name}</span> : <span className="org-muted">{t('detail.no_plan')}</span>],
          [t('fields.expire_time'), <span key="expire" data-testid="client-expire">{formatDate(client.expire_time)}</span>],
          [t('fields.info_status'), <InfoStatusTag key="info" status={client.info_status} />],
          [t('fields.order_count'), client.order_count],
          [t('fields.consumption'), formatUsd(client.consumption_cents, language)],
        ]}
      />
      <DetailSection
        title={t('detail.served_by')}
        testId="client-team"
        items={[
          [t('fields.studio'), <span key="studio" data-testid="client-studio">{text(client.studio_name)}</span>],
          [t('fields.operator'), <span key="operator" data-testid="client-operator">{text(client.operator_name)}</span>],
          [t('fields.agent'), <span key="agent" data-testid="client-agent">{text(client.agent_name)}</span>],
        ]}
      />
      <section className="org-payments" data-testid="client-payments">
        <h3 className="org-payments__title">{t('detail.payments')}</h3>
        {client.payments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.no_payments')} />
        ) : (
          <ul className="org-payments__list">
            {client.payments.map((order) => (
              <li key={order.id} className="org-payments__item" data-testid={`client-payment-${order.id}`}>
                <div className="org-payments__what">
                  <span className="org-payments__name">{order.package_name}</span>
                  <span className="org-muted">
                    {t('detail.days', { days: order.periods * 30 })} · {formatDate(order.paid_time ?? order.create_time)}
                  </span>
                </div>
                <div className="org-payments__amount">
                  <strong className="org-num">{formatUsd(order.amount_cents, language)}</strong>
                  {order.package_type === 'addon' && <Tag className="org-tag">{t('detail.addon')}</Tag>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DetailSection
        title={t('detail.contact')}
        items={[
          [t('fields.email'), client.email],
          [t('fields.phone'), <span key="phone" data-testid="client-phone">{text(client.phone && formatUsPhone(client.phone))}</span>],
          [t('fields.wechat'), text(client.wechat)],
          [t('fields.company'), text(client.company_short_name)],
          [t('fields.location'), text([client.county, client.city, client.state, client.country].filter(Boolean).join(', '))],
        ]}
      />
      <DetailSection
        title={t('detail.activity')}
        items={[
          [t('fields.register_time'), formatDate(client.register_time)],
          [t('fields.last_login'), formatDate(client.last_login)],
        ]}
      />
    </>
  );
}
