import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadPurpose } from '@nearcast/contract';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptOf, formatBytes, isCancel, limitsOf, refusalOf, uploadTemp } from '../../../components/upload';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { FormFile } from '../lib/content-form';

interface UploadFieldProps {
  purpose: Extract<UploadPurpose, 'image' | 'video'>;
  value?: FormFile | null;
  onChange?: (value: FormFile | null) => void;
  testId: string;
  label: string;
}

/**
 * One file for one field (a cover, a lesson's video): pick, watch it travel, see it, replace
 * or remove it. The file goes to /v1/base/oss/temp at once; the item claims it when saved.
 */
export function UploadField({ purpose, value, onChange, testId, label }: UploadFieldProps) {
  const { t } = useTranslation('content');
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limits = limitsOf(purpose);
  const language = currentLanguage();

  useEffect(() => () => controller.current?.abort(), []);

  const pick = async (file: File) => {
    setError(null);
    const refusal = refusalOf({ name: file.name, size: file.size }, limits);
    if (refusal) {
      setError(
        refusal.reason === 'too_large'
          ? t('common:upload.too_large', { size: formatBytes(refusal.maxBytes, language) })
          : refusal.reason === 'empty'
            ? t('common:upload.empty')
            : t('common:upload.wrong_type', { formats: limits.formats.join(', ').toUpperCase() }),
      );
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      const upload = await uploadTemp({
        file,
        purpose,
        signal: current.signal,
        onProgress: (loaded) => setProgress(Math.min(99, Math.round((loaded / Math.max(file.size, 1)) * 100))),
      });
      onChange?.({ id: upload.id, url: upload.url, name: file.name });
    } catch (failure) {
      if (!isCancel(failure)) setError(failure instanceof ApiError ? failure.msg : t('common:upload.failed'));
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  };

  return (
    <div className="content-upload" data-testid={testId}>
      {value?.url && purpose === 'image' && <img className="content-upload__image" src={value.url} alt={label} data-testid={`${testId}-preview`} />}
      {value && purpose === 'video' && (
        <p className="content-upload__file" data-testid={`${testId}-preview`}>
          {value.name ?? t('editor.video_attached')}
        </p>
      )}
      {progress !== null && <Progress percent={progress} size="small" status="active" aria-label={t('editor.uploading')} />}
      <div className="content-upload__actions">
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={progress !== null} data-testid={`${testId}-pick`}>
          {value ? t('editor.replace') : t('editor.upload')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} type="text" danger onClick={() => onChange?.(null)} aria-label={t('editor.remove_named', { name: label })} data-testid={`${testId}-remove`}>
            {t('editor.remove')}
          </Button>
        )}
      </div>
      <p className={error ? 'content-upload__hint content-upload__hint--error' : 'content-upload__hint'} role={error ? 'alert' : undefined}>
        {error ?? t('editor.file_limits', { formats: limits.formats.join(', ').toUpperCase(), size: formatBytes(limits.maxBytes, language) })}
      </p>
      <input
        ref={input}
        type="file"
        accept={acceptOf(limits)}
        className="nc-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void pick(file);
        }}
      />
    </div>
  );
}
