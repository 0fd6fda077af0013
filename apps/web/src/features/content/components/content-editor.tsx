import { ArrowLeftOutlined, EyeOutlined, GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, LIVE_DURATION_MAX_MINUTES, type ContentItem, type ContentType, type Language } from '@nearcast/contract';
import { Button, Card, DatePicker, Descriptions, Dropdown, Form, Input, InputNumber, Select, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useConfirm } from '../../../components/confirm-dialog';
import { LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { applyFieldErrors, failureText, isSignedOut, recheckFields } from '../../../lib/form-feedback';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeStatus } from '../api/change-status';
import { useDeleteContent } from '../api/delete-content';
import { useContent } from '../api/get-content';
import { saveSchemas, useSaveContent, type SaveRequest } from '../api/save-content';
import { changesSomething, emptyValues, toSaveRequest, valuesOf, type ContentFormValues } from '../lib/content-form';
import { browserTimeZone, timeZones } from '../lib/zoned-time';
import { StatusTag, LiveTimeTag, TypeTag } from './content-tags';
import { ContentPreview, type PreviewSnapshot } from './content-preview';
import { RichTextField, useRichText } from './rich-text-editor';
import { TranslationPicker } from './translation-picker';
import { UploadField } from './upload-field';

export interface NewItem {
  type: ContentType;
  language?: Language;
  translationOf?: number | null;
}

interface ContentEditorProps {
  /** The saved item to edit, or null for a new one described by `draft`. */
  id: number | null;
  draft: NewItem | null;
  onBack: () => void;
  onOpen: (id: number) => void;
  onCreate: (item: NewItem) => void;
}

/** Where a field's message goes when the contract names the field differently from the form. */
const FIELD_OF: Record<string, keyof ContentFormValues | 'body'> = {
  start_time: 'start',
  cover_upload_id: 'cover',
  video_upload_id: 'video',
  body_html: 'body',
};

const WALL = 'YYYY-MM-DDTHH:mm';

/**
 * /content's editor: a saved item (loaded with its body) or a new one. The page reads the item
 * once, then the form owns the values until the next save.
 */
export function ContentEditor({ id, draft, onBack, onOpen, onCreate }: ContentEditorProps) {
  const { t } = useTranslation('content');
  const item = useContent(id);
  if (id !== null) {
    if (item.isPending) {
      return (
        <div className="content-page">
          <PageHeader title={t('editor.loading')} />
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        </div>
      );
    }
    if (item.isError) {
      const missing = item.error instanceof ApiError && item.error.code === '404';
      return (
        <div className="content-page">
          <PageHeader title={t('routes.content', { ns: 'common' })} />
          <LoadFailed
            error={item.error}
            onRetry={() => void item.refetch()}
            title={missing ? t('editor.missing') : undefined}
            testId="content-load-failed"
          />
          <Button icon={<ArrowLeftOutlined />} onClick={onBack} className="content-back">
            {t('actions.back')}
          </Button>
        </div>
      );
    }
    return <EditorForm key={item.data.id} type={item.data.type} saved={item.data} draft={null} onBack={onBack} onOpen={onOpen} onCreate={onCreate} />;
  }
  const type = draft?.type ?? 'article';
  return <EditorForm key={`new-${type}-${draft?.translationOf ?? ''}-${draft?.language ?? ''}`} type={type} saved={null} draft={draft} onBack={onBack} onOpen={onOpen} onCreate={onCreate} />;
}

interface EditorFormProps {
  type: ContentType;
  saved: ContentItem | null;
  draft: NewItem | null;
  onBack: () => void;
  onOpen: (id: number) => void;
  onCreate: (item: NewItem) => void;
}

type Action = 'draft' | 'publish' | 'update' | 'unpublish' | 'delete';

function EditorForm({ type, saved, draft, onBack, onOpen, onCreate }: EditorFormProps) {
  const { t } = useTranslation('content');
  const [form] = Form.useForm<ContentFormValues>();
  const zone = useMemo(browserTimeZone, []);
  const zones = useMemo(() => timeZones().map((name) => ({ value: name, label: name })), []);
  const initial = useMemo(
    () => (saved ? valuesOf(saved, zone) : emptyValues(type, draft?.language ?? currentLanguage(), zone, draft?.translationOf ?? null)),
    [saved, type, draft, zone],
  );
  const [dirty, setDirty] = useState(false);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const [preview, setPreview] = useState<PreviewSnapshot | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const editor = useRichText(saved?.body_html ?? '', t('fields.body'), () => {
    setDirty(true);
    setBodyError(null);
  });
  const save = useSaveContent();
  const status = useChangeStatus();
  const remove = useDeleteContent();

  const showErrors = (errors: FieldErrors) => {
    const mapped: FieldErrors = {};
    for (const [field, message] of Object.entries(errors)) {
      const target = FIELD_OF[field] ?? field;
      if (target === 'body') setBodyError(message);
      else mapped[target] = message;
    }
    applyFieldErrors(form, mapped);
    const first = Object.keys(mapped).find((field) => field !== '_form');
    if (first) form.scrollToField(first, { block: 'center' });
    if (mapped._form) notifyError(mapped._form);
  };

  /** The request once the contract's own schema accepts it; otherwise the messages go under their fields. */
  const checked = (request: SaveRequest): SaveRequest | null => {
    const schema: z.ZodType = saveSchemas[request.kind];
    const result = schema.safeParse(request.body);
    if (result.success) return request;
    showErrors(zodFieldErrors(result.error));
    return null;
  };

  const failed = (message: string) => (error: unknown) => {
    if (isSignedOut(error)) return;
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      showErrors(Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, translateMessage(text)])));
      notifyError(message);
      return;
    }
    notifyError(failureText(message, error));
  };

  const bodyHtml = () => (editor && !editor.isEmpty ? editor.getHTML() : '');

  /** Saves the form (new: created, optionally published at once; saved: only what changed). */
  const persist = async (publish: boolean): Promise<ContentItem | null> => {
    const values = form.getFieldsValue(true) as ContentFormValues;
    // The contract's message for a malformed time speaks of offsets; an empty field just needs one.
    if (type === 'live' && !values.start) {
      showErrors({ start: t('editor.start_required') });
      return null;
    }
    const request = checked(toSaveRequest(type, values, bodyHtml(), saved, publish));
    if (!request) return null;
    if (!changesSomething(request)) return saved;
    const item = await save.mutateAsync(request);
    setDirty(false);
    return item;
  };

  const run = async (action: Action) => {
    setBusy(action);
    try {
      if (action === 'draft') {
        const item = await persist(false);
        if (!item) return;
        notifySuccess(t(saved ? 'feedback.updated' : 'feedback.created'));
        if (!saved) onOpen(item.id);
      } else if (action === 'update') {
        const item = await persist(false);
        if (item) notifySuccess(t('feedback.updated'));
      } else if (action === 'publish') {
        if (!saved) {
          const item = await persist(true);
          if (!item) return;
          notifySuccess(t('feedback.published'));
          onOpen(item.id);
          return;
        }
        const item = await persist(false);
        if (!item) return;
        await status.mutateAsync({ id: item.id, action: 'publish' });
        notifySuccess(t('feedback.published'));
      } else if (action === 'unpublish' && saved) {
        await status.mutateAsync({ id: saved.id, action: 'unpublish' });
        notifySuccess(t('feedback.unpublished'));
      }
    } catch (error) {
      failed(t(action === 'publish' || action === 'unpublish' ? 'feedback.operation_failed' : 'feedback.submit_failed'))(error);
    } finally {
      setBusy(null);
    }
  };

  const askDelete = () => {
    if (!saved) return;
    confirm({
      title: t('delete.confirm'),
      body: saved.title,
      okText: t('actions.delete'),
      danger: true,
      onOk: () =>
        remove.mutateAsync({ id: saved.id, type: saved.type }).then(
          () => {
            notifySuccess(t('feedback.deleted'));
            onBack();
          },
          failed(t('feedback.delete_failed')),
        ),
    });
  };

  const back = () => {
    if (!dirty) {
      onBack();
      return;
    }
    confirm({ title: t('editor.leave_title'), body: t('editor.leave_body'), okText: t('editor.leave_ok'), danger: true, onOk: async () => onBack() });
  };

  const state = saved?.status ?? null;
  const title = saved ? saved.title : t(`editor.new_${type}`);
  const missingLanguages = LANGUAGES.filter((language) => language !== saved?.language && !saved?.translations.some((tr) => tr.language === language));

  const actions = (
    <Space wrap className="content-actions">
      <Button icon={<EyeOutlined />} onClick={() => setPreview({ values: form.getFieldsValue(true) as ContentFormValues, document: editor?.getJSON() ?? null })} data-testid="content-preview">
        {t('actions.preview')}
      </Button>
      {state !== 'published' && (
        <Button onClick={() => void run('draft')} loading={busy === 'draft'} disabled={busy !== null && busy !== 'draft'} data-testid="content-save-draft">
          {saved ? t('actions.save') : t('actions.save_draft')}
        </Button>
      )}
      {state === 'published' ? (
        <>
          <Button onClick={() => void run('unpublish')} loading={busy === 'unpublish'} disabled={busy !== null && busy !== 'unpublish'} data-testid="content-unpublish">
            {t('actions.unpublish')}
          </Button>
          <Button type="primary" onClick={() => void run('update')} loading={busy === 'update'} disabled={busy !== null && busy !== 'update'} data-testid="content-update">
            {t('actions.update')}
          </Button>
        </>
      ) : (
        <Button type="primary" onClick={() => void run('publish')} loading={busy === 'publish'} disabled={busy !== null && busy !== 'publish'} data-testid="content-publish">
          {t('actions.publish')}
        </Button>
      )}
    </Space>
  );

  return (
    <div className="content-page content-editor">
      <PageHeader
        title={title}
        subtitle={
          <span className="content-editor__subtitle">
            <Button type="link" size="small" icon={<ArrowLeftOutlined />} onClick={back} className="content-back" data-testid="content-back">
              {t('actions.back')}
            </Button>
            <TypeTag type={type} />
            {state && <StatusTag status={state} />}
            {saved?.live && <LiveTimeTag status={saved.live.time_status} />}
          </span>
        }
        extra={actions}
      />
      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed) => {
          setDirty(true);
          recheckFields(form, changed);
        }}
        className="content-editor__grid"
        data-testid="content-form"
        requiredMark="optional"
      >
        <div className="content-editor__main">
          <Card>
            <Form.Item name="title" label={t('fields.title')} required>
              <Input maxLength={200} showCount data-testid="content-title" />
            </Form.Item>
            <Form.Item name="excerpt" label={t('fields.excerpt')} extra={t('editor.excerpt_hint')} className="content-editor__counted">
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="content-excerpt" />
            </Form.Item>
            <Form.Item label={t('fields.body')} validateStatus={bodyError ? 'error' : undefined} help={bodyError ?? undefined}>
              <RichTextField editor={editor} invalid={!!bodyError} />
            </Form.Item>
          </Card>
        </div>
        <div className="content-editor__side">
          {saved && (
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
                <Button danger onClick={askDelete} data-testid="content-delete">
                  {t('actions.delete')}
                </Button>
              </div>
            </Card>
          )}
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
        </div>
      </Form>
      <ContentPreview snapshot={preview} onClose={() => setPreview(null)} type={type} author={saved?.author.name ?? null} />
      {confirmElement}
    </div>
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
