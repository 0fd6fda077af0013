import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCRIPT_LIMITS, type PublishTargetName } from '@nearcast/contract';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformName } from '../lib/platform-name';
import { platformsLeft, textLength, type CaptionDraft, type ScriptDraft } from '../lib/script-draft';
import './script-desk.css';

/**
 * The post text each platform gets with the video: one caption and its hashtags per platform,
 * added for the platforms that need their own words (the rest get none).
 */
export function CaptionsEditor({
  draft,
  onChange,
  issues,
  readOnly,
  testId,
}: {
  draft: ScriptDraft;
  onChange: (captions: CaptionDraft[]) => void;
  issues: Record<string, string>;
  readOnly?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('creative');
  const left = platformsLeft(draft);
  const [adding, setAdding] = useState<PublishTargetName | undefined>();
  const next = adding && left.includes(adding) ? adding : left[0];
  const set = (index: number, patch: Partial<CaptionDraft>) => onChange(draft.captions.map((caption, at) => (at === index ? { ...caption, ...patch } : caption)));

  return (
    <div className="cr-captions" data-testid={testId}>
      {draft.captions.length === 0 && <p className="cr-muted">{t('script.captions_none')}</p>}
      <ul className="cr-captions__list">
        {draft.captions.map((caption, index) => {
          const name = platformName(caption.platform, t);
          const captionIssue = issues[`captions.${index}.caption`];
          const hashtagIssue = Object.entries(issues).find(([path]) => path.startsWith(`captions.${index}.hashtags`))?.[1];
          return (
            <li key={caption.platform} className="cr-captions__item" data-testid={`${testId}-${caption.platform}`}>
              <div className="cr-captions__head">
                <span className="cr-captions__platform">{name}</span>
                {!readOnly && (
                  <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => onChange(draft.captions.filter((_, at) => at !== index))} aria-label={t('script.caption_remove', { platform: name })} title={t('script.caption_remove', { platform: name })} />
                )}
              </div>
              <Input.TextArea
                value={caption.caption}
                onChange={(event) => set(index, { caption: event.target.value })}
                autoSize={{ minRows: 2, maxRows: 6 }}
                status={captionIssue || textLength(caption.caption) > SCRIPT_LIMITS.captionMax ? 'error' : undefined}
                count={{ show: true, max: SCRIPT_LIMITS.captionMax }}
                placeholder={t('script.caption_placeholder')}
                aria-label={t('script.caption_for', { platform: name })}
                readOnly={readOnly}
                data-testid={`${testId}-${caption.platform}-caption`}
              />
              {captionIssue && <p className="cr-field-error">{captionIssue}</p>}
              <Select
                mode="tags"
                value={caption.hashtags}
                onChange={(hashtags: string[]) => set(index, { hashtags: hashtags.map((tag) => tag.replace(/^#+/, '').trim()).filter(Boolean) })}
                tokenSeparators={[' ', ',', '#']}
                placeholder={t('script.hashtags_placeholder', { max: SCRIPT_LIMITS.hashtagsMax })}
                aria-label={t('script.hashtags_for', { platform: name })}
                status={hashtagIssue ? 'error' : undefined}
                disabled={readOnly}
                suffixIcon={null}
                data-testid={`${testId}-${caption.platform}-hashtags`}
              />
              {hashtagIssue && <p className="cr-field-error">{hashtagIssue}</p>}
            </li>
          );
        })}
      </ul>
      {!readOnly && next && (
        <div className="cr-captions__add">
          <Select<PublishTargetName>
            value={next}
            onChange={setAdding}
            options={left.map((platform) => ({ value: platform, label: platformName(platform, t) }))}
            aria-label={t('script.caption_platform')}
            className="cr-captions__platform-select"
            data-testid={`${testId}-platform`}
          />
          <Button icon={<PlusOutlined />} onClick={() => onChange([...draft.captions, { platform: next, caption: '', hashtags: [] }])} data-testid={`${testId}-add`}>
            {t('script.caption_add')}
          </Button>
        </div>
      )}
    </div>
  );
}
