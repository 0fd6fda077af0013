import type { UploadPurpose, UploadResponse } from '@nearcast/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { DropZone } from './drop-zone';
import { UploadList } from './upload-list';
import { acceptOf, canRetry, formatBytes, limitsOf, refusalOf } from './upload-queue';
import { uploadTemp } from './upload-request';
import { useRefusalText, useUploadQueue } from './use-upload-queue';
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
  const refusalText = useRefusalText();
  const queue = useUploadQueue<UploadResponse, File>({
    admit: (file) => {
      const refusal = refusalOf({ name: file.name, size: file.size }, limits);
      return refusal ? { refusal: refusalText(refusal) } : { entry: file };
    },
    send: (file, sending) => uploadTemp({ file, purpose, ...sending }),
    onUploaded,
    parallel,
  });

  return (
    <div className="nc-uploader" data-testid={testId}>
      <DropZone
        onFiles={queue.add}
        accept={acceptOf(limits)}
        title={t('upload.drop')}
        hint={(id) => (
          <span className="nc-uploader__hint" id={id} data-testid={`${testId}-limits`}>
            {t(`upload.limits_${purpose}`, { formats: limits.formats.join(', ').toUpperCase(), size: formatBytes(limits.maxBytes, language) })}
          </span>
        )}
        testId={`${testId}-zone`}
        inputTestId={`${testId}-input`}
      />
      <UploadList queue={queue} canRetry={(item) => canRetry(item, limits)} itemTestId={`${testId}-item`} />
    </div>
  );
}
