import type { CorrectionStatus, VerificationStatus } from '@nearcast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const VERIFICATION_COLORS: Record<VerificationStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };
const CORRECTION_COLORS: Record<CorrectionStatus, string> = { open: 'gold', resolved: 'green' };

export function VerificationStatusTag({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  return (
    <Tag color={VERIFICATION_COLORS[status]} variant="filled" className="ver-tag" data-testid={`verification-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

export function CorrectionStatusTag({ status }: { status: CorrectionStatus }) {
  const { t } = useTranslation('verification');
  return (
    <Tag color={CORRECTION_COLORS[status]} variant="filled" className="ver-tag">
      {t(`correction_status.${status}`)}
    </Tag>
  );
}

/** A number as anyone sees it after it was typed: its last four digits. */
export function masked(last4: string): string {
  return `•••• ${last4}`;
}
