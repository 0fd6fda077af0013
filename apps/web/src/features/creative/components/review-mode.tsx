import { CheckOutlined, CloseOutlined, EditOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { DRAFT_REASON_MAX, scriptLines, type Render } from '@nearcast/contract';
import { Button, Input, Modal, Segmented } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import { useReviewKeys } from '../lib/review-keys';
import { MerchantAnswerNote } from './merchant-answer';
import './draft-preview.css';

/** The playback speeds on offer: a studio watches most drafts faster than their viewers will. */
export const SPEEDS = [1, 1.5, 2] as const;
/** The quick reasons a reject offers, picked with the number keys 1–4. */
export const QUICK_REASONS = ['offer', 'footage', 'text', 'tone'] as const;

interface ReviewModeProps {
  renders: readonly Render[];
  index: number;
  onIndex: (index: number) => void;
  /** Opened to reject the draft at `index` straight away (its card's Reject). */
  rejecting: boolean;
  onRejecting: (rejecting: boolean) => void;
  onApprove: (render: Render) => void;
  onReject: (render: Render, reason: string) => void;
  onEdit: (render: Render) => void;
  onClose: () => void;
  canAct: boolean;
}

/**
 * One draft at a time, as fast as a person can judge it: the video plays at once (muted, which
 * browsers let start by itself) at the speed chosen, the script beside it, and single keys do
 * the rest — J/K next and previous, A approve, R reject with a quick reason, E edit, Space
 * play/pause, ? the list of keys. The next draft's video is loaded ahead so it starts at once.
 */
export function ReviewMode({ renders, index, onIndex, rejecting, onRejecting, onApprove, onReject, onEdit, onClose, canAct }: ReviewModeProps) {
  const { t } = useTranslation('creative');
  const [speed, setSpeed] = useState<number>(1.5);
  const [help, setHelp] = useState(false);
  const [reason, setReason] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const open = renders.length > 0;
  const at = Math.min(index, Math.max(0, renders.length - 1));
  const render = renders[at];
  const next = renders[at + 1];
  const pending = render?.state === 'done' && render.draft === 'pending';

  const player = useRef<HTMLDivElement>(null);
  // Each draft's video address as first seen. The list is fetched again after every decision
  // sent, each time with newly signed addresses; a new address would make the element load its
  // video again from nothing (the one loaded ahead too, just before its turn). An address that
  // fails (expired after a long pause) is forgotten, and the list's current one is taken.
  const addresses = useRef(new Map<number, string>());
  const [, setForgotten] = useState(0);
  const addressOf = (item: Render): string | null => {
    const known = addresses.current.get(item.id);
    if (known) return known;
    if (item.video_url) addresses.current.set(item.id, item.video_url);
    return item.video_url;
  };
  const forget = (item: Render) => {
    if (addresses.current.get(item.id) === item.video_url) return;
    addresses.current.delete(item.id);
    setForgotten((count) => count + 1);
  };
  // The draft on screen plays from its start; the one loaded ahead stays still and silent until
  // its turn (a draft gone back from keeps loaded as the next one, so it is stopped and rewound).
  // Before paint, so the frame that shows a draft already has it playing.
  useLayoutEffect(() => {
    for (const element of player.current?.querySelectorAll('video') ?? []) {
      if (element === video.current) continue;
      element.pause();
      if (element.currentTime > 0) element.currentTime = 0;
    }
    const current = video.current;
    if (current?.paused) void current.play().catch(() => undefined);
  }, [render?.id]);
  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed, render?.id]);
  useEffect(() => setReason(''), [render?.id, rejecting]);
  // On a phone the reasons open below the video and the script, where the Undo bar floats over
  // the dialog's bottom: the block is brought up clear of it (its scroll-margin, review.css).
  const rejectForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (rejecting) rejectForm.current?.scrollIntoView?.({ block: 'end' });
  }, [rejecting, render?.id]);

  const move = (step: number) => {
    onRejecting(false);
    onIndex(Math.max(0, Math.min(renders.length - 1, at + step)));
  };
  const reject = (text: string) => {
    if (!render || text.trim() === '') return;
    onRejecting(false);
    onReject(render, text.trim());
  };
  const quick = (number: number) => () => {
    const key = QUICK_REASONS[number - 1];
    if (rejecting && key) reject(t(`review.reason_${key}`));
  };
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };

  useReviewKeys(
    {
      j: () => move(1),
      k: () => move(-1),
      a: () => canAct && pending && render && onApprove(render),
      r: () => canAct && pending && onRejecting(true),
      e: () => canAct && render && onEdit(render),
      ' ': toggle,
      '?': () => setHelp((shown) => !shown),
      '1': quick(1),
      '2': quick(2),
      '3': quick(3),
      '4': quick(4),
    },
    open,
  );

  return (
    <Modal
      open={open}
      onCancel={() => (rejecting ? onRejecting(false) : onClose())}
      title={render ? t('review.title', { position: at + 1, total: renders.length }) : undefined}
      footer={null}
      width={{ xs: '100%', md: 1040 }}
      className="nc-modal cr-review"
      zIndex={DIALOG_Z_INDEX}
      destroyOnHidden
    >
      {render && (
        <div className="cr-review__body" data-testid="review-mode" data-render={render.id}>
          <div className="cr-review__player" ref={player}>
            {/* The draft on screen and the next one in the same list of elements, keyed by draft: the
                next one loads while this one plays, and when it comes on (J, or after a decision) the
                very element that loaded it is shown and played, with nothing to fetch again. */}
            {[render, next].map((item) => {
              const src = item && addressOf(item);
              if (!item || !src) return null;
              const current = item.id === render.id;
              return (
                <video
                  key={item.id}
                  ref={current ? video : undefined}
                  className={current ? 'cr-review__video' : undefined}
                  src={src}
                  poster={current ? (item.cover_url ?? undefined) : undefined}
                  preload="auto"
                  autoPlay={current}
                  muted
                  playsInline
                  controls={current}
                  loop
                  hidden={!current}
                  aria-hidden={current ? undefined : true}
                  onLoadedMetadata={(event) => (event.currentTarget.playbackRate = speed)}
                  onError={() => forget(item)}
                  data-render={item.id}
                  data-testid={current ? 'review-video' : 'review-prefetch'}
                />
              );
            })}
            {!render.video_url && <p className="cr-muted cr-review__no-video">{render.error ?? t('preview.no_video')}</p>}
            <Segmented<number>
              value={speed}
              onChange={setSpeed}
              options={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
              aria-label={t('review.speed')}
              data-testid="review-speed"
            />
          </div>
          <div className="cr-review__script">
            <p className="cr-review__title">{render.script.title || t('scripts.untitled')}</p>
            <p className="cr-muted">
              {render.merchant_name} · {t(`language.${render.language}`)}
              {render.plan_date ? ` · ${render.plan_date}` : ''}
            </p>
            <ol className="cr-preview__lines" data-testid="review-script">
              {scriptLines(render.script).map((line, position) => (
                <li key={position}>
                  <strong>{line.on_screen}</strong>
                  {line.spoken && line.spoken !== line.on_screen && <span className="cr-muted">{line.spoken}</span>}
                </li>
              ))}
            </ol>
            <MerchantAnswerNote render={render} />
            {rejecting ? (
              <form
                ref={rejectForm}
                className="cr-review__reject"
                onSubmit={(event) => {
                  event.preventDefault();
                  reject(reason);
                }}
                data-testid="review-reject"
              >
                <p className="cr-subtitle">{t('review.reject_title')}</p>
                {/* The focus goes to the first quick reason, not the field: R and then a number is
                    a rejection in two keys, and in the field the number would be a character. */}
                <ol className="cr-review__reasons">
                  {QUICK_REASONS.map((key, position) => (
                    <li key={key}>
                      <Button size="small" onClick={quick(position + 1)} autoFocus={position === 0} data-testid={`review-reason-${position + 1}`}>
                        <kbd>{position + 1}</kbd> {t(`review.reason_${key}`)}
                      </Button>
                    </li>
                  ))}
                </ol>
                <Input
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  maxLength={DRAFT_REASON_MAX}
                  placeholder={t('review.reason_own')}
                  aria-label={t('review.reason_own')}
                  data-testid="review-reason"
                />
                <div className="cr-review__reject-actions">
                  <Button onClick={() => onRejecting(false)}>{t('preview.close')}</Button>
                  <Button htmlType="submit" danger disabled={reason.trim() === ''} data-testid="review-reject-submit">
                    {t('board.reject')}
                  </Button>
                </div>
              </form>
            ) : (
              canAct && (
                <div className="cr-review__actions">
                  <Button type="primary" icon={<CheckOutlined />} disabled={!pending} onClick={() => onApprove(render)} data-testid="review-approve">
                    {t('board.approve')} <kbd>A</kbd>
                  </Button>
                  <Button icon={<CloseOutlined />} disabled={!pending} onClick={() => onRejecting(true)} data-testid="review-reject-open">
                    {t('board.reject')} <kbd>R</kbd>
                  </Button>
                  <Button icon={<EditOutlined />} onClick={() => onEdit(render)} data-testid="review-edit">
                    {t('card.edit')} <kbd>E</kbd>
                  </Button>
                </div>
              )
            )}
            <Button type="link" icon={<QuestionCircleOutlined />} onClick={() => setHelp((shown) => !shown)} aria-expanded={help} data-testid="review-help-toggle">
              {t('review.keys')} <kbd>?</kbd>
            </Button>
            {help && (
              <dl className="cr-review__keys" data-testid="review-keys">
                {(['jk', 'a', 'r', 'numbers', 'e', 'space', 'help'] as const).map((key) => (
                  <div key={key}>
                    <dt>{t(`review.key_${key}`)}</dt>
                    <dd>{t(`review.does_${key}`)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
