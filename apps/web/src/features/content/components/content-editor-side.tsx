import { GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, LIVE_DURATION_MAX_MINUTES, type ContentItem, type ContentType, type Language } from '@nearcast/contract';
import { Button, Card, DatePicker, Descriptions, Dropdown, Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { useContent } from '../api/get-content';
import { timeZones } from '../lib/zoned-time';
import { StatusTag } from './content-tags';
import type { NewItem } from '../lib/content-form';
import { TranslationPicker } from './translation-picker';
import { UploadField } from './upload-field';

/** The editor's side column: the saved item's details, its settings, its translations. */

const WALL = 'YYYY-MM-DDTHH:mm';

/** Who wrote a saved item and when, its public page once published, and its delete button. */
export function ContentDetails({ saved, onDelete }: { saved: ContentItem; onDelete: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Card size="small" title={t('editor.details')} data-testid="content-details">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'author', label: t('fields.author'), children: <span data-testid="content-author">{saved.author.name}</span> },
          { key: 'created', label: t('fields.create_time'), children: formatDate(saved.create_time) },
          { key: 'updated', label: t('fields.update_time'), children: formatDate(saved.update_time) },
          { key: 'published', label: t('fields.publish_time'), children: formatDate(saved.publish_time) },
          ...(saved.status === 'published'
            ? [
                {
                  key: 'public',
                  label: t('fields.public_page'),
                  children: (
                    <a href={`/item/${saved.id}`} target="_blank" rel="noreferrer" data-testid="content-public-link">
                      /item/{saved.id}
                    </a>
                  ),
                },
              ]
            : []),
        ]}
      />
      <div className="content-editor__danger">
        <Button danger onClick={onDelete} data-testid="content-delete">
          {t('actions.delete')}
        </Button>
      </div>
    </Card>
  );
}

/** Language, tags, cover, and what the item's type adds: a live event's time and link, a landing page's link, an article's video. */
export function ContentSettings({ type }: { type: ContentType }) {
  const { t } = useTranslation('content');
  const zones = useMemo(() => timeZones().map((name) => ({ value: name, label: name })), []);
  return (
    <Card size="small" title={t('editor.settings')}>
      <Form.Item name="language" label={t('fields.language')}>
        <Select<Language> options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))} data-testid="content-language" />
      </Form.Item>
      <Form.Item name="tags" label={t('fields.tags')} extra={t('editor.tags_hint')}>
        <Select<string[]> mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} maxCount={10} data-testid="content-tags" aria-label={t('fields.tags')} />
      </Form.Item>
      <Form.Item name="cover" label={t('fields.cover')}>
        <UploadField purpose="image" testId="content-cover" label={t('fields.cover')} />
      </Form.Item>
      {type === 'live' && (
        <>
          <Form.Item
            name="start"
            label={t('fields.start_time')}
            required
            getValueProps={(value: string) => ({ value: value ? dayjs(value, WALL) : null })}
            normalize={(value: dayjs.Dayjs | null) => (value ? value.format(WALL) : '')}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY/MM/DD HH:mm" className="content-wide" data-testid="content-start" />
          </Form.Item>
          <Form.Item name="time_zone" label={t('fields.time_zone')} required>
            <Select showSearch options={zones} data-testid="content-time-zone" />
          </Form.Item>
          <Form.Item name="duration_minutes" label={t('fields.duration')} required>
            <InputNumber min={1} max={LIVE_DURATION_MAX_MINUTES} precision={0} addonAfter={t('editor.minutes')} className="content-wide" data-testid="content-duration" />
          </Form.Item>
          <Form.Item name="link" label={t('fields.live_link')} extra={t('editor.live_link_hint')}>
            <Input placeholder="https://" data-testid="content-link" />
          </Form.Item>
        </>
      )}
      {type === 'landing' && (
        <Form.Item name="link" label={t('fields.page_link')} extra={t('editor.page_link_hint')}>
          <Input placeholder="/plans" data-testid="content-link" />
        </Form.Item>
      )}
      {type === 'article' && (
        <Form.Item name="video" label={t('fields.video')} extra={t('editor.video_upload_hint')}>
          <UploadField purpose="video" testId="content-video" label={t('fields.video')} />
        </Form.Item>
      )}
    </Card>
  );
}

interface TranslationsProps {
  type: ContentType;
  saved: ContentItem | null;
  draft: NewItem | null;
  onOpen: (id: number) => void;
  onCreate: (item: NewItem) => void;
}

/** The item's other languages: open one, add a missing one, or name the item this one translates. */
export function ContentTranslations({ type, saved, draft, onOpen, onCreate }: TranslationsProps) {
  const { t } = useTranslation('content');
  const missingLanguages = LANGUAGES.filter((language) => language !== saved?.language && !saved?.translations.some((tr) => tr.language === language));
  return (
    <Card size="small" title={t('editor.translations')} data-testid="content-translations">
      {saved && saved.translations.length > 0 && (
        <ul className="content-translations">
          {saved.translations.map((translation) => (
            <li key={translation.id}>
              <Button type="link" size="small" icon={<GlobalOutlined />} onClick={() => onOpen(translation.id)} data-testid={`translation-${translation.language}`}>
                {t(`common:language.${translation.language}`)} · {translation.title}
              </Button>
              <StatusTag status={translation.status} />
            </li>
          ))}
        </ul>
      )}
      {saved && missingLanguages.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: missingLanguages.map((language) => ({
              key: language,
              label: t(`common:language.${language}`),
              onClick: () => onCreate({ type, language, translationOf: saved.id }),
            })),
          }}
        >
          <Button icon={<PlusOutlined />} size="small" data-testid="translation-add">
            {t('editor.translation_add')}
          </Button>
        </Dropdown>
      )}
      {draft?.translationOf ? (
        <TranslationSource id={draft.translationOf} />
      ) : (
        (!saved || saved.translations.length === 0) && (
          <Form.Item name="translation_of" label={t('fields.translation_of')} extra={t('editor.translation_of_hint')} className="content-translation-of">
            <TranslationPicker type={type} exclude={saved?.id ?? null} />
          </Form.Item>
        )
      )}
    </Card>
  );
}

/** A new translation names the item it translates (chosen with "Add a translation"). */
function TranslationSource({ id }: { id: number }) {
  const { t } = useTranslation('content');
  const source = useContent(id);
  return (
    <p className="content-translation-source" data-testid="content-translation-source">
      {t('fields.translation_of')}: {source.data ? `${source.data.title} · ${t(`common:language.${source.data.language}`)}` : '…'}
    </p>
  );
}
