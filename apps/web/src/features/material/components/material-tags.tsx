import { AudioOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { FootageStatus, FootageType, FootageUsage } from '@nearcast/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagText } from '../../../components/readable-tag';

const STATUS_COLORS: Record<FootageStatus, string> = { processing: 'processing', active: 'success', inactive: 'default', failed: 'error' };
const USAGE_COLORS: Record<FootageUsage, string> = { pending: 'default', completed: 'success', failed: 'error' };

export const TYPE_ICONS: Record<FootageType, typeof VideoCameraOutlined> = { video: VideoCameraOutlined, image: PictureOutlined, audio: AudioOutlined };

/** Material status (spec §4): processing, active, inactive, and failed with its reason on hover. */
export function MaterialStatusTag({ status, reason }: { status: FootageStatus; reason?: string | null }) {
  const { t } = useTranslation('material');
  const tag = (
    <Tag color={STATUS_COLORS[status]} variant="filled" className={reason ? 'material-tag material-tag--explained' : 'material-tag'} style={readableTagText(STATUS_COLORS[status])} data-testid="material-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

/** What the studio made of it (spec §4 client material detail): pending, completed, failed. */
export function MaterialUsageTag({ usage }: { usage: FootageUsage }) {
  const { t } = useTranslation('material');
  return (
    <Tag color={USAGE_COLORS[usage]} variant="filled" className="material-tag" style={readableTagText(USAGE_COLORS[usage])} data-testid="material-usage" data-usage={usage}>
      {t(`usage.${usage}`)}
    </Tag>
  );
}

export function MaterialTypeLabel({ type }: { type: FootageType }) {
  const { t } = useTranslation('material');
  const Icon = TYPE_ICONS[type];
  return (
    <span className="material-type">
      <Icon aria-hidden="true" /> {t(`type.${type}`)}
    </span>
  );
}
