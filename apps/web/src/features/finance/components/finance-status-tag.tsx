import type { FinanceStatus } from '@nearcast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagText } from '../../../components/readable-tag';
import { STATUS_COLORS } from '../lib/display';

export function FinanceStatusTag({ status }: { status: FinanceStatus }) {
  const { t } = useTranslation('finance');
  return (
    <Tag color={STATUS_COLORS[status]} variant="filled" className="fin-tag" style={readableTagText(STATUS_COLORS[status])} data-testid={`status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}
