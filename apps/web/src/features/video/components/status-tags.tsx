import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagText } from '../../../components/readable-tag';

const JOB_COLORS: Record<string, string> = {
  queued: 'default',
  uploading: 'processing',
  reviewing: 'warning',
  published: 'cyan',
  approved: 'success',
  failed: 'error',
  unknown: 'default',
};
const POST_COLORS: Record<string, string> = { draft: 'default', scheduled: 'processing', publishing: 'processing', done: 'success', cancelled: 'default' };
const APPROVAL_COLORS: Record<string, string> = { pending: 'warning', approved: 'success', changes_requested: 'error' };
const CONNECTION_COLORS: Record<string, string> = { connected: 'success', expiring: 'warning', needs_reconnect: 'error', not_connected: 'default' };

function StateTag({ group, sub = 'state', state, colors, hint, testId }: { group: string; sub?: string; state: string; colors: Record<string, string>; hint?: string | null; testId: string }) {
  const { t } = useTranslation('video');
  const color = colors[state] ?? 'default';
  const tag = (
    <Tag color={color} variant="filled" className="video-tag" style={readableTagText(color)} data-testid={testId} data-state={state} tabIndex={hint ? 0 : undefined}>
      {t(`${group}.${sub}.${state}`, { defaultValue: state })}
    </Tag>
  );
  return hint ? <Tooltip title={hint}>{tag}</Tooltip> : tag;
}

/** One platform's publish state in the spec's words ("publish success", "reviewing", "all approved"), the platform's reason on hover when it failed. */
export function JobStateTag({ state, reason }: { state: string; reason?: string | null }) {
  const { t } = useTranslation('video');
  const hint = state === 'failed' ? reason : t(`job.state_hint.${state}`, { defaultValue: '' }) || null;
  return <StateTag group="job" state={state} colors={JOB_COLORS} hint={hint} testId="video-job-state" />;
}

export function PostStatusTag({ status }: { status: string }) {
  return <StateTag group="post" sub="status" state={status} colors={POST_COLORS} testId="video-post-status" />;
}

/** The merchant's approval; nothing when the post needs none. */
export function ApprovalTag({ approval }: { approval: string }) {
  if (approval === 'not_required') return null;
  return <StateTag group="post" sub="approval" state={approval} colors={APPROVAL_COLORS} testId="video-post-approval" />;
}

export function ConnectionStateTag({ state }: { state: string }) {
  const { t } = useTranslation('video');
  const hint = t(`connection.state_hint.${state}`, { defaultValue: '' }) || null;
  return <StateTag group="connection" state={state} colors={CONNECTION_COLORS} hint={hint} testId="video-connection-state" />;
}
