import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/** The list's place when a search failed: the spec's words, the server's reason, a retry. */
export function ListError({ error, onRetry, testId = 'list-error' }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('org');
  const reason = error instanceof ApiError ? error.msg : '';
  return (
    <div className="org-state" role="alert" data-testid={testId}>
      <WarningOutlined className="org-state__icon org-state__icon--warn" />
      <p className="org-state__title">{t('feedback.search_failed')}</p>
      {reason && <p className="org-state__body">{reason}</p>}
      <Button icon={<ReloadOutlined />} onClick={onRetry} data-testid="list-retry">
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** An empty list: what would fill it, and whether filters may be hiding rows. */
export function ListEmpty({ title, body }: { title: string; body?: string }) {
  return (
    <div className="org-state org-state--empty" data-testid="list-empty">
      <svg className="org-state__art" viewBox="0 0 64 48" aria-hidden="true">
        <rect x="6" y="10" width="52" height="32" rx="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 20h52" stroke="currentColor" strokeWidth="2" />
        <circle cx="14" cy="15" r="1.6" fill="currentColor" />
        <circle cx="20" cy="15" r="1.6" fill="currentColor" />
        <path d="M20 31h24" stroke="currentColor" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
      </svg>
      <p className="org-state__title">{title}</p>
      {body && <p className="org-state__body">{body}</p>}
    </div>
  );
}
