import { DeleteOutlined, DownloadOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { FOOTAGE_NAME_MAX, FOOTAGE_NOTE_MAX, FOOTAGE_TAGS_MAX, type Footage } from '@nearcast/contract';
import { Button, Descriptions, Drawer, Form, Input, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { LoadFailed } from '../../../components/list-state';
import { formatBytes } from '../../../components/upload/upload-queue';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut, showServerError } from '../../../lib/form-feedback';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useSetFootageActive, useUpdateFootage } from '../api/change-footage';
import { useDeleteFootage } from '../api/delete-footage';
import { useFootage } from '../api/get-footage';
import { cleanTags } from '../lib/filters';
import { formatDuration } from '../lib/media';
import { MaterialPreview } from './material-preview';
import { MaterialStatusTag, MaterialTypeLabel, MaterialUsageTag } from './material-tags';

interface EditValues {
  name: string;
  tags: string[];
  note: string;
}

/**
 * One material for its owner (and the super admin): the preview, the spec's fields (type,
 * status, duration, upload time, file size) with what the probe found, what the studio made of
 * it, the name, tags and note for the studio, and make inactive/active, download, delete.
 */
export function MaterialDrawer({ id, onClose, showMerchant = false }: { id: number | null; onClose: () => void; showMerchant?: boolean }) {
  const { t } = useTranslation('material');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const footage = useFootage(id);
  const data = footage.data;
  let body;
  if (footage.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (footage.isError) body = <LoadFailed error={footage.error} onRetry={() => void footage.refetch()} testId="material-drawer-error" />;
  else if (data) body = <MaterialDetail footage={data} onDeleted={onClose} showMerchant={showMerchant} />;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={data?.name ?? t('detail.title')}
      size={isPhone ? '100%' : 560}
      className="material-drawer"
      data-testid="material-drawer"
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

function MaterialDetail({ footage, onDeleted, showMerchant }: { footage: Footage; onDeleted: () => void; showMerchant: boolean }) {
  const { t } = useTranslation('material');
  const { t: tc } = useTranslation('common');
  const language = currentLanguage();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateFootage();
  const setActive = useSetFootageActive();
  const remove = useDeleteFootage();
  const [confirm, confirmElement] = useConfirm();

  // The form follows the material it shows (another one opened, or saved elsewhere).
  useEffect(() => {
    form.setFieldsValue({ name: footage.name, tags: footage.tags, note: footage.note });
  }, [form, footage.id, footage.name, footage.tags, footage.note]);

  const save = (values: EditValues) =>
    update.mutateAsync({ id: footage.id, name: values.name.trim(), tags: cleanTags(values.tags ?? []), note: values.note ?? '' }).then(
      () => notifySuccess(t('feedback.saved')),
      (error: unknown) => {
        if (!isSignedOut(error)) showServerError(form, error, { fallback: t('feedback.save_failed') });
      },
    );

  const toggle = () => {
    const active = footage.status !== 'active';
    setActive.mutateAsync({ id: footage.id, active }).then(
      () => notifySuccess(t(active ? 'feedback.activated' : 'feedback.deactivated')),
      (error: unknown) => {
        if (!isSignedOut(error)) notifyError(failureText(t('feedback.setting_failed'), error));
      },
    );
  };

  const askDelete = () =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: footage.name }),
      okText: t('actions.delete'),
      danger: true,
      onOk: () =>
        remove.mutateAsync(footage.id).then(
          () => {
            notifySuccess(t('feedback.deleted'));
            onDeleted();
          },
          (error: unknown) => {
            if (!isSignedOut(error)) notifyError(failureText(t('feedback.delete_failed'), error));
            throw error;
          },
        ),
    });

  const dimensions = footage.width && footage.height ? `${footage.width} × ${footage.height}` : null;
  const canToggle = footage.status === 'active' || footage.status === 'inactive';

  return (
    <div className="material-detail">
      <MaterialPreview footage={footage} />
      <div className="material-detail__actions">
        {canToggle && (
          <Button
            icon={footage.status === 'active' ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={toggle}
            loading={setActive.isPending}
            data-testid="material-toggle-active"
          >
            {t(footage.status === 'active' ? 'actions.deactivate' : 'actions.activate')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} href={footage.file_url} target="_blank" rel="noopener" download={footage.name} data-testid="material-download">
          {t('actions.download')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={askDelete} data-testid="material-delete">
          {t('actions.delete')}
        </Button>
      </div>
      {canToggle && <p className="material-detail__hint">{t(footage.status === 'active' ? 'detail.active_hint' : 'detail.inactive_hint')}</p>}
      <Descriptions
        column={1}
        size="small"
        bordered
        className="material-descriptions"
        data-testid="material-facts"
        items={[
          ...(showMerchant ? [{ key: 'merchant', label: t('fields.merchant'), children: footage.merchant_name }] : []),
          { key: 'type', label: t('fields.type'), children: <MaterialTypeLabel type={footage.type} /> },
          { key: 'status', label: t('fields.status'), children: <MaterialStatusTag status={footage.status} /> },
          ...(footage.failure_reason ? [{ key: 'reason', label: t('fields.failure_reason'), children: footage.failure_reason }] : []),
          ...(footage.type !== 'image' ? [{ key: 'duration', label: t('fields.duration'), children: <span data-testid="material-detail-duration">{formatDuration(footage.duration)}</span> }] : []),
          { key: 'uploaded', label: t('fields.upload_time'), children: formatDate(footage.upload_time) },
          { key: 'size', label: t('fields.size'), children: formatBytes(footage.size, language) },
          ...(dimensions ? [{ key: 'dimensions', label: t('fields.dimensions'), children: dimensions }] : []),
          ...(footage.codec ? [{ key: 'codec', label: t('fields.codec'), children: `${footage.codec} · ${footage.mime}` }] : []),
        ]}
      />
      <Descriptions
        column={1}
        size="small"
        bordered
        title={t('detail.usage')}
        className="material-descriptions"
        data-testid="material-usage-detail"
        items={[
          { key: 'usage', label: t('fields.usage'), children: <MaterialUsageTag usage={footage.usage} /> },
          ...(footage.usage_by ? [{ key: 'by', label: t('fields.usage_by'), children: footage.usage_by }] : []),
          ...(footage.usage_time ? [{ key: 'time', label: t('fields.usage_time'), children: formatDate(footage.usage_time) }] : []),
          ...(footage.usage_reason ? [{ key: 'why', label: t('fields.usage_reason'), children: footage.usage_reason }] : []),
          ...(footage.usage_video_ids.length ? [{ key: 'videos', label: t('fields.usage_videos'), children: footage.usage_video_ids.map((video) => `#${video}`).join(', ') }] : []),
        ]}
      />
      <Form<EditValues> form={form} layout="vertical" onFinish={save} className="material-edit" requiredMark={false} data-testid="material-edit">
        <h3 className="material-edit__title">{t('detail.for_studio')}</h3>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('edit.name_required') }]}>
          <Input maxLength={FOOTAGE_NAME_MAX} data-testid="material-name" />
        </Form.Item>
        <Form.Item name="tags" label={t('fields.tags')}>
          <Select mode="tags" maxCount={FOOTAGE_TAGS_MAX} tokenSeparators={[',']} open={false} suffixIcon={null} placeholder={t('edit.tags_placeholder')} aria-label={t('fields.tags')} data-testid="material-tags" />
        </Form.Item>
        <Form.Item name="note" label={t('fields.note')}>
          <Input.TextArea maxLength={FOOTAGE_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('edit.note_placeholder')} data-testid="material-note" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="material-save">
          {tc('actions.save')}
        </Button>
      </Form>
      {confirmElement}
    </div>
  );
}
