import { CAPTION_LANGUAGES, VIDEO_CAPTION_MAX, type CaptionLanguage } from '@nearcast/contract';
import { Input, Radio, Select, Tabs } from 'antd';
import type { RadioGroupProps } from 'antd';
import { useTranslation } from 'react-i18next';
import './post-detail.css';

export interface CaptionDraft {
  language: CaptionLanguage;
  caption: string;
  hashtags: string[];
}

export const emptyCaptions = (): CaptionDraft[] => CAPTION_LANGUAGES.map((language) => ({ language, caption: '', hashtags: [] }));

/**
 * The caption and hashtags of each language (spec §1: English, Spanish, Chinese) in one tab
 * each. Works as one antd form control, so the contract's
 * messages for `captions` show under it.
 */
export function CaptionsInput({
  value = emptyCaptions(),
  onChange,
}: {
  value?: CaptionDraft[];
  onChange?: (next: CaptionDraft[]) => void;
}) {
  const { t } = useTranslation('video');
  const set = (language: CaptionLanguage, patch: Partial<CaptionDraft>) =>
    onChange?.(value.map((item) => (item.language === language ? { ...item, ...patch } : item)));
  return (
    <div className="video-captions">
      <Tabs
        size="small"
        items={value.map((item) => ({
          key: item.language,
          label: (
            <span data-testid={`caption-tab-${item.language}`}>
              {t(`language.${item.language}`)}
              {item.caption.trim() ? ' ✓' : ''}
            </span>
          ),
          forceRender: true,
          children: (
            <div className="video-captions__pane">
              <Input.TextArea
                value={item.caption}
                onChange={(event) => set(item.language, { caption: event.target.value })}
                placeholder={t('composer.caption_placeholder')}
                aria-label={`${t('composer.caption')} · ${t(`language.${item.language}`)}`}
                autoSize={{ minRows: 3, maxRows: 8 }}
                maxLength={VIDEO_CAPTION_MAX}
                showCount
                data-testid={`caption-${item.language}`}
              />
              <Select
                mode="tags"
                value={item.hashtags}
                onChange={(hashtags: string[]) => set(item.language, { hashtags: hashtags.map((tag) => tag.replace(/^#+/, '').trim()).filter(Boolean) })}
                tokenSeparators={[' ', ',', '#']}
                placeholder={t('composer.hashtags_placeholder')}
                aria-label={`${t('composer.hashtags')} · ${t(`language.${item.language}`)}`}
                suffixIcon={null}
                data-testid={`hashtags-${item.language}`}
              />
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** Which language's caption the platforms get (an antd form control of its own, so the contract's message for `language` shows under it). */
export function PrimaryLanguageInput({ value, onChange }: { value?: CaptionLanguage; onChange?: RadioGroupProps['onChange'] }) {
  const { t } = useTranslation('video');
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      optionType="button"
      size="small"
      data-testid="caption-primary"
      options={CAPTION_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
