import { UndoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingDecision } from '../lib/decision-queue';

/**
 * The decisions not yet sent, newest first, each with its countdown and an Undo. It stays at the
 * bottom of the screen, above any dialog, so the review mode shows it too.
 */
export function UndoBar({ pending, onUndo }: { pending: readonly PendingDecision[]; onUndo: (key: number) => void }) {
  const { t } = useTranslation('creative');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [pending.length]);
  if (pending.length === 0) return null;
  const shown = [...pending].reverse().slice(0, 3);
  return (
    <div className="cr-undo" role="status" aria-live="polite" data-testid="undo-bar">
      {shown.map(({ key, decision, due }) => {
        const seconds = Math.max(0, Math.ceil((due - now) / 1_000));
        const text =
          decision.kind === 'approve'
            ? decision.ids.length === 1
              ? t('undo.approved_single', { title: decision.label })
              : t('undo.approved_many', { count: decision.ids.length })
            : t('undo.rejected', { title: decision.label });
        return (
          <div key={key} className="cr-undo__item" data-testid="undo-item">
            <span>{text}</span>
            <span className="cr-muted">{t('undo.sending_in', { seconds })}</span>
            <Button size="small" type="primary" ghost icon={<UndoOutlined />} onClick={() => onUndo(key)} data-testid="undo-button">
              {t('undo.undo')}
            </Button>
          </div>
        );
      })}
      {pending.length > shown.length && <span className="cr-muted">{t('undo.more', { count: pending.length - shown.length })}</span>}
    </div>
  );
}
