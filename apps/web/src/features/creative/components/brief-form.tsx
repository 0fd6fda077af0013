import { SaveOutlined } from '@ant-design/icons';
import {
  api,
  BRIEF_LIMITS,
  BUSINESS_CATEGORIES,
  COUPON_CODE_MAX,
  MUSIC_CHOICES,
  SCRIPT_LANGUAGES,
  SCRIPT_TONES,
  VOICE_ENGINES,
  type Brief,
  type BusinessCategory,
  type LocalizedBriefField,
  type LocalizedText,
  type MusicChoice,
  type ScriptLanguage,
  type ScriptTone,
  type VoiceEngineName,
} from '@nearcast/contract';
import { Alert, Button, ColorPicker, Form, Input, Select, Skeleton, Tag, type ColorPickerProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useBrief } from '../api/get-brief';
import { useUpdateBrief } from '../api/update-brief';
import { MaterialSelect } from './material-select';
import './brief-form.css';

export interface BriefValues {
  shop_name: string;
  category: BusinessCategory;
  address: string;
  phone: string;
  hours: LocalizedText;
  offer: LocalizedText;
  call_to_action: LocalizedText;
  link: string;
  coupon_code: string;
  tone: ScriptTone;
  brand_colors: { primary: string; accent: string };
  logo_footage_id: number | null;
  music: MusicChoice;
  music_footage_id: number | null;
  voice: VoiceEngineName;
  languages: ScriptLanguage[];
}

export function valuesOf(brief: Brief): BriefValues {
  return {
    shop_name: brief.shop_name,
    category: brief.category,
    address: brief.address,
    phone: brief.phone,
    hours: { ...brief.hours },
    offer: { ...brief.offer },
    call_to_action: { ...brief.call_to_action },
    link: brief.link,
    coupon_code: brief.coupon_code ?? '',
    tone: brief.tone,
    brand_colors: { ...brief.brand_colors },
    logo_footage_id: brief.logo_footage_id,
    music: brief.music,
    music_footage_id: brief.music_footage_id,
    voice: brief.voice,
    languages: [...brief.languages],
  };
}

interface BriefFormProps {
  merchantId: number;
  /** False for an operator: the brief is shown, nothing can be saved. */
  editable: boolean;
  /** Whether this role may list the merchant's materials (the logo and music pickers). */
  listable: boolean;
  /** The merchant editing its own brief: its materials are listed without naming it. */
  own?: boolean;
}

/**
 * The creative brief: who the merchant is and how its videos should sound and look. Loads the
 * brief, then the form (a brief nobody has saved yet comes prefilled from the merchant's sign-up
 * form, and says so).
 */
export function BriefForm(props: BriefFormProps) {
  const { t } = useTranslation('creative');
  const brief = useBrief(props.merchantId);
  if (brief.isPending)
    return (
      <div aria-busy="true" data-testid="brief-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (brief.isError) return <LoadFailed error={brief.error} title={t('brief.load_failed')} onRetry={() => void brief.refetch()} testId="brief-error" retryTestId="brief-retry" />;
  return <BriefFields key={props.merchantId} brief={brief.data} {...props} />;
}

type PickedColour = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];

/** The two brand colours as one form control, so the contract's message for `brand_colors` shows under both. */
function BrandColors({ value, onChange, disabled }: { value?: { primary: string; accent: string }; onChange?: (next: { primary: string; accent: string }) => void; disabled?: boolean }) {
  const { t } = useTranslation('creative');
  const colours = value ?? { primary: '', accent: '' };
  const pick = (key: 'primary' | 'accent') => (colour: PickedColour) => onChange?.({ ...colours, [key]: colour.toHexString() });
  return (
    <div className="cr-colours">
      {(['primary', 'accent'] as const).map((key) => (
        <label key={key} className="cr-colours__item">
          <ColorPicker value={colours[key] || undefined} onChange={pick(key)} disabledAlpha format="hex" showText disabled={disabled} aria-label={t(`brief.colour_${key}`)} data-testid={`brief-colour-${key}`} />
          <span className="cr-muted">{t(`brief.colour_${key}`)}</span>
        </label>
      ))}
    </div>
  );
}

function BriefFields({ brief, merchantId, editable, listable, own }: BriefFormProps & { brief: Brief }) {
  const { t } = useTranslation('creative');
  const [form] = Form.useForm<BriefValues>();
  const music = Form.useWatch('music', form) ?? brief.music;
  const save = useUpdateBrief();
  const materialsOf = own ? undefined : merchantId;
  // A save the server refused because a text reads as another language than its box: kept so
  // the user can send it again as meant (confirm_languages) after looking at the flagged boxes.
  const [mismatched, setMismatched] = useState<Parameters<typeof save.mutate>[0] | null>(null);

  const send = (body: Parameters<typeof save.mutate>[0]) => {
    setMismatched(null);
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('brief.saved')),
      onError: (error) => {
        const wrong = error instanceof ApiError ? Object.entries(error.fields).filter(([key]) => /^(hours|offer|call_to_action)\.(en|es|zh)$/.test(key)) : [];
        if (wrong.length === 0) return showServerError(form, error, { fallback: t('brief.save_failed') });
        form.setFields(wrong.map(([key, message]) => ({ name: key.split('.') as [LocalizedBriefField, ScriptLanguage], errors: [message] })));
        setMismatched(body);
      },
    });
  };

  const submit = (values: BriefValues) => {
    const body = validateWith(
      api.creative.briefUpdate.request,
      {
        merchant_id: merchantId,
        ...values,
        // Always sent, so that "music from the library" without a material is caught here.
        music_footage_id: values.music_footage_id ?? null,
        logo_footage_id: values.logo_footage_id ?? null,
      },
      form,
    );
    if (!body) return;
    send(body);
  };

  /** One text per video language, side by side; a machine-filled one says so until edited. */
  const localized = (name: LocalizedBriefField, max: number, placeholder?: string) => (
    <div className="cr-brief__languages" role="group" aria-label={t(`brief.${name}`)} data-testid={`brief-${name}-languages`}>
      <span className="cr-brief__languages-label">{t(`brief.${name}`)}</span>
      {SCRIPT_LANGUAGES.map((language) => (
        <Form.Item
          key={language}
          name={[name, language]}
          label={
            <span>
              {t(`language.${language}`)}
              {brief.translated[name].includes(language) && (
                <Tag className="cr-brief__translated" data-testid={`brief-${name}-${language}-translated`}>
                  {t('brief.translated_tag')}
                </Tag>
              )}
            </span>
          }
        >
          {/* The English box keeps the field's own test id, as before texts were per language. */}
          <Input maxLength={max} placeholder={language === 'en' ? placeholder : undefined} lang={language === 'zh' ? 'zh-CN' : language} data-testid={language === 'en' ? `brief-${name}` : `brief-${name}-${language}`} />
        </Form.Item>
      ))}
    </div>
  );

  const text = (name: keyof BriefValues, max: number, placeholder?: string) => (
    <Form.Item name={name} label={t(`brief.${name}`)}>
      <Input maxLength={max} placeholder={placeholder} data-testid={`brief-${name}`} />
    </Form.Item>
  );

  return (
    <Form<BriefValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(brief)}
      onFinish={submit}
      onValuesChange={(changed) => recheckFields(form, changed)}
      disabled={!editable}
      requiredMark={false}
      className={editable ? 'cr-brief' : 'cr-brief cr-read-only'}
      data-testid="brief-form"
    >
      {brief.update_time === null ? (
        <Alert type="info" showIcon className="cr-alert" title={t('brief.prefilled')} data-testid="brief-prefilled" />
      ) : (
        <p className="cr-muted">{t('brief.updated', { date: formatDate(brief.update_time) })}</p>
      )}
      <fieldset className="cr-brief__group">
        <legend className="cr-subtitle">{t('brief.section_business')}</legend>
        <div className="cr-brief__grid">
          {text('shop_name', BRIEF_LIMITS.shopName)}
          <Form.Item name="category" label={t('brief.category')}>
            <Select<BusinessCategory> options={BUSINESS_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))} showSearch={{ optionFilterProp: 'label' }} data-testid="brief-category" />
          </Form.Item>
          {text('address', BRIEF_LIMITS.address)}
          {text('phone', BRIEF_LIMITS.phone)}
        </div>
        {localized('hours', BRIEF_LIMITS.hours, t('brief.hours_placeholder'))}
      </fieldset>
      <fieldset className="cr-brief__group">
        <legend className="cr-subtitle">{t('brief.section_message')}</legend>
        <p className="cr-muted">{t('brief.languages_side_by_side')}</p>
        {localized('offer', BRIEF_LIMITS.offer, t('brief.offer_placeholder'))}
        {localized('call_to_action', BRIEF_LIMITS.callToAction, t('brief.call_to_action_placeholder'))}
        <div className="cr-brief__grid">
          {text('link', BRIEF_LIMITS.link, 'https://')}
          {/* Optional: the posts offer it, and the counter records it as a redemption (docs/decisions/083). */}
          <Form.Item name="coupon_code" label={t('brief.coupon_code')} extra={t('brief.coupon_code_hint', { max: COUPON_CODE_MAX })}>
            <Input maxLength={COUPON_CODE_MAX} placeholder={t('brief.coupon_code_placeholder')} autoComplete="off" spellCheck={false} allowClear data-testid="brief-coupon_code" />
          </Form.Item>
          <Form.Item name="tone" label={t('brief.tone')}>
            <Select<ScriptTone> options={SCRIPT_TONES.map((value) => ({ value, label: t(`tone.${value}`) }))} data-testid="brief-tone" />
          </Form.Item>
        </div>
      </fieldset>
      <fieldset className="cr-brief__group">
        <legend className="cr-subtitle">{t('brief.section_look')}</legend>
        <div className="cr-brief__grid">
          <Form.Item name="brand_colors" label={t('brief.brand_colors')}>
            <BrandColors disabled={!editable} />
          </Form.Item>
          <Form.Item name="logo_footage_id" label={t('brief.logo')} extra={t('brief.logo_hint')}>
            <MaterialSelect merchantId={materialsOf} type="image" listable={listable} disabled={!editable} placeholder={t('brief.logo_placeholder')} label={t('brief.logo')} testId="brief-logo" />
          </Form.Item>
          <Form.Item name="music" label={t('brief.music')}>
            <Select<MusicChoice> options={MUSIC_CHOICES.map((value) => ({ value, label: t(`music.${value}`) }))} data-testid="brief-music" />
          </Form.Item>
          {music === 'library' && (
            <Form.Item name="music_footage_id" label={t('brief.music_material')}>
              <MaterialSelect merchantId={materialsOf} type="audio" listable={listable} disabled={!editable} placeholder={t('brief.music_material_placeholder')} label={t('brief.music_material')} testId="brief-music-material" />
            </Form.Item>
          )}
          <Form.Item name="voice" label={t('brief.voice')} extra={t('brief.voice_hint')}>
            <Select<VoiceEngineName> options={VOICE_ENGINES.map((value) => ({ value, label: t(`voice.${value}`) }))} data-testid="brief-voice" />
          </Form.Item>
          <Form.Item name="languages" label={t('brief.languages')}>
            <Select<ScriptLanguage[]> mode="multiple" options={SCRIPT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))} placeholder={t('brief.languages_placeholder')} data-testid="brief-languages" />
          </Form.Item>
        </div>
      </fieldset>
      {editable && mismatched && (
        <Alert
          type="warning"
          showIcon
          className="cr-alert"
          title={t('brief.language_mismatch_confirm')}
          action={
            <Button size="small" onClick={() => send({ ...mismatched, confirm_languages: true })} loading={save.isPending} data-testid="brief-save-anyway">
              {t('brief.save_anyway')}
            </Button>
          }
          data-testid="brief-language-mismatch"
        />
      )}
      {editable && (
        <div className="cr-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="brief-save">
            {t('brief.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}
