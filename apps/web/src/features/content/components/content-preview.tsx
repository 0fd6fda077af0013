import type { ContentType } from '@nearcast/contract';
import type { JSONContent } from '@tiptap/react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import { formatDayTime, weekdayOf } from '../../../lib/date-style';
import type { ContentFormValues } from '../lib/content-form';
import { zonedIso } from '../lib/zoned-time';
import { RichTextView } from './rich-text-editor';

/** The form and the editor's document at the moment the preview opened. */
export interface PreviewSnapshot {
  values: ContentFormValues;
  document: JSONContent | null;
}

interface ContentPreviewProps {
  snapshot: PreviewSnapshot | null;
  onClose: () => void;
  type: ContentType;
  author: string | null;
}

/**
 * The item as a reader would see it, before it is saved or published: the same column and
 * type as the public page. The body is a read-only copy of the editor's document, never an
 * HTML string, so nothing typed or pasted runs here either.
 */
export function ContentPreview({ snapshot, onClose, type, author }: ContentPreviewProps) {
  const { t, i18n } = useTranslation('content');
  if (!snapshot) return null;
  const { values, document } = snapshot;
  const tags = values.tags ?? [];
  const start = type === 'live' && values.start ? zonedIso(values.start, values.time_zone) : null;
  // Spec §9's date style in the event's zone, as the public item page shows it.
  const startText = start ? [weekdayOf(start, i18n.resolvedLanguage, values.time_zone), formatDayTime(start, values.time_zone)].filter(Boolean).join(' ') : null;
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      title={t('preview.title')}
      width={{ xs: '100%', md: 760 }}
      zIndex={DIALOG_Z_INDEX}
      className="nc-modal content-preview"
      destroyOnHidden
    >
      <article className="content-preview__page" data-testid="content-preview-page">
        {values.cover?.url && <img className="content-preview__cover" src={values.cover.url} alt="" />}
        <h1 className="content-preview__title">{values.title || t('preview.untitled')}</h1>
        {values.excerpt && <p className="content-preview__excerpt">{values.excerpt}</p>}
        <p className="content-preview__meta">
          {[author, t(`common:language.${values.language}`), tags.length ? tags.map((tag) => `#${tag}`).join(' ') : null].filter(Boolean).join(' · ')}
        </p>
        {startText && (
          <p className="content-preview__live">
            {t('preview.starts', { time: startText, zone: values.time_zone })}
          </p>
        )}
        {document && <RichTextView content={document} />}
        {type === 'landing' && (
          <p>
            <span className="nc-btn nc-btn--primary">{t('preview.cta')}</span> <span className="content-preview__meta">{values.link || '/plans'}</span>
          </p>
        )}
      </article>
    </Modal>
  );
}
