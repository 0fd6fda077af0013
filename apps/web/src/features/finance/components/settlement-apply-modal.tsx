import { Alert, Descriptions, Modal, Skeleton, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import { DATE_FORMAT, formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApplySettlement } from '../api/settlement-actions';
import { useSettlementPreview } from '../api/settlement-preview';
import { percentOf } from '../lib/display';

/**
 * A studio's or an agent's settlement application: the period it covers, the available balance
 * it takes, the platform fee and the amount to receive, before anything is reserved.
 */
export function SettlementApplyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const preview = useSettlementPreview(open);
  const apply = useApplySettlement();
  const data = preview.data;

  const submit = () =>
    apply.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('feedback.applied'));
        onClose();
      },
      onError: (error) => {
        if (!isSignedOut(error)) notifyError(failureText(t('feedback.submit_failed'), error));
      },
    });

  return (
    <Modal
      open={open}
      title={t('apply.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('apply.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !data?.can_apply, 'data-testid': 'apply-submit' } as ButtonProps}
      confirmLoading={apply.isPending}
      width={{ xs: '100%', md: 520 }}
      className="nc-modal"
      zIndex={DIALOG_Z_INDEX}
      destroyOnHidden
    >
      {preview.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : preview.isError ? (
        <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} />
      ) : data ? (
        <div data-testid="apply-preview">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('fields.period')}>{`${formatDate(data.period_start, DATE_FORMAT)} – ${formatDate(data.period_end, DATE_FORMAT)}`}</Descriptions.Item>
            <Descriptions.Item label={t('balance.available')}>{formatUsd(data.available_cents, language)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.applied')}>{formatUsd(data.gross_cents, language)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.platform_fee')}>{`${formatUsd(data.fee_cents, language)} (${percentOf(data.fee_bps)})`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.to_receive')}>
              <strong data-testid="apply-net">{formatUsd(data.amount_cents, language)}</strong>
            </Descriptions.Item>
          </Descriptions>
          {data.blocker && (
            <Alert className="fin-alert" type="warning" showIcon title={t(`apply.blocker_${data.blocker}`, { amount: formatUsd(data.min_cents, language) })} data-testid="apply-blocker" />
          )}
          {data.verification !== 'approved' && (
            <Alert className="fin-alert" type="info" showIcon title={t('apply.verification_note')} data-testid="apply-verification" />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
