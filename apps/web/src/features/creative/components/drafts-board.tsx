import { CalendarOutlined } from '@ant-design/icons';
import type { Render } from '@nearcast/contract';
import { Button, DatePicker, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { isAbort } from '../../../lib/api-client';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { formatDate } from '../../../lib/format-date';
import { notifyError } from '../../../lib/notify';
import { useCancelRender } from '../api/cancel-render';
import { useRenders } from '../api/list-renders';
import { useRetryRender } from '../api/review-queue';
import { BOARD_COLUMNS, groupRenders } from '../lib/renders';
import { useLiveRenders } from '../lib/use-live-renders';
import { ApproveModal, RejectModal } from './decision-modals';
import { DraftPreview } from './draft-preview';
import { RenderCard, type RenderActions } from './render-card';

/** A day holds the plan's ten at most and a few by hand: one page shows them all. */
const DAY_PAGE_SIZE = 100;

interface DraftsBoardProps {
  merchantId: number;
  /** The day shown (YYYY-MM-DD): the plan's day, or the day a render by hand was asked for. */
  date: string;
  onDateChange: (date: string) => void;
  /** The merchant's today, for the "today" button. */
  today: string;
  /** Studio and staff: cancel, approve, reject. An operator reads. */
  canAct: boolean;
  /** What the empty day says about the daily plan, and the way to it. */
  planHint: ReactNode;
  postLink?: (postId: number) => ReactNode;
  /** The merchant's zone: the cards' times read in it, labelled. */
  timeZone?: string;
  /** "Edit and render again" on every settled card. */
  onEdit?: (render: Render) => void;
  /** The file name a finished video downloads as, from the day's list (each done card links its `download_url` regardless). */
  downloadName?: (render: Render, day: readonly Render[]) => string;
}

/**
 * A merchant's videos of one day as a board: being made (with a live bar), waiting for the
 * studio, approved, turned down, and failed or cancelled (with the reason). A finished one plays
 * in a preview; the studio approves it into a post or turns it down with a reason.
 */
export function DraftsBoard({ merchantId, date, onDateChange, today, canAct, planHint, postLink, timeZone, onEdit, downloadName }: DraftsBoardProps) {
  const { t } = useTranslation('creative');
  const renders = useRenders({ merchant_id: merchantId, date, page: 1, page_size: DAY_PAGE_SIZE });
  const list = renders.data?.list ?? [];
  useLiveRenders(list, renders.dataUpdatedAt, merchantId);
  const [preview, setPreview] = useState<number | null>(null);
  const [approving, setApproving] = useState<Render | null>(null);
  const [rejecting, setRejecting] = useState<Render | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const cancel = useCancelRender();
  const retry = useRetryRender();

  const actions: RenderActions = {
    onPreview: (render) => setPreview(render.id),
    postLink,
    ...(downloadName ? { downloadName: (render: Render) => downloadName(render, list) } : {}),
    ...(canAct
      ? {
          onEdit,
          onRetry: (render: Render) =>
            retry.mutate(render.id, {
              onError: (error) => {
                if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(t('card.retry_failed'), error));
              },
            }),
          onApprove: (render: Render) => {
            setPreview(null);
            setApproving(render);
          },
          approveOpensOptions: true,
          onReject: (render: Render) => {
            setPreview(null);
            setRejecting(render);
          },
          onCancel: (render: Render) =>
            confirm({
              title: t('board.cancel_title', { title: render.script.title || t('scripts.untitled') }),
              body: t('board.cancel_body'),
              okText: t('board.cancel'),
              danger: true,
              onOk: () =>
                cancel.mutateAsync(render.id).catch((error: unknown) => {
                  if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(t('board.cancel_failed'), error));
                  throw error;
                }),
            }),
        }
      : {}),
  };

  let body;
  if (renders.isPending) body = <BoardSkeleton />;
  else if (renders.isError) body = <LoadFailed error={renders.error} title={t('board.load_failed')} onRetry={() => void renders.refetch()} testId="board-error" retryTestId="board-retry" />;
  else if (list.length === 0) body = <ListEmpty title={t('board.empty', { date: formatDate(date, 'YYYY/MM/DD') })} body={t('board.empty_body')} action={planHint} testId="board-empty" />;
  else {
    const groups = groupRenders(list);
    body = (
      <div className="cr-board__columns" aria-busy={renders.isFetching && renders.isPlaceholderData}>
        {BOARD_COLUMNS.filter((column) => groups[column].length > 0).map((column) => (
          <section key={column} className="cr-board__column" aria-labelledby={`cr-column-${column}`} data-testid={`board-${column}`}>
            <h3 id={`cr-column-${column}`} className="cr-board__column-title">
              {t(`board.column_${column}`)} <span className="cr-board__count">{groups[column].length}</span>
            </h3>
            <ul className="cr-board__cards">
              {groups[column].map((render) => (
                <RenderCard key={render.id} render={render} actions={actions} timeZone={timeZone} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }

  return (
    <section className="cr-board" aria-labelledby="cr-board-title" data-testid="drafts-board">
      <div className="cr-board__head">
        <h2 id="cr-board-title" className="cr-title">
          {t('board.title')}
        </h2>
        <div className="cr-board__filters">
          <DatePicker
            value={dayjs(date)}
            onChange={(day) => day && onDateChange(day.format('YYYY-MM-DD'))}
            allowClear={false}
            format="YYYY/MM/DD"
            suffixIcon={<CalendarOutlined />}
            aria-label={t('board.date')}
            data-testid="board-date"
          />
          <Button onClick={() => onDateChange(today)} disabled={date === today} data-testid="board-today">
            {t('board.today')}
          </Button>
        </div>
      </div>
      {body}
      <DraftPreview render={list.find((render) => render.id === preview) ?? null} onClose={() => setPreview(null)} actions={actions} />
      {canAct && <ApproveModal render={approving} onClose={() => setApproving(null)} />}
      {canAct && <RejectModal render={rejecting} onClose={() => setRejecting(null)} />}
      {confirmDialog}
    </section>
  );
}

function BoardSkeleton() {
  return (
    <ul className="cr-board__cards" aria-busy="true" data-testid="board-loading">
      {[0, 1, 2].map((index) => (
        <li key={index} className="cr-render">
          <Skeleton.Node active className="cr-render__cover" />
          <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 2, width: ['50%', '90%'] }} className="cr-render__body" />
        </li>
      ))}
    </ul>
  );
}
