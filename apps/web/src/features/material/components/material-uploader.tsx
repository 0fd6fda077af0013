import { CloseOutlined, CloudUploadOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { FOOTAGE_TYPES, type Footage, type FootageType } from '@nearcast/contract';
import { Button, Progress } from 'antd';
import { useEffect, useId, useReducer, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canRetry, formatBytes, itemFor, nextToStart, percentOf, reduceUploads, refusalOf, type Refusal, type UploadItem } from '../../../components/upload/upload-queue';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { materialAccept, materialLimits, materialTypeOf, nameForCheck } from '../lib/media';
import { isCancel, uploadMaterial } from '../lib/tus-upload';
import '../../../components/upload/uploader.css';

interface MaterialUploaderProps {
  userId: number;
  /** Called once per file that has become a material (processing). */
  onAdded: (footage: Footage) => void;
  /** How many files travel at once: two keeps a phone's connection from being split too thin. */
  parallel?: number;
}

type Item = UploadItem<Footage>;
const reduce = reduceUploads<Footage>;

/**
 * Uploading as people do it: several files dropped on a desktop or picked from a phone's
 * camera roll, each type's limits shown before anything is sent, a bar per file, cancel,
 * retry (which continues a broken upload where the server has it), and the server's reason
 * in the user's language when it refuses one.
 */
export function MaterialUploader({ userId, onAdded, parallel = 2 }: MaterialUploaderProps) {
  const { t } = useTranslation('material');
  const { t: tc } = useTranslation('common');
  const language = currentLanguage();
  const [items, dispatch] = useReducer(reduce, []);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const files = useRef(new Map<string, { file: File; type: FootageType | null }>());
  const controllers = useRef(new Map<string, AbortController>());
  const hintId = useId();
  const onAddedRef = useRef(onAdded);
  onAddedRef.current = onAdded;

  const refusalText = (refusal: Refusal | null, type: FootageType | null) => {
    if (!type) return t('upload.unknown_type');
    if (!refusal) return null;
    if (refusal.reason === 'too_large') return t(`upload.too_large_${type}`, { size: formatBytes(refusal.maxBytes, language) });
    if (refusal.reason === 'empty') return tc('upload.empty');
    return tc('upload.wrong_type', { formats: refusal.formats.join(', ').toUpperCase() });
  };

  const add = (picked: FileList | null) => {
    if (!picked || picked.length === 0) return;
    const added = Array.from(picked).map((file) => {
      const type = materialTypeOf(file);
      const facts = { name: file.name, size: file.size };
      const refusal = type ? refusalOf({ ...facts, name: nameForCheck(file) }, materialLimits(type)) : null;
      const item = itemFor<Footage>(facts, refusalText(refusal, type));
      files.current.set(item.id, { file, type });
      return item;
    });
    dispatch({ type: 'added', items: added });
  };

  // Start what may start whenever the queue changes.
  useEffect(() => {
    for (const item of nextToStart(items, parallel)) {
      const entry = files.current.get(item.id);
      // Already on its way (an effect that runs twice must not send a file twice).
      if (!entry?.type || controllers.current.has(item.id)) continue;
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ type: 'started', id: item.id });
      uploadMaterial({
        file: entry.file,
        type: entry.type,
        userId,
        signal: controller.signal,
        onProgress: (loaded) => dispatch({ type: 'progress', id: item.id, loaded }),
      })
        .then((footage) => {
          dispatch({ type: 'done', id: item.id, result: footage });
          onAddedRef.current(footage);
        })
        .catch((error: unknown) => {
          if (isCancel(error)) return;
          const message = error instanceof ApiError ? error.msg : tc('upload.failed');
          dispatch({ type: 'failed', id: item.id, error: message });
          notifyError(tc('upload.failed_named', { name: item.file.name, reason: message }));
        })
        .finally(() => controllers.current.delete(item.id));
    }
  }, [items, parallel, userId, tc]);

  // Leaving the page stops what is still travelling; the same file picked again later resumes.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const cancel = (item: Item) => {
    controllers.current.get(item.id)?.abort();
    dispatch({ type: 'cancelled', id: item.id });
  };
  const remove = (item: Item) => {
    files.current.delete(item.id);
    dispatch({ type: 'removed', id: item.id });
  };
  const retryable = (item: Item) => {
    const type = files.current.get(item.id)?.type;
    return !!type && canRetry({ ...item, file: { ...item.file, name: nameForCheck(files.current.get(item.id)!.file) } }, materialLimits(type));
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

  const statusText = (item: Item) => {
    if (item.status === 'failed') return item.error;
    if (item.status === 'done') return t('upload.added');
    return tc(`upload.status.${item.status}`);
  };

  return (
    <div className="nc-uploader material-uploader" data-testid="material-uploader">
      <div
        className={dragging ? 'nc-uploader__zone nc-uploader__zone--over' : 'nc-uploader__zone'}
        role="button"
        tabIndex={0}
        aria-describedby={hintId}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="material-drop"
      >
        <CloudUploadOutlined className="nc-uploader__icon" aria-hidden="true" />
        <span className="nc-uploader__title">{t('upload.drop')}</span>
        <ul className="material-uploader__limits" id={hintId} data-testid="material-limits">
          {FOOTAGE_TYPES.map((type) => {
            const limits = materialLimits(type);
            return (
              <li key={type} data-testid={`material-limit-${type}`}>
                {t(limits.maxSeconds ? `upload.limit_${type}_long` : `upload.limit_${type}`, {
                  formats: limits.formats.join(', ').toUpperCase(),
                  size: formatBytes(limits.maxBytes, language),
                  minutes: limits.maxSeconds ? Math.round(limits.maxSeconds / 60) : 0,
                })}
              </li>
            );
          })}
        </ul>
      </div>
      {/* Beside the zone, not inside it: a button may not hold another control. */}
      <input
        ref={input}
        type="file"
        multiple
        accept={materialAccept()}
        className="nc-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
        data-testid="material-input"
      />
      {items.length > 0 && (
        <ul className="nc-uploader__list" aria-live="polite">
          {items.map((item) => (
            <li key={item.id} className={`nc-uploader__item nc-uploader__item--${item.status}`} data-testid="material-upload-item" data-status={item.status} data-name={item.file.name}>
              <div className="nc-uploader__row">
                <span className="nc-uploader__name" title={item.file.name}>
                  {item.file.name}
                </span>
                <span className="nc-uploader__size">{formatBytes(item.file.size, language)}</span>
                <span className="nc-uploader__actions">
                  {(item.status === 'uploading' || item.status === 'queued') && (
                    <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => cancel(item)} aria-label={tc('upload.cancel_named', { name: item.file.name })} data-testid="upload-cancel">
                      {tc('actions.cancel')}
                    </Button>
                  )}
                  {retryable(item) && (
                    <Button size="small" type="text" icon={<ReloadOutlined />} onClick={() => dispatch({ type: 'retried', id: item.id })} aria-label={tc('upload.retry_named', { name: item.file.name })} data-testid="upload-retry">
                      {tc('actions.retry')}
                    </Button>
                  )}
                  {item.status !== 'uploading' && item.status !== 'queued' && (
                    <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => remove(item)} aria-label={tc('upload.remove_named', { name: item.file.name })} title={tc('upload.remove_named', { name: item.file.name })} data-testid="upload-remove" />
                  )}
                </span>
              </div>
              <Progress
                percent={percentOf(item)}
                size="small"
                status={item.status === 'failed' ? 'exception' : item.status === 'done' ? 'success' : item.status === 'uploading' ? 'active' : 'normal'}
                showInfo={item.status !== 'cancelled'}
                aria-label={tc('upload.progress_named', { name: item.file.name })}
              />
              <span className="nc-uploader__status" data-testid="upload-status">
                {statusText(item)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
