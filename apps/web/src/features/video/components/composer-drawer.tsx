import { api, type CaptionLanguage, type PublishTargetName, type VideoPost } from '@nearcast/contract';
import { Alert, Button, Checkbox, DatePicker, Drawer, Empty, Form, Input, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Uploader } from '../../../components/upload';
import { formatDate } from '../../../lib/format-date';
import { validateWith, showServerError } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useConnections } from '../api/list-connections';
import { useAddPost } from '../api/post-actions';
import { useMaterialOptions } from '../api/material-options';
import { byTargetOrder } from '../lib/platforms';
import { CaptionsInput, emptyCaptions, PrimaryLanguageInput, type CaptionDraft } from './captions-input';
import { MerchantPicker } from '../../../components/merchant-picker';
import { PlatformLabel } from './platform-tag';
import { ConnectionStateTag } from './status-tags';
import './post-detail.css';

interface ComposerValues {
  merchant_id?: number;
  title?: string;
  source: 'material' | 'upload';
  footage_id?: number;
  upload_id?: number;
  captions: CaptionDraft[];
  language: CaptionLanguage;
  platforms: PublishTargetName[];
  when: 'now' | 'later';
  schedule_at?: Dayjs | null;
  require_approval: boolean;
}

/**
 * The composer: one merchant, one of its active videos, a caption with hashtags per language,
 * the merchant's connected platforms, now or at a time, and optionally the merchant's approval
 * first. The body is checked with the contract's schema before it is sent; the server's answer
 * opens the new post.
 */
export function ComposerDrawer({
  open,
  onClose,
  onCreated,
  initialMerchant,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (post: VideoPost, askApproval: boolean) => void;
  initialMerchant: number | null;
}) {
  const { t } = useTranslation('video');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<ComposerValues>();
  const merchant = Form.useWatch('merchant_id', form) ?? null;
  const when = Form.useWatch('when', form) ?? 'now';
  const source = Form.useWatch('source', form) ?? 'material';
  const approval = Form.useWatch('require_approval', form) ?? false;
  const add = useAddPost();
  const [uploaded, setUploaded] = useState(false);

  const connections = useConnections({ merchant_id: merchant ?? undefined, page: 1, page_size: 1 }, merchant !== null);
  const usable = byTargetOrder(
    (connections.data?.list[0]?.connections ?? []).filter((connection) => connection.state === 'connected' || connection.state === 'expiring'),
    (connection) => connection.platform,
  );
  const materials = useMaterialOptions(merchant);

  const submit = (values: ComposerValues) => {
    const body = validateWith(
      api.video.add.request,
      {
        merchant_id: values.merchant_id,
        title: values.title ?? '',
        ...(values.source === 'upload' ? { upload_id: values.upload_id } : { footage_id: values.footage_id }),
        captions: values.captions.filter((item) => item.caption.trim() || item.hashtags.length > 0),
        language: values.language,
        platforms: values.platforms,
        schedule_at: values.when === 'later' && values.schedule_at ? values.schedule_at.toISOString() : null,
        require_approval: values.require_approval,
        submit: true,
      },
      form,
    );
    if (!body) return;
    add.mutate(body, {
      onSuccess: (post) => {
        notifySuccess(t('composer.created'));
        onCreated(post, values.require_approval);
        form.resetFields();
        setUploaded(false);
      },
      onError: (error) => showServerError(form, error),
    });
  };

  const submitLabel = approval ? t('composer.submit_approval') : when === 'later' ? t('composer.submit_schedule') : t('composer.submit');

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('composer.title')}
      size={isPhone ? '100%' : 640}
      className="video-composer"
      data-testid="video-composer"
      forceRender
      footer={
        <div className="video-composer__footer">
          <Button onClick={onClose}>{t('composer.close')}</Button>
          <Button type="primary" loading={add.isPending} onClick={() => form.submit()} data-testid="composer-submit">
            {submitLabel}
          </Button>
        </div>
      }
    >
      <Form<ComposerValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ merchant_id: initialMerchant ?? undefined, source: 'material', captions: emptyCaptions(), language: 'en', platforms: [], when: 'now', require_approval: false }}
        onValuesChange={(changed: Partial<ComposerValues>) => {
          // Another merchant has other materials and other accounts.
          if ('merchant_id' in changed) form.setFieldsValue({ footage_id: undefined, platforms: [] });
          if ('source' in changed) {
            form.setFieldsValue({ footage_id: undefined, upload_id: undefined });
            setUploaded(false);
          }
        }}
        requiredMark={false}
      >
        <Form.Item name="merchant_id" label={t('composer.merchant')}>
          <MerchantPicker value={merchant} onChange={(id) => form.setFieldValue('merchant_id', id ?? undefined)} allowClear={false} placeholder={t('composer.merchant')} testId="composer-merchant" />
        </Form.Item>
        <Form.Item name="source" label={t('composer.source')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'material', label: t('composer.source_material') },
              { value: 'upload', label: t('composer.source_upload') },
            ]}
            data-testid="composer-source"
          />
        </Form.Item>
        {source === 'material' ? (
          <Form.Item name="footage_id" label={t('composer.material')}>
            <Select<number>
              disabled={merchant === null}
              placeholder={merchant === null ? t('composer.pick_merchant_first') : t('composer.material_placeholder')}
              loading={materials.isFetching}
              options={(materials.data?.list ?? []).map((footage) => ({ value: footage.id, label: footage.name }))}
              notFoundContent={materials.isFetching ? t('merchant.searching') : t('composer.material_empty')}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="composer-material"
            />
          </Form.Item>
        ) : (
          // The contract's "choose a file" message lands on footage_id: shown here too.
          <Form.Item name="footage_id" label={t('composer.upload')} extra={uploaded ? t('composer.uploaded') : undefined}>
            <Uploader
              purpose="video"
              parallel={1}
              testId="composer-upload"
              onUploaded={(upload) => {
                form.setFieldValue('upload_id', upload.id);
                setUploaded(true);
              }}
            />
          </Form.Item>
        )}
        <Form.Item name="upload_id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="title" label={t('composer.post_title')}>
          <Input placeholder={t('composer.post_title_placeholder')} maxLength={100} data-testid="composer-title" />
        </Form.Item>
        <Form.Item name="captions" label={t('composer.captions')}>
          <CaptionsInput />
        </Form.Item>
        <Form.Item name="language" label={t('composer.primary')} extra={t('composer.primary_hint')}>
          <PrimaryLanguageInput />
        </Form.Item>
        <Form.Item name="platforms" label={t('composer.platforms')}>
          {merchant === null ? (
            <span className="video-muted">{t('composer.pick_merchant_first')}</span>
          ) : usable.length === 0 && !connections.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('composer.platforms_empty')} />
          ) : (
            <Checkbox.Group className="video-composer__platforms" data-testid="composer-platforms">
              {usable.map((connection) => (
                <Checkbox key={connection.platform} value={connection.platform} data-testid={`composer-platform-${connection.platform}`}>
                  <PlatformLabel platform={connection.platform} sandbox={connection.sandbox} assisted={connection.mode === 'assisted'} />
                  {connection.state === 'expiring' && <ConnectionStateTag state={connection.state} />}
                </Checkbox>
              ))}
            </Checkbox.Group>
          )}
        </Form.Item>
        <Form.Item name="when" label={t('composer.when')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'now', label: t('composer.when_now') },
              { value: 'later', label: t('composer.when_later') },
            ]}
            data-testid="composer-when"
          />
        </Form.Item>
        {when === 'later' && (
          <Form.Item name="schedule_at" label={t('composer.time')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY/MM/DD HH:mm"
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
              placeholder={formatDate(dayjs().add(1, 'hour').toDate())}
              data-testid="composer-time"
            />
          </Form.Item>
        )}
        <Form.Item name="require_approval" valuePropName="checked" label={t('composer.approval')} extra={t('composer.approval_hint')}>
          <Switch data-testid="composer-approval" />
        </Form.Item>
        {add.isError && <Alert type="error" showIcon title={t('composer.failed')} className="video-composer__error" />}
      </Form>
    </Drawer>
  );
}
