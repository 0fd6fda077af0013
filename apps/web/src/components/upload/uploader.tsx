import { CloseOutlined, CloudUploadOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UploadPurpose, UploadResponse } from '@nearcast/contract';
import { Button, Progress } from 'antd';
import { useEffect, useId, useMemo, useReducer, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import {
  acceptOf,
  canRetry,
  formatBytes,
  itemFor,
  limitsOf,
  nextToStart,
  percentOf,
  reduceUploads,
  refusalOf,
  type Refusal,
  type UploadItem,
} from './upload-queue';
import { isCancel, uploadTemp } from './upload-request';
import './uploader.css';

interface UploaderProps {
  purpose: UploadPurpose;
  /** Called once per file the server has stored (a temporary upload until something claims it). */
  onUploaded?: (upload: UploadResponse) => void;
  /** How many files travel at once. */
  parallel?: number;
  testId?: string;
}

/**
 * The one upload control (spec §7 "/v1/base/oss/temp"): drop or pick several files, see the
 * limits before sending, follow each file's progress, cancel one (a cancel is not a failure and
 * says nothing), retry one that failed, and read why in the user's language.
 */
export function Uploader({ purpose, onUploaded, parallel = 2, testId = 'uploader' }: UploaderProps) {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  const limits = useMemo(() => limitsOf(purpose), [purpose]);
  const [items, dispatch] = useReducer(reduceUploads, []);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const hintId = useId();
  const titleId = useId();
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const refusalText = (refusal: Refusal) =>
    refusal.reason === 'too_large'
      ? t('upload.too_large', { size: formatBytes(refusal.maxBytes, language) })
      : refusal.reason === 'empty'
        ? t('upload.empty')
        : t('upload.wrong_type', { formats: refusal.formats.join(', ').toUpperCase() });

  const add = (picked: FileList | null) => {
    if (!picked || picked.length === 0) return;
    const added = Array.from(picked).map((file) => {
      const refusal = refusalOf({ name: file.name, size: file.size }, limits);
      const item = itemFor({ name: file.name, size: file.size }, refusal ? refusalText(refusal) : null);
      files.current.set(item.id, file);
      return item;
    });
    dispatch({ type: 'added', items: added });
  };

  // Start what may start whenever the queue changes.
  useEffect(() => {
    for (const item of nextToStart(items, parallel)) {
      const file = files.current.get(item.id);
      // Already on its way (an effect that runs twice must not send a file twice).
      if (!file || controllers.current.has(item.id)) continue;
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ type: 'started', id: item.id });
      uploadTemp({ file, purpose, signal: controller.signal, onProgress: (loaded) => dispatch({ type: 'progress', id: item.id, loaded }) })
        .then((result) => {
          dispatch({ type: 'done', id: item.id, result });
          onUploadedRef.current?.(result);
        })
        .catch((error: unknown) => {
          if (isCancel(error)) return;
          const message = error instanceof ApiError ? error.msg : t('upload.failed');
          dispatch({ type: 'failed', id: item.id, error: message });
          notifyError(t('upload.failed_named', { name: item.file.name, reason: message }));
        })
        .finally(() => controllers.current.delete(item.id));
    }
  }, [items, parallel, purpose, t]);

  // Leaving the page cancels what is still travelling.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const cancel = (item: UploadItem) => {
    controllers.current.get(item.id)?.abort();
    dispatch({ type: 'cancelled', id: item.id });
  };
  const remove = (item: UploadItem) => {
    files.current.delete(item.id);
    dispatch({ type: 'removed', id: item.id });
  };

  const open = () => input.current?.click();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <div className="nc-uploader" data-testid={testId}>
      <div
        className={dragging ? 'nc-uploader__zone nc-uploader__zone--over' : 'nc-uploader__zone'}
        role="button"
        tabIndex={0}
        // Named by its title alone: named by its content, the hint was read twice.
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`${testId}-zone`}
      >
        <CloudUploadOutlined className="nc-uploader__icon" aria-hidden="true" />
        <span className="nc-uploader__title" id={titleId}>
          {t('upload.drop')}
        </span>
        <span className="nc-uploader__hint" id={hintId} data-testid={`${testId}-limits`}>
          {t(`upload.limits_${purpose}`, { formats: limits.formats.join(', ').toUpperCase(), size: formatBytes(limits.maxBytes, language) })}
        </span>
      </div>
      {/* Beside the drop zone, not in it: an input inside a role=button is a nested control. */}
      <input
        ref={input}
        type="file"
        multiple
        accept={acceptOf(limits)}
        className="nc-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
        data-testid={`${testId}-input`}
      />
      {items.length > 0 && (
        <ul className="nc-uploader__list" aria-live="polite">
          {items.map((item) => (
            <li key={item.id} className={`nc-uploader__item nc-uploader__item--${item.status}`} data-testid={`${testId}-item`} data-status={item.status}>
              <div className="nc-uploader__row">
                <span className="nc-uploader__name" title={item.file.name}>
                  {item.file.name}
                </span>
                <span className="nc-uploader__size">{formatBytes(item.file.size, language)}</span>
                <span className="nc-uploader__actions">
                  {(item.status === 'uploading' || item.status === 'queued') && (
                    <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => cancel(item)} aria-label={t('upload.cancel_named', { name: item.file.name })} data-testid="upload-cancel">
                      {t('actions.cancel')}
                    </Button>
                  )}
                  {canRetry(item, limits) && (
                    <Button size="small" type="text" icon={<ReloadOutlined />} onClick={() => dispatch({ type: 'retried', id: item.id })} aria-label={t('upload.retry_named', { name: item.file.name })} data-testid="upload-retry">
                      {t('actions.retry')}
                    </Button>
                  )}
                  {item.status !== 'uploading' && item.status !== 'queued' && (
                    <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => remove(item)} aria-label={t('upload.remove_named', { name: item.file.name })} title={t('upload.remove_named', { name: item.file.name })} data-testid="upload-remove" />
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
                {item.status === 'failed' ? item.error : t(`upload.status.${item.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
