import type { AccountStatus, AgentType, PayState } from '@nearcast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagText } from '../../../components/readable-tag';

const PAY_COLORS: Record<PayState, string> = { paid: 'success', unpaid: 'default', expired: 'warning' };

export function PayStateTag({ state }: { state: PayState }) {
  const { t } = useTranslation('org');
  return (
    <Tag color={PAY_COLORS[state]} variant="filled" className="org-tag">
      {t(`pay_state.${state}`)}
    </Tag>
  );
}

export function InfoStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('org');
  return status === 1 ? (
    <Tag color="success" variant="filled" className="org-tag">
      {t('info_status.complete')}
    </Tag>
  ) : (
    <Tag color="warning" variant="filled" className="org-tag">
      {t('info_status.incomplete')}
    </Tag>
  );
}

export function AccountStatusTag({ status }: { status: AccountStatus }) {
  const { t } = useTranslation('org');
  const disabled = status === 'disabled';
  return (
    <Tag
      color={disabled ? 'error' : 'default'}
      variant="filled"
      className="org-tag"
      style={disabled ? readableTagText('error') : undefined}
      data-testid="account-status"
    >
      {t(`status.${status}`)}
    </Tag>
  );
}

export function AgentTypeTag({ type }: { type: AgentType | null }) {
  const { t } = useTranslation('org');
  const value = type ?? 'main';
  return (
    <Tag color={value === 'main' ? 'purple' : 'cyan'} variant="filled" className="org-tag">
      {t(`agent_type.${value}`)}
    </Tag>
  );
}

/** A name that may be missing (no agent, no studio yet): an em dash rather than an empty cell. */
export function Maybe({ value }: { value: string | null | undefined }) {
  return value ? <>{value}</> : <span className="org-muted">—</span>;
}

/** Payment and onboarding apply to clients and studios only; other roles show this instead. */
export function NotApplicable() {
  const { t } = useTranslation('org');
  return (
    <span className="org-muted" title={t('list.not_applicable')}>
      —
    </span>
  );
}
