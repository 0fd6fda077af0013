import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/form-feedback';
import { useVerifyAudit } from '../api/audit';

/** The chain check: reads the whole log on the server and says whether every entry still holds. */
export function ChainCheck() {
  const { t } = useTranslation('audit');
  const check = useVerifyAudit();
  const result = check.data;
  return (
    <div className="audit-check" data-testid="audit-check">
      <Button icon={<SafetyCertificateOutlined />} loading={check.isPending} onClick={() => check.mutate()} data-testid="audit-verify">
        {t('actions_ui.verify')}
      </Button>
      <div aria-live="polite">
        {check.isError && <Alert type="error" showIcon message={failureText(t('check.failed'), check.error)} data-testid="audit-check-failed" />}
        {result?.ok && (
          <Alert
            type="success"
            showIcon
            message={t('check.intact', { count: result.checked })}
            description={result.head ? t('check.head', { hash: result.head }) : undefined}
            data-testid="audit-check-ok"
          />
        )}
        {result && !result.ok && (
          <Alert type="error" showIcon message={t('check.broken', { seq: result.broken_at })} description={t(`check.reasons.${result.reason}`)} data-testid="audit-check-broken" />
        )}
      </div>
    </div>
  );
}
