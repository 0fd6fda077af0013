import { CloseOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes, percentOf, type UploadItem } from './upload-queue';
import type { UploadQueue } from './use-upload-queue';
import './uploader.css';

interface UploadListProps<R, E> {
  queue: UploadQueue<R, E>;
  /** Whether a retry makes sense: a file refused by its limits fails the same way again. */
  canRetry: (item: UploadItem<R>) => boolean;
  /** What a finished file says, where a control has more to say than "uploaded". */
  doneText?: string;
  itemTestId: string;
}

/** The files of a queue, each with its size, bar, status (or the reason it failed) and its actions. */
export function UploadList<R, E>({ queue, canRetry, doneText, itemTestId }: UploadListProps<R, E>) {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  if (queue.items.length === 0) return null;

  const statusText = (item: UploadItem<R>) => {
    if (item.status === 'failed') return item.error;
    if (item.status === 'done' && doneText !== undefined) return doneText;
    return t(`upload.status.${item.status}`);
  };

  return (
    <ul className="nc-uploader__list" aria-live="polite">
      {queue.items.map((item) => (
        <li key={item.id} className={`nc-uploader__item nc-uploader__item--${item.status}`} data-testid={itemTestId} data-status={item.status} data-name={item.file.name}>
          <div className="nc-uploader__row">
            <span className="nc-uploader__name" title={item.file.name}>
              {item.file.name}
            </span>
            <span className="nc-uploader__size">{formatBytes(item.file.size, language)}</span>
            <span className="nc-uploader__actions">
              {(item.status === 'uploading' || item.status === 'queued') && (
                <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => queue.cancel(item)} aria-label={t('upload.cancel_named', { name: item.file.name })} data-testid="upload-cancel">
                  {t('actions.cancel')}
                </Button>
              )}
              {/* A file refused when it was picked was never admitted: there is nothing to send again. */}
              {queue.entryOf(item) !== undefined && canRetry(item) && (
                <Button size="small" type="text" icon={<ReloadOutlined />} onClick={() => queue.retry(item)} aria-label={t('upload.retry_named', { name: item.file.name })} data-testid="upload-retry">
                  {t('actions.retry')}
                </Button>
              )}
              {item.status !== 'uploading' && item.status !== 'queued' && (
                <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => queue.remove(item)} aria-label={t('upload.remove_named', { name: item.file.name })} title={t('upload.remove_named', { name: item.file.name })} data-testid="upload-remove" />
              )}
            </span>
          </div>
          <Progress
            percent={percentOf(item)}
            size="small"
            status={item.status === 'failed' ? 'exception' : item.status === 'done' ? 'success' : item.status === 'uploading' ? 'active' : 'normal'}
            showInfo={item.status !== 'cancelled'}
            aria-label={t('upload.progress_named', { name: item.file.name })}
          />
          <span className="nc-uploader__status" data-testid="upload-status">
            {statusText(item)}
          </span>
        </li>
      ))}
    </ul>
  );
}
