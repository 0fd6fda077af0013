import type { FinanceStatus } from '@nearcast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../lib/display';

export function FinanceStatusTag({ status }: { status: FinanceStatus }) {
  const { t } = useTranslation('finance');
  return (
    <Tag color={STATUS_COLORS[status]} variant="filled" className="fin-tag" data-testid={`status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}
