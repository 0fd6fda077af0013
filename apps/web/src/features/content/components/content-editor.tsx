import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import type { ContentItem, ContentType } from '@nearcast/contract';
import { Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useConfirm } from '../../../components/confirm-dialog';
import { LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { applyFieldErrors, failureText, isSignedOut, recheckFields } from '../../../lib/form-feedback';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeStatus } from '../api/change-status';
import { useDeleteContent } from '../api/delete-content';
import { useContent } from '../api/get-content';
import { saveSchemas, useSaveContent, type SaveRequest } from '../api/save-content';
import { changesSomething, emptyValues, toSaveRequest, valuesOf, type ContentFormValues, type NewItem } from '../lib/content-form';
import { browserTimeZone } from '../lib/zoned-time';
import { StatusTag, LiveTimeTag, TypeTag } from './content-tags';
import { ContentDetails, ContentSettings, ContentTranslations } from './content-editor-side';
import { ContentPreview, type PreviewSnapshot } from './content-preview';
import { RichTextField, useRichText } from './rich-text-editor';

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
          {saved && <ContentDetails saved={saved} onDelete={askDelete} />}
          <ContentSettings type={type} />
          <ContentTranslations type={type} saved={saved} draft={draft} onOpen={onOpen} onCreate={onCreate} />
        </div>
      </Form>
      <ContentPreview snapshot={preview} onClose={() => setPreview(null)} type={type} author={saved?.author.name ?? null} />
      {confirmElement}
    </div>
  );
}
