import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A statistics block whose numbers did not arrive: 'Load failed, please try again', with a retry. */
export function LoadFailed({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="warning"
      title={t('states.load_failed')}
      extra={
        <Button onClick={onRetry} data-testid={testId}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

/** The same inside a small card, on one line. */
export function InlineLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="stats-inline-error">
      <span>{t('states.load_failed')}</span>
      <Button size="small" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
