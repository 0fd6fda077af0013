import { CalendarOutlined, CheckOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { REVIEW_STATES, SCRIPT_LANGUAGES, type Render, type ReviewState, type ScriptLanguage } from '@nearcast/contract';
import { Button, Checkbox, DatePicker, Segmented, Select, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { useQueryClient } from '@tanstack/react-query';
import { isAbort } from '../../../lib/api-client';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError } from '../../../lib/notify';
import { rejectDraft } from '../api/decide-draft';
import { bulkApprove, refreshAfterDecisions, useMerchantZones, useRetryRender, useReviewQueue } from '../api/review-queue';
import { idsOf, useDecisionQueue, type Decision } from '../lib/decision-queue';
import { downloadName } from '../lib/download-name';
import { useOpenInDesk } from '../lib/open-in-desk';
import { RenderCard, type RenderActions } from './render-card';
import { ReviewMode } from './review-mode';
import { UndoBar } from './undo-bar';
import './review.css';

/** The whole morning fits one page: 20 merchants × 5 drafts. */
const QUEUE_PAGE_SIZE = 100;

/**
 * What waits for the studio across all its merchants, oldest plan day first: the drafts to
 * review, the renders that failed, and the posts a merchant sent back. Chips count each
 * merchant's share and filter by it; a review mode takes the drafts one by one with the
 * keyboard; several can be approved at once. Every decision waits 10 s for an Undo before it is
 * sent. The merchant filter is the page's (`?merchant=`), so the other tabs follow it.
 */
export function ReviewQueue({ canAct, merchant, onMerchantChange }: { canAct: boolean; merchant: number | null; onMerchantChange: (merchant: number | null) => void }) {
  const { t } = useTranslation('creative');
  const queryClient = useQueryClient();
  const [review, setReview] = useState<ReviewState>('pending');
  const [language, setLanguage] = useState<ScriptLanguage | undefined>();
  const [date, setDate] = useState<string | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [reviewing, setReviewing] = useState<{ index: number; rejecting: boolean } | null>(null);
  const queue = useReviewQueue({ review, merchant_id: merchant ?? undefined, language, date, sort: 'plan_day', page: 1, page_size: QUEUE_PAGE_SIZE });
  const retry = useRetryRender();
  const openInDesk = useOpenInDesk();
  const counts = queue.data?.by_merchant ?? [];
  const zones = useMerchantZones(counts.map((count) => count.merchant_id));

  const fail = (message: string, error: unknown) => {
    if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(message, error));
  };
  // Drafts whose decision has been sent: the list in hand still says they are pending until it is
  // fetched again, and shown again meanwhile one would come back under the reviewer's next key
  // (and be decided twice). Taken out of the set again when the server refused the decision.
  const [sent, setSent] = useState<ReadonlySet<number>>(new Set());
  const send = async (decision: Decision) => {
    const ids = idsOf(decision);
    setSent((current) => new Set([...current, ...ids]));
    let back: number[] = [];
    try {
      if (decision.kind === 'approve') {
        const { results } = await bulkApprove({ ids: decision.ids });
        const refused = results.filter((result) => !result.ok);
        back = refused.map((result) => result.id);
        if (refused.length > 0) notifyError(t('queue.approve_refused', { count: refused.length, reason: refused[0]?.error?.message ?? '' }));
      } else {
        await rejectDraft({ id: decision.id, reason: decision.reason });
      }
    } catch (error) {
      back = ids;
      fail(t(decision.kind === 'approve' ? 'approve.failed' : 'reject.failed'), error);
    }
    if (back.length > 0)
      setSent((current) => {
        const next = new Set(current);
        for (const id of back) next.delete(id);
        return next;
      });
    await refreshAfterDecisions(queryClient);
  };
  const decisions = useDecisionQueue(send);
  const visible = (queue.data?.list ?? []).filter((render) => !decisions.held.has(render.id) && !(sent.has(render.id) && render.draft === 'pending'));
  const titleOf = (render: Render) => render.script.title || t('scripts.untitled');
  const approve = (renders: readonly Render[]) => {
    if (renders.length === 0) return;
    decisions.decide({ kind: 'approve', ids: renders.map((render) => render.id), label: titleOf(renders[0]!) });
    setSelected(new Set());
  };
  const pendingOnes = visible.filter((render) => render.state === 'done' && render.draft === 'pending');
  const picked = pendingOnes.filter((render) => selected.has(render.id));
  const total = counts.reduce((sum, count) => sum + count[review], 0);
  const totalOf = (state: ReviewState) => counts.reduce((sum, count) => sum + count[state], 0);

  const handlers: RenderActions = {
    onPreview: (render) => setReviewing({ index: Math.max(0, visible.indexOf(render)), rejecting: false }),
    downloadName: (render) => downloadName(render, queue.data?.list ?? [], zones.get(render.merchant_id)),
    ...(canAct
      ? {
          onApprove: (render: Render) => approve([render]),
          onReject: (render: Render) => setReviewing({ index: Math.max(0, visible.indexOf(render)), rejecting: true }),
          onEdit: (render: Render) => void openInDesk(render),
          onRetry: (render: Render) => retry.mutate(render.id, { onError: (error) => fail(t('card.retry_failed'), error) }),
          onSelect: (render: Render, on: boolean) =>
            setSelected((current) => {
              const next = new Set(current);
              if (on) next.add(render.id);
              else next.delete(render.id);
              return next;
            }),
        }
      : {}),
  };

  // The cards take their handlers through one object that stays the same while the queue is
  // open (each call goes to this render's handler), and their list through a deferred copy: a
  // key in the review mode moves the mode on at once, and the hundred cards behind it are drawn
  // again after, at low priority, rather than before the next video may start.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const actions = useMemo(() => stableActions(latest, canAct), [canAct]);
  const deferred = useDeferredValue(visible);
  // The first cards of a list are drawn at once: there is nothing older to show meanwhile.
  const cards = deferred.length === 0 ? visible : deferred;

  let body;
  if (queue.isPending) body = <QueueSkeleton />;
  else if (queue.isError) body = <LoadFailed error={queue.error} title={t('queue.load_failed')} onRetry={() => void queue.refetch()} testId="queue-error" retryTestId="queue-retry" />;
  else if (visible.length === 0) body = <ListEmpty title={t(`queue.empty_${review}`)} body={t('queue.empty_body')} testId="queue-empty" />;
  else
    body = (
      <QueueCards renders={cards} actions={actions} selected={selected} zones={zones} busy={queue.isFetching && queue.isPlaceholderData} />
    );

  return (
    <section className="cr-queue" aria-labelledby="cr-queue-title" data-testid="review-queue">
      <div className="cr-queue__head">
        <h2 id="cr-queue-title" className="cr-title">
          {t('queue.title')} <span className="cr-board__count" data-testid="queue-total">{total}</span>
        </h2>
        {canAct && (
          <div className="cr-queue__bulk">
            <Button type="primary" icon={<PlayCircleOutlined />} disabled={visible.length === 0} onClick={() => setReviewing({ index: 0, rejecting: false })} data-testid="queue-start">
              {t('queue.start')}
            </Button>
            {pendingOnes.length > 0 && (
              <Checkbox
                checked={picked.length === pendingOnes.length}
                indeterminate={picked.length > 0 && picked.length < pendingOnes.length}
                onChange={(event) => setSelected(event.target.checked ? new Set(pendingOnes.map((render) => render.id)) : new Set())}
                data-testid="queue-select-all"
              >
                {t('queue.select_all')}
              </Checkbox>
            )}
            {picked.length > 0 && (
              <Button icon={<CheckOutlined />} onClick={() => approve(picked)} data-testid="queue-approve-selected">
                {t('queue.approve_selected', { count: picked.length })}
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="cr-queue__filters">
        <Segmented<ReviewState>
          value={review}
          onChange={(value) => {
            setReview(value);
            setSelected(new Set());
          }}
          options={REVIEW_STATES.map((value) => ({ value, label: <span data-testid={`queue-state-${value}`}>{t(`queue.state_${value}`, { count: totalOf(value) })}</span> }))}
          aria-label={t('queue.state')}
          className="cr-queue__states"
        />
        <Select<ScriptLanguage | 'all'>
          value={language ?? 'all'}
          onChange={(value) => setLanguage(value === 'all' ? undefined : value)}
          options={[{ value: 'all', label: t('queue.all_languages') }, ...SCRIPT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))]}
          aria-label={t('queue.language')}
          popupMatchSelectWidth={false}
          data-testid="queue-language"
        />
        <DatePicker
          value={date ? dayjs(date) : null}
          onChange={(day) => setDate(day ? day.format('YYYY-MM-DD') : undefined)}
          format="YYYY/MM/DD"
          suffixIcon={<CalendarOutlined />}
          placeholder={t('queue.any_day')}
          aria-label={t('queue.day')}
          data-testid="queue-day"
        />
      </div>
      {counts.length > 0 && (
        <div className="cr-queue__chips" role="group" aria-label={t('queue.merchants')} data-testid="queue-chips">
          <Tag.CheckableTag checked={merchant === null} onChange={() => onMerchantChange(null)} data-testid="queue-chip-all">
            {t('queue.all_merchants')} <span className="cr-board__count">{total}</span>
          </Tag.CheckableTag>
          {counts.map((count) => (
            <Tag.CheckableTag
              key={count.merchant_id}
              checked={merchant === count.merchant_id}
              onChange={(on) => onMerchantChange(on ? count.merchant_id : null)}
              data-testid={`queue-chip-${count.merchant_id}`}
            >
              {count.merchant_name} <span className="cr-board__count">{count[review]}</span>
            </Tag.CheckableTag>
          ))}
        </div>
      )}
      {body}
      <ReviewMode
        renders={reviewing ? visible : []}
        index={reviewing?.index ?? 0}
        onIndex={(index) => setReviewing((current) => (current ? { ...current, index } : current))}
        rejecting={reviewing?.rejecting ?? false}
        onRejecting={(rejecting) => setReviewing((current) => (current ? { ...current, rejecting } : current))}
        onApprove={(render) => approve([render])}
        onReject={(render, reason) => decisions.decide({ kind: 'reject', id: render.id, reason, label: titleOf(render) })}
        onEdit={(render) => {
          setReviewing(null);
          void openInDesk(render);
        }}
        onClose={() => setReviewing(null)}
        canAct={canAct}
      />
      <UndoBar pending={decisions.pending} onUndo={decisions.undo} />
    </section>
  );
}

/** The queue's handlers, each calling the latest render's (`latest`); which ones exist depends only on `canAct`. */
function stableActions(latest: { readonly current: RenderActions }, canAct: boolean): RenderActions {
  const now = () => latest.current;
  return {
    onPreview: (render) => now().onPreview(render),
    downloadName: (render) => now().downloadName?.(render) ?? '',
    ...(canAct
      ? {
          onApprove: (render: Render) => now().onApprove?.(render),
          onReject: (render: Render) => now().onReject?.(render),
          onEdit: (render: Render) => now().onEdit?.(render),
          onRetry: (render: Render) => now().onRetry?.(render),
          onSelect: (render: Render, on: boolean) => now().onSelect?.(render, on),
        }
      : {}),
  };
}

interface QueueCardsProps {
  renders: readonly Render[];
  actions: RenderActions;
  selected: ReadonlySet<number>;
  zones: ReadonlyMap<number, string>;
  busy: boolean;
}

/** The cards, drawn again only when what they show changes. */
const QueueCards = memo(function QueueCards({ renders, actions, selected, zones, busy }: QueueCardsProps) {
  const withSelection = useMemo<RenderActions>(() => (actions.onSelect ? { ...actions, isSelected: (render) => selected.has(render.id) } : actions), [actions, selected]);
  return (
    <ul className="cr-queue__cards" aria-busy={busy} data-testid="queue-cards">
      {renders.map((render) => (
        <RenderCard key={render.id} render={render} actions={withSelection} timeZone={zones.get(render.merchant_id)} showMerchant />
      ))}
    </ul>
  );
});

function QueueSkeleton() {
  return (
    <ul className="cr-queue__cards" aria-busy="true" data-testid="queue-loading">
      {[0, 1, 2, 3].map((index) => (
        <li key={index} className="cr-render">
          <Skeleton.Node active className="cr-render__cover" />
          <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 2, width: ['50%', '90%'] }} className="cr-render__body" />
        </li>
      ))}
    </ul>
  );
}
