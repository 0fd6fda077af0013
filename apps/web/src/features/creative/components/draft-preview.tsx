import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { scriptLines, type Render } from '@nearcast/contract';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import { PlayerView } from '../../video';
import type { RenderActions } from './render-card';
import './draft-preview.css';

/**
 * A finished draft played back as its viewers will see it (the cover as poster), with its lines
 * beside it and, for a studio, the decision.
 */
export function DraftPreview({ render, onClose, actions }: { render: Render | null; onClose: () => void; actions: RenderActions }) {
  const { t } = useTranslation('creative');
  const pending = render?.state === 'done' && render.draft === 'pending';
  const footer = [
    <Button key="close" onClick={onClose} data-testid="preview-close">
      {t('preview.close')}
    </Button>,
  ];
  if (render && pending && actions.onReject)
    footer.push(
      <Button key="reject" icon={<CloseOutlined />} onClick={() => actions.onReject?.(render)} data-testid="preview-reject">
        {t('board.reject')}
      </Button>,
    );
  if (render && pending && actions.onApprove)
    footer.push(
      <Button key="approve" type="primary" icon={<CheckOutlined />} onClick={() => actions.onApprove?.(render)} data-testid="preview-approve">
        {t('board.approve')}
      </Button>,
    );
  return (
    <Modal
      open={render !== null}
      onCancel={onClose}
      title={render ? render.script.title || t('scripts.untitled') : undefined}
      footer={footer}
      width={{ xs: '100%', md: 760 }}
      className="nc-modal cr-preview"
      zIndex={DIALOG_Z_INDEX}
      destroyOnHidden
    >
      {render && (
        <div className="cr-preview__body" data-testid="draft-preview">
          <div className="cr-player">
            {render.video_url ? <PlayerView url={render.video_url} poster={render.cover_url} className="cr-player__video" testId="draft-player" /> : <p className="cr-muted">{t('preview.no_video')}</p>}
          </div>
          <div className="cr-preview__script">
            <p className="cr-muted">{t(`language.${render.language}`)}</p>
            <ol className="cr-preview__lines">
              {scriptLines(render.script).map((line, index) => (
                <li key={index}>
                  <strong>{line.on_screen}</strong>
                  {line.spoken && line.spoken !== line.on_screen && <span className="cr-muted">{line.spoken}</span>}
                </li>
              ))}
            </ol>
            {render.notes.length > 0 && (
              <ul className="cr-render__notes" aria-label={t('board.notes')}>
                {render.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
