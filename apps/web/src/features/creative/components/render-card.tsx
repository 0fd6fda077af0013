import { CheckOutlined, CloseCircleOutlined, CloseOutlined, DownOutlined, DownloadOutlined, EditOutlined, PlayCircleOutlined, RedoOutlined, StopOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Render } from '@nearcast/contract';
import { Button, Checkbox, Dropdown, Progress, Space, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatDay, formatDayTime, zoneNameOf } from '../../../lib/date-style';
import { columnOf, type BoardColumn } from '../lib/renders';
import { ApproveModal } from './decision-modals';
import { MerchantAnswerNote, merchantAnswerOf } from './merchant-answer';
import { RenderReason } from './render-reason';
// The card's own styles: it is drawn on the review queue too, where the workspace's sheet is not loaded.
import '../pages/creative.css';
import './render-card.css';

/** Tag colours per board column, chosen to read at 4.5:1 on the dark surface (the theme's tuned purple and geekblue). */
const COLUMN_COLORS: Record<BoardColumn, string> = {
  in_progress: 'processing',
  pending: 'purple',
  approved: 'success',
  rejected: 'default',
  stopped: 'error',
};

export interface RenderActions {
  onPreview: (render: Render) => void;
  /** Absent for a reader who cannot act (an operator, the merchant): no write buttons at all. */
  onApprove?: (render: Render) => void;
  /**
   * Approve itself opens the approve dialog (the drafts board). Otherwise Approve is a quick
   * approval with the defaults (the review queue), and the card offers "Approve with options…"
   * beside it, opening that dialog for this draft.
   */
  approveOpensOptions?: boolean;
  onReject?: (render: Render) => void;
  onCancel?: (render: Render) => void;
  /** Where an approved draft's post opens, when the reader can open it. */
  postLink?: (postId: number) => ReactNode;
  /** Any settled render's script back on the desk, to edit and render again. */
  onEdit?: (render: Render) => void;
  /** A failed render made again. */
  onRetry?: (render: Render) => void;
  /** The file name a finished video downloads as when the server sent no `download_url` (which names it itself). */
  downloadName?: (render: Render) => string;
  /** The review queue picks drafts for a bulk approval. */
  onSelect?: (render: Render, selected: boolean) => void;
  isSelected?: (render: Render) => boolean;
}

/** A render's time as a clock time in the merchant's zone, with the zone's name. */
function timeIn(value: string, timeZone: string | undefined, language: string | undefined): string {
  const clock = formatDayTime(value, timeZone).slice(-5);
  const zone = timeZone ? zoneNameOf(value, language, timeZone) : '';
  return zone ? `${clock} ${zone}` : clock;
}

/** What the card's state tag says: the render's state while it is made, then the draft's. */
export function stateLabelKey(render: Render): string {
  // Approved by the studio but sent back by the merchant: "approved" would hide the work to do.
  if (render.state === 'done' && merchantAnswerOf(render)?.state === 'changes_requested') return 'card.changes_requested';
  if (render.state === 'done') return `draft.${render.draft}`;
  return `state.${render.state}`;
}

/**
 * One render on the board: its cover, title and language, where it stands — a live bar while it
 * is queued or rendering, the studio's decision once it is done, the reason and notes when it
 * failed — and what the reader may do with it.
 */
export function RenderCard({ render, actions, timeZone, showMerchant = false }: { render: Render; actions: RenderActions; timeZone?: string; showMerchant?: boolean }) {
  const { t, i18n } = useTranslation('creative');
  const column = columnOf(render);
  const title = render.script.title || t('scripts.untitled');
  const playable = render.state === 'done' && render.video_url !== null;
  const rendering = render.state === 'rendering';
  const settled = render.state === 'done' || render.state === 'failed' || render.state === 'cancelled';
  const selectable = actions.onSelect && render.state === 'done' && render.draft === 'pending';
  const [withOptions, setWithOptions] = useState(false);
  const pending = render.state === 'done' && render.draft === 'pending';
  // The server's download (named <shop>-<day>-<lang>-<n>.mp4) on every finished render; a
  // render read before the server sent one falls back to the video under the board's name.
  const downloadHref = render.state === 'done' ? render.download_url || (playable && actions.downloadName ? render.video_url : null) : null;
  return (
    <li className={`cr-render cr-render--${column}`} data-testid={`render-${render.id}`} data-state={render.state} data-draft={render.draft}>
      <button type="button" className="cr-render__cover" onClick={() => actions.onPreview(render)} disabled={!playable} aria-label={playable ? t('board.preview_named', { title }) : title} data-testid="render-preview">
        {render.cover_url ? <img src={render.cover_url} alt="" loading="lazy" /> : <span className="cr-render__cover-none" aria-hidden="true"><VideoCameraOutlined /></span>}
        {playable && <PlayCircleOutlined className="cr-render__play" aria-hidden="true" />}
        {render.duration !== null && <span className="cr-render__duration">{t('board.seconds', { seconds: Math.round(render.duration) })}</span>}
      </button>
      <div className="cr-render__body">
        <p className="cr-render__title" title={title}>
          {selectable && (
            <Checkbox
              checked={actions.isSelected?.(render) ?? false}
              onChange={(event) => actions.onSelect?.(render, event.target.checked)}
              aria-label={t('queue.select_named', { title })}
              className="cr-render__select"
              data-testid="render-select"
            />
          )}
          {title}
        </p>
        {showMerchant && (
          <p className="cr-render__merchant" data-testid="render-merchant">
            {render.merchant_name}
            {render.plan_date && <span className="cr-muted"> · {formatDay(`${render.plan_date}T12:00:00Z`, 'UTC')}</span>}
          </p>
        )}
        <p className="cr-render__meta">
          <Tag color={COLUMN_COLORS[column]} variant="filled" className="cr-tag" data-testid="render-state">
            {t(stateLabelKey(render))}
          </Tag>
          <span className="cr-render__fact">{t(`language.${render.language}`)}</span>
          <span className="cr-render__fact">{render.origin === 'plan' ? t('board.origin_plan') : t('board.origin_manual')}</span>
          <span className="cr-render__fact" data-testid="render-time">
            {timeZone ? timeIn(render.create_time, timeZone, i18n.resolvedLanguage) : formatDate(render.create_time, 'HH:mm')}
          </span>
        </p>
        <RenderReason reason={render.reason} />
        {(render.state === 'queued' || rendering) && (
          <div className="cr-render__progress">
            <Progress
              percent={rendering ? render.progress : 0}
              size="small"
              showInfo={false}
              status={rendering ? 'active' : 'normal'}
              aria-label={t('board.progress_named', { title })}
              data-testid="render-progress"
            />
            <span className="cr-muted">{rendering ? t('board.rendering', { progress: render.progress }) : t('board.queued')}</span>
          </div>
        )}
        {render.state === 'failed' && render.error && (
          <p className="cr-render__error" data-testid="render-error">
            <CloseCircleOutlined aria-hidden="true" /> {render.error}
            {render.attempts > 1 && <span className="cr-muted"> {t('board.attempts', { count: render.attempts })}</span>}
          </p>
        )}
        {render.state === 'failed' && render.error_detail && (
          // The engine's own output reaches staff alone (the server leaves it out for everyone else), folded away.
          <details className="cr-render__detail" data-testid="render-error-detail">
            <summary>{t('board.technical_details')}</summary>
            <pre>{render.error_detail}</pre>
          </details>
        )}
        {render.draft === 'rejected' && render.reject_reason && (
          <p className="cr-render__reason" data-testid="render-reject-reason">
            {t('board.rejected_because', { reason: render.reject_reason })}
          </p>
        )}
        <MerchantAnswerNote render={render} />
        {render.notes.length > 0 && (
          <ul className="cr-render__notes" aria-label={t('board.notes')} data-testid="render-notes">
            {render.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        <div className="cr-render__actions">
          {(render.state === 'queued' || rendering) && actions.onCancel && (
            <Button size="small" icon={<StopOutlined />} onClick={() => actions.onCancel?.(render)} aria-label={t('board.cancel_named', { title })} data-testid="render-cancel">
              {t('board.cancel')}
            </Button>
          )}
          {pending && actions.onApprove && (
            <Space.Compact size="small">
              <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => actions.onApprove?.(render)} aria-label={t('board.approve_named', { title })} data-testid="render-approve">
                {t('board.approve')}
              </Button>
              {!actions.approveOpensOptions && (
                <Dropdown
                  trigger={['click']}
                  menu={{ items: [{ key: 'options', label: <span data-testid="render-approve-options">{t('card.approve_options')}</span> }], onClick: () => setWithOptions(true) }}
                >
                  <Button size="small" type="primary" icon={<DownOutlined />} aria-label={t('card.approve_more_named', { title })} data-testid="render-approve-more" />
                </Dropdown>
              )}
            </Space.Compact>
          )}
          {render.state === 'done' && render.draft === 'pending' && actions.onReject && (
            <Button size="small" icon={<CloseOutlined />} onClick={() => actions.onReject?.(render)} aria-label={t('board.reject_named', { title })} data-testid="render-reject">
              {t('board.reject')}
            </Button>
          )}
          {render.draft === 'approved' && render.post_id !== null && actions.postLink?.(render.post_id)}
          {render.state === 'failed' && actions.onRetry && (
            <Button size="small" type="primary" icon={<RedoOutlined />} onClick={() => actions.onRetry?.(render)} aria-label={t('card.retry_named', { title })} data-testid="render-retry">
              {t('card.retry')}
            </Button>
          )}
          {settled && actions.onEdit && (
            <Button size="small" icon={<EditOutlined />} onClick={() => actions.onEdit?.(render)} aria-label={t('card.edit_named', { title })} data-testid="render-edit">
              {t('card.edit')}
            </Button>
          )}
          {downloadHref && (
            // The signed download URL names the file itself (Content-Disposition), so the name holds
            // across origins where the browser ignores `download`; the local name is a fallback.
            <Button size="small" icon={<DownloadOutlined />} href={downloadHref} download={actions.downloadName?.(render) ?? true} aria-label={t('card.download_named', { title })} data-testid="render-download">
              {t('card.download')}
            </Button>
          )}
        </div>
      </div>
      {/* Mounted only while open: a queue of cards keeps no idle dialog (and its reads) per card. */}
      {withOptions && <ApproveModal render={render} onClose={() => setWithOptions(false)} />}
    </li>
  );
}
