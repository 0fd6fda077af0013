import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import './lists.css';

interface LoadFailedProps {
  error?: unknown;
  onRetry: () => void;
  /** What failed, in the spec's words; 'Load failed, please try again' by default. */
  title?: string;
  /** A word on what to do when the reason alone would not say it. */
  body?: string;
  testId?: string;
  retryTestId?: string;
}

/**
 * The place of something that did not arrive: the spec's words, the server's reason when it
 * gave one (already in the user's language), and a retry. Every list, card and page uses it.
 */
export function LoadFailed({ error, onRetry, title, body, testId = 'load-failed', retryTestId = 'load-retry' }: LoadFailedProps) {
  const { t } = useTranslation('common');
  const reason = error instanceof ApiError && error.kind === 'envelope' ? error.msg : '';
  return (
    <div className="nc-state" role="alert" data-testid={testId}>
      <WarningOutlined className="nc-state__icon nc-state__icon--warn" />
      <p className="nc-state__title">{title ?? t('states.load_failed')}</p>
      {reason && <p className="nc-state__body">{reason}</p>}
      {body && <p className="nc-state__body">{body}</p>}
      <Button icon={<ReloadOutlined />} onClick={onRetry} data-testid={retryTestId}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** The same inside a small card, on one line. */
export function InlineLoadFailed({ onRetry, retryTestId }: { onRetry: () => void; retryTestId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="nc-inline-error" role="alert">
      <span>{t('states.load_failed')}</span>
      <Button size="small" onClick={onRetry} data-testid={retryTestId}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** An empty list: what would fill it, and an action that would when there is one. */
export function ListEmpty({ title, body, action, testId = 'list-empty' }: { title: string; body?: string; action?: ReactNode; testId?: string }) {
  return (
    <div className="nc-state nc-state--empty" data-testid={testId}>
      <svg className="nc-state__art" viewBox="0 0 64 48" aria-hidden="true">
        <rect x="6" y="10" width="52" height="32" rx="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 20h52" stroke="currentColor" strokeWidth="2" />
        <circle cx="14" cy="15" r="1.6" fill="currentColor" />
        <circle cx="20" cy="15" r="1.6" fill="currentColor" />
        <path d="M20 31h24" stroke="currentColor" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
      </svg>
      <p className="nc-state__title">{title}</p>
      {body && <p className="nc-state__body">{body}</p>}
      {action}
    </div>
  );
}
