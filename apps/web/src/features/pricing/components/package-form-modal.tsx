import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, isOneOf, PACKAGE_TYPES, type PricePackage } from '@nearcast/contract';
import { Button, ColorPicker, Form, Input, InputNumber, Modal, Select, Switch, type ButtonProps, type ColorPickerProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodFieldErrors } from '../../../lib/form-errors';
import { applyFieldErrors, showServerError } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddPackage } from '../api/add-package';
import { useUpdatePackage } from '../api/update-package';
import { dollarsToCents, formatUsd } from '../../../lib/money';
import {
  blankPriceFields,
  emptyPackageValues,
  MAX_FEATURES,
  packageToValues,
  TRANSLATED,
  valuesToBody,
  type PackageFormValues,
} from '../lib/package-form';
import { CoursePicker } from './course-picker';
import { PackagePreview } from './package-preview';

type PickedColour = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];

const COLOUR_FIELDS = ['button_color', 'check_color', 'gradient_start', 'gradient_end'] as const;
const PRICE_FIELDS = ['base_price_cents', 'actual_price_cents', 'discount_cents'] as const;
const TEST_IDS: Record<(typeof COLOUR_FIELDS | typeof PRICE_FIELDS)[number], string> = {
  button_color: 'price-button-color',
  check_color: 'price-check-color',
  gradient_start: 'price-gradient-start',
  gradient_end: 'price-gradient-end',
  base_price_cents: 'price-base',
  actual_price_cents: 'price-actual',
  discount_cents: 'price-discount',
};

/** The form's fields top to bottom, to find the first one with an error. */
const FIELD_ORDER: (keyof PackageFormValues)[] = [
  'name',
  'tag',
  'type',
  'status',
  'sort_order',
  ...PRICE_FIELDS,
  'monthly_credits',
  ...COLOUR_FIELDS,
  'learning_course',
  'features',
];

/**
 * The fields whose error an edit takes away: the field itself, and for a price all three
 * prices, since "above the base price" is fixed as much by raising the base as by lowering
 * the actual price.
 */
function fieldsToClear(changed: PackageFormValues): (keyof PackageFormValues)[] {
  const names = Object.keys(changed) as (keyof PackageFormValues)[];
  return names.some((name) => isOneOf(PRICE_FIELDS, name)) ? [...new Set([...names, ...PRICE_FIELDS])] : names;
}

interface PackageFormModalProps {
  open: boolean;
  /** The package being edited; null creates a new one. */
  editing: PricePackage | null;
  onClose: () => void;
}

/**
 * Create and edit a pricing package (spec §3) in one form, checked in the browser with the
 * contract's `priceAddRequest` / `priceUpdateRequest` — the server's own rules and messages —
 * beside a live preview of the public pricing card.
 */
export function PackageFormModal({ open, editing, onClose }: PackageFormModalProps) {
  const { t } = useTranslation('pricing');
  const [form] = Form.useForm<PackageFormValues>();
  const add = useAddPackage();
  const update = useUpdatePackage();
  const watched = Form.useWatch((values: PackageFormValues) => values, form);

  // Each opening starts from the package as listed, or from a blank business plan.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? packageToValues(editing) : emptyPackageValues());
  }, [open, editing, form]);

  const submit = (values: PackageFormValues) => {
    const draft = valuesToBody(values);
    /** The body once the contract's schema accepts it; otherwise each message goes under its field. */
    const check = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> | null => {
      const result = schema.safeParse(body);
      const errors = result.success ? {} : zodFieldErrors(result.error);
      // A cleared price reads as "unchanged" to the update schema and as "must be a number" to
      // the add schema; either way the admin has to name a price.
      for (const field of blankPriceFields(values)) errors[field] = t('form.price_required');
      if (result.success && Object.keys(errors).length === 0) return result.data;
      applyFieldErrors(form, errors);
      if (errors._form) notifyError(errors._form);
      // The form is long: bring the first field with a problem into view.
      const first = FIELD_ORDER.find((field) => field in errors);
      if (first) form.scrollToField(first, { block: 'center' });
      return null;
    };
    const done = (message: string) => {
      notifySuccess(message);
      onClose();
    };
    if (editing) {
      const body = check(api.price.update.request, { id: editing.id, ...draft });
      if (!body) return;
      update.mutate(body, {
        onSuccess: (saved) => done(t('toast.updated', { name: saved.name })),
        onError: (error) => showServerError(form, error, { fallback: t('errors.submit_failed') }),
      });
      return;
    }
    const body = check(api.price.add.request, draft);
    if (!body) return;
    add.mutate(body, {
      onSuccess: (saved) => done(t('toast.created', { name: saved.name })),
      onError: (error) => showServerError(form, error, { fallback: t('errors.create_failed') }),
    });
  };

  const preview = watched ?? {};
  const features = preview.features ?? [];

  return (
    <Modal
      open={open}
      title={editing ? t('form.edit_title', { name: editing.name }) : t('form.create_title')}
      okText={editing ? t('form.save') : t('form.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'price-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'price-cancel' } as ButtonProps}
      width={{ xs: '100%', md: 720, lg: 1040 }}
      className="pricing-modal"
      forceRender
      maskClosable={false}
    >
      <div className="pricing-editor">
        <Form<PackageFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          // Errors are set by hand from the schema, so each goes as soon as its field is edited.
          onValuesChange={(changed: PackageFormValues) => form.setFields(fieldsToClear(changed).map((name) => ({ name, errors: [] })))}
          className="pricing-editor__form"
          data-testid="price-form"
          noValidate
        >
          <section className="pricing-section">
            <h4 className="pricing-section__title">{t('form.section_basics')}</h4>
            <div className="pricing-grid">
              <Form.Item name="name" label={t('fields.name')} className="pricing-grid__wide">
                <Input maxLength={100} autoComplete="off" placeholder={t('fields.name_placeholder')} data-testid="price-name" />
              </Form.Item>
              <Form.Item name="tag" label={t('fields.tag')} extra={t('fields.tag_hint')}>
                <Input maxLength={40} autoComplete="off" placeholder={t('fields.tag_placeholder')} data-testid="price-tag" />
              </Form.Item>
              <Form.Item name="type" label={t('fields.type')}>
                <Select options={PACKAGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} data-testid="price-type" />
              </Form.Item>
              <Form.Item
                name="status"
                label={t('fields.status')}
                valuePropName="checked"
                getValueProps={(status: PackageFormValues['status']) => ({ checked: status !== 'disabled' })}
                normalize={(checked: boolean) => (checked ? 'enabled' : 'disabled')}
                extra={t(preview.status === 'disabled' ? 'fields.status_off_hint' : 'fields.status_on_hint')}
              >
                <Switch checkedChildren={t('status.enabled')} unCheckedChildren={t('status.disabled')} data-testid="price-enabled" />
              </Form.Item>
              <Form.Item name="sort_order" label={t('fields.sort_order')} extra={t('fields.sort_order_hint')}>
                <InputNumber min={0} max={10_000} precision={0} className="pricing-number" data-testid="price-sort" />
              </Form.Item>
            </div>
          </section>

          <section className="pricing-section">
            <h4 className="pricing-section__title">{t('form.section_price')}</h4>
            <div className="pricing-grid">
              {PRICE_FIELDS.map((field) => (
                <Form.Item key={field} name={field} label={t(`fields.${field}`)} extra={t(`fields.${field}_hint`)}>
                  <InputNumber<string>
                    stringMode
                    min="0"
                    max="1000000"
                    precision={2}
                    step="1"
                    prefix="$"
                    inputMode="decimal"
                    placeholder="0.00"
                    className="pricing-number"
                    data-testid={TEST_IDS[field]}
                  />
                </Form.Item>
              ))}
              <Form.Item name="monthly_credits" label={t('fields.monthly_credits')} extra={t('fields.monthly_credits_hint')}>
                <InputNumber min={0} max={1_000_000} precision={0} placeholder="0" className="pricing-number" data-testid="price-credits" />
              </Form.Item>
            </div>
            <PayableNote values={preview} />
          </section>

          <section className="pricing-section">
            <h4 className="pricing-section__title">{t('form.section_look')}</h4>
            <div className="pricing-grid pricing-grid--colours">
              {COLOUR_FIELDS.map((field) => (
                <Form.Item key={field} name={field} label={t(`fields.${field}`)} getValueFromEvent={(colour: PickedColour) => colour.toHexString()}>
                  <ColorPicker disabledAlpha format="hex" showText data-testid={TEST_IDS[field]} />
                </Form.Item>
              ))}
            </div>
          </section>

          <section className="pricing-section">
            <h4 className="pricing-section__title">{t('form.section_content')}</h4>
            <Form.Item name="learning_course" label={t('fields.learning_course')} extra={t('fields.learning_course_hint')}>
              <CoursePicker />
            </Form.Item>
            <Form.List name="features">
              {(rows, { add: addRow, remove }, { errors }) => (
                <div className="pricing-features" data-testid="price-features">
                  <div className="pricing-features__label">
                    {t('fields.features')}
                    <span className="pricing-features__count">
                      {t('fields.features_count', { count: rows.length, max: MAX_FEATURES })}
                    </span>
                  </div>
                  {rows.map((row, index) => (
                    <div key={row.key} className="pricing-features__row">
                      <Form.Item name={row.name} className="pricing-features__input">
                        <Input
                          maxLength={200}
                          autoComplete="off"
                          placeholder={t('fields.feature_placeholder')}
                          aria-label={t('fields.feature_label', { index: index + 1 })}
                          data-testid={`price-feature-${index}`}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(row.name)}
                        aria-label={t('fields.feature_remove', { index: index + 1 })}
                        title={t('fields.feature_remove', { index: index + 1 })}
                        data-testid={`price-feature-remove-${index}`}
                      />
                    </div>
                  ))}
                  <Button
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    onClick={() => addRow('')}
                    disabled={rows.length >= MAX_FEATURES}
                    data-testid="price-feature-add"
                  >
                    {rows.length >= MAX_FEATURES ? t('fields.features_full', { max: MAX_FEATURES }) : t('fields.feature_add')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </div>
              )}
            </Form.List>
          </section>
          <section className="pricing-section" data-testid="price-translations">
            <h4 className="pricing-section__title">{t('translations.title')}</h4>
            <p className="pricing-translations__hint">{t('translations.hint')}</p>
            {TRANSLATED.map((language) => (
              <fieldset key={language} className="pricing-translations__language">
                <legend>{t(`translations.${language}`)}</legend>
                <Form.Item name={`${language}_name`} label={t('fields.name')}>
                  <Input maxLength={100} autoComplete="off" data-testid={`price-${language}-name`} />
                </Form.Item>
                <Form.Item name={`${language}_tag`} label={t('fields.tag')}>
                  <Input maxLength={40} autoComplete="off" data-testid={`price-${language}-tag`} />
                </Form.Item>
                <Form.Item name={`${language}_features`} label={t('translations.features')}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} data-testid={`price-${language}-features`} />
                </Form.Item>
              </fieldset>
            ))}
          </section>
        </Form>

        <aside className="pricing-editor__preview">
          <div className="pricing-editor__sticky">
            <h4 className="pricing-section__title">{t('preview.title')}</h4>
            <PackagePreview
              pkg={{
                name: preview.name ?? '',
                tag: preview.tag ?? '',
                type: preview.type,
                base_price_cents: dollarsToCents(preview.base_price_cents),
                actual_price_cents: dollarsToCents(preview.actual_price_cents),
                discount_cents: dollarsToCents(preview.discount_cents),
                monthly_credits: preview.monthly_credits ?? undefined,
                button_color: preview.button_color,
                check_color: preview.check_color,
                gradient_start: preview.gradient_start,
                gradient_end: preview.gradient_end,
                learning_course: preview.learning_course ?? '',
                features: features.map((line) => line ?? ''),
                enabled: preview.status !== 'disabled',
              }}
            />
            <p className="pricing-editor__note">{t('preview.note')}</p>
          </div>
        </aside>
      </div>
    </Modal>
  );
}

/** What a first-time buyer and a returning one pay, once both prices read as numbers. */
function PayableNote({ values }: { values: PackageFormValues }) {
  const { t, i18n } = useTranslation('pricing');
  const actual = dollarsToCents(values.actual_price_cents);
  const discount = dollarsToCents(values.discount_cents) ?? 0;
  if (actual === undefined || !Number.isSafeInteger(actual) || !Number.isSafeInteger(discount) || discount <= 0 || discount > actual) return null;
  return (
    <p className="pricing-payable" data-testid="price-payable">
      {t('form.payable', { first: formatUsd(actual - discount, i18n.language), later: formatUsd(actual, i18n.language) })}
    </p>
  );
}
