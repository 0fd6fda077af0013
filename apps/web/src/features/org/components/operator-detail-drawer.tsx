import { EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { OperatorSummary } from '@nearcast/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { DetailDrawer, DetailSection } from './detail-frame';
import { AccountStatusTag, Maybe } from './status-tags';

/**
 * One employee as its agent knows it (the list row holds all of it): contact, the merchants it
 * serves, when it was created and last signed in; and the two things an agent does to it, edit
 * and disable (or enable again).
 */
export function OperatorDetailDrawer({
  operator,
  onClose,
  onEdit,
  onToggleStatus,
}: {
  operator: OperatorSummary | null;
  onClose: () => void;
  onEdit: (operator: OperatorSummary) => void;
  onToggleStatus: (operator: OperatorSummary) => void;
}) {
  const { t } = useTranslation('org');
  return (
    <DetailDrawer
      open={operator !== null}
      onClose={onClose}
      title={operator?.name ?? t('detail.operator_title')}
      testId="operator-drawer"
      actions={
        operator && (
          <>
            <Button icon={<EditOutlined />} onClick={() => onEdit(operator)} data-testid="operator-edit">
              {t('actions.edit')}
            </Button>
            <Button
              danger={operator.status === 'normal'}
              icon={operator.status === 'normal' ? <LockOutlined /> : <UnlockOutlined />}
              onClick={() => onToggleStatus(operator)}
              data-testid="operator-toggle-status"
            >
              {operator.status === 'normal' ? t('actions.disable') : t('actions.enable')}
            </Button>
          </>
        )
      }
    >
      {operator && (
        <>
          <DetailSection
            title={t('detail.contact')}
            testId="operator-contact"
            items={[
              [t('fields.nickname'), operator.nickname],
              [t('fields.email'), <span key="email" data-testid="operator-detail-email">{operator.email}</span>],
              [t('fields.wechat'), <Maybe key="wechat" value={operator.wechat} />],
              [t('fields.status'), <AccountStatusTag key="status" status={operator.status} />],
            ]}
          />
          <DetailSection
            title={t('detail.work')}
            items={[
              [t('fields.merchant_count'), <span key="merchants" data-testid="operator-merchants">{operator.merchant_count}</span>],
              [t('fields.create_time'), formatDate(operator.create_time)],
              [t('fields.last_login'), formatDate(operator.login_time)],
            ]}
          />
        </>
      )}
    </DetailDrawer>
  );
}
