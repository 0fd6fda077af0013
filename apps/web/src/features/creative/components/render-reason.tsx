import { BulbOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './render-reason.css';

/**
 * Why the plan chose a draft's hook, look, length and hour (docs/decisions/085), as one muted
 * line on its card: cut with an ellipsis, its whole text in a tooltip (hover, touch or keyboard
 * focus; no native title as well, which would show it twice). Nothing for a render asked for by
 * hand or made before the plan learned.
 */
export function RenderReason({ reason }: { reason: string | null | undefined }) {
  const { t } = useTranslation('creative');
  const text = reason?.trim();
  if (!text) return null;
  return (
    <Tooltip title={text} placement="bottomLeft" trigger={['hover', 'focus']}>
      {/* Focusable, so the whole reason reaches a keyboard as well as a pointer. */}
      <p className="cr-render-reason" tabIndex={0} data-testid="render-reason">
        <BulbOutlined aria-hidden="true" className="cr-render-reason__icon" />
        <span className="nc-visually-hidden">{t('card.reason_label')} </span>
        <span className="cr-render-reason__text">{text}</span>
      </p>
    </Tooltip>
  );
}
