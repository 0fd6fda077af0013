import type { ContentStatus, ContentType, LiveTimeStatus } from '@nearcast/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOUR: Record<ContentStatus, string> = { draft: 'default', published: 'success', unpublished: 'warning' };
const TYPE_COLOUR: Record<ContentType, string> = { article: 'geekblue', live: 'magenta', landing: 'purple' };
const TIME_COLOUR: Record<LiveTimeStatus, string> = { upcoming: 'cyan', live: 'red', ended: 'default' };

export function StatusTag({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('content');
  return (
    <Tag color={STATUS_COLOUR[status]} data-testid="content-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

export function TypeTag({ type }: { type: ContentType }) {
  const { t } = useTranslation('content');
  return <Tag color={TYPE_COLOUR[type]}>{t(`type.${type}`)}</Tag>;
}

export function LiveTimeTag({ status }: { status: LiveTimeStatus }) {
  const { t } = useTranslation('content');
  return <Tag color={TIME_COLOUR[status]}>{t(`time_status.${status}`)}</Tag>;
}
