import { FOOTAGE_TYPES, type Footage, type FootageType } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { canRetry, DropZone, formatBytes, refusalOf, UploadList, useRefusalText, useUploadQueue } from '../../../components/upload';
import { currentLanguage } from '../../../lib/i18n';
import { materialAccept, materialLimits, materialTypeOf, nameForCheck } from '../lib/media';
import { uploadMaterial } from '../lib/tus-upload';

interface MaterialUploaderProps {
  userId: number;
  /** Called once per file that has become a material (processing). */
  onAdded: (footage: Footage) => void;
  /** How many files travel at once: two keeps a phone's connection from being split too thin. */
  parallel?: number;
}

/** A file the limits let through, with the type it is held to. */
interface Picked {
  file: File;
  type: FootageType;
}

/**
 * Uploading as people do it: several files dropped on a desktop or picked from a phone's
 * camera roll, each type's limits shown before anything is sent, a bar per file, cancel,
 * retry (which continues a broken upload where the server has it), and the server's reason
 * in the user's language when it refuses one.
 */
export function MaterialUploader({ userId, onAdded, parallel = 2 }: MaterialUploaderProps) {
  const { t } = useTranslation('material');
  const language = currentLanguage();
  const refusalText = useRefusalText();
  const queue = useUploadQueue<Footage, Picked>({
    admit: (file) => {
      const type = materialTypeOf(file);
      if (!type) return { refusal: t('upload.unknown_type') };
      const refusal = refusalOf({ name: nameForCheck(file), size: file.size }, materialLimits(type));
      return refusal ? { refusal: refusalText(refusal, (size) => t(`upload.too_large_${type}`, { size })) } : { entry: { file, type } };
    },
    send: ({ file, type }, sending) => uploadMaterial({ file, type, userId, ...sending }),
    onUploaded: onAdded,
    parallel,
  });

  return (
    <div className="nc-uploader material-uploader" data-testid="material-uploader">
      <DropZone
        onFiles={queue.add}
        accept={materialAccept()}
        title={t('upload.drop')}
        hint={(id) => (
          <ul className="material-uploader__limits" id={id} data-testid="material-limits">
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
        )}
        testId="material-drop"
        inputTestId="material-input"
      />
      <UploadList
        queue={queue}
        canRetry={(item) => {
          const picked = queue.entryOf(item);
          return !!picked && canRetry({ ...item, file: { ...item.file, name: nameForCheck(picked.file) } }, materialLimits(picked.type));
        }}
        doneText={t('upload.added')}
        itemTestId="material-upload-item"
      />
    </div>
  );
}
