import { EnvironmentOutlined, IdcardOutlined, ShopOutlined } from '@ant-design/icons';
import { settleRequest, type CurrentUser } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCurrentUser } from '../../../api/account-detail';
import { listAreas } from '../../../api/area-list';
import { useSettle } from '../api/settle';
import { resolveAreaPath, type AreaNames, type AreaPath } from '../lib/area-path';
import type { JoinRole } from '../lib/join-state';
import { dependentAreaFields, settleInitialValues, settleInput, type SettleValues } from '../lib/settle-values';
import { CitySelect, CountrySelect, CountySelect, StateSelect } from './area-selects';

/** Field order on screen, so a failed check scrolls to the first problem a user would meet. */
const FIELD_ORDER: (keyof SettleValues)[] = [
  'name',
  'phone',
  'wechat',
  'company_short_name',
  'company_full_name',
  'tax_number',
  'country_id',
  'state_id',
  'city_id',
  'county_id',
  'address',
  'zip_code',
];

const NO_PATH: AreaPath = {};

/**
 * The settle form of spec §5, for a paid client (/settle, /settle/client) or a paid studio
 * (/studio, /settle/studio). It opens with what the account already holds (/v1/account/detail),
 * including the places it names, found again in the area tree.
 */
export function SettleForm({ role }: { role: JoinRole }) {
  const session = useSession();
  const account = useCurrentUser(!!session.token);
  // A failed detail fetch still leaves the form usable, prefilled from the stored user.
  const user = account.data ?? session.user;
  const names: AreaNames = { country: user?.country ?? '', state: user?.state ?? '', city: user?.city ?? '', county: user?.county ?? '' };
  const known = names.country.trim() !== '';
  const path = useQuery({
    queryKey: ['onboarding', 'area-path', names],
    queryFn: () => resolveAreaPath(names, (body) => listAreas(body)),
    enabled: known && !account.isLoading,
    staleTime: Infinity,
    retry: false,
  });

  if (account.isLoading || (known && path.isLoading)) {
    return (
      <div className="onb-form onb-form--loading" data-testid="settle-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  // Keyed by the account, so a changed prefill starts a fresh form rather than merging into one.
  return <SettleFormBody key={user?.id ?? 'none'} role={role} user={user} path={path.data ?? NO_PATH} />;
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="onb-section">
      <h2 className="onb-section__title">
        <span className="onb-section__icon" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      <div className="onb-grid">{children}</div>
    </section>
  );
}

function SettleFormBody({ role, user, path }: { role: JoinRole; user: CurrentUser | null; path: AreaPath }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const [form] = Form.useForm<SettleValues>();
  const submit = useSettle();
  const countryId = Form.useWatch('country_id', form);
  const stateId = Form.useWatch('state_id', form);
  const city = Form.useWatch('city_id', form);
  // A paid studio's city is the place it bought (100 per city): the server refuses another one.
  const placeFixed = role === 'studio' && path.city !== undefined;

  const onFinish = (values: SettleValues) => {
    const body = validateWith(settleRequest, settleInput(values), form);
    if (!body) {
      const first = FIELD_ORDER.find((name) => form.getFieldError(name).length > 0);
      if (first) form.scrollToField(first, { block: 'center', behavior: 'smooth' });
      return;
    }
    // mutateAsync, not mutate's callbacks: storing the user (complete now) re-renders the page
    // that holds this form without it, and callbacks of an unmounted mutation never run.
    submit.mutateAsync(body).then(
      () => {
        notifySuccess(t('settle.saved'));
        void navigate('/dashboard');
      },
      (error: unknown) => showServerError(form, error, { fallback: t('settle.submit_failed') }),
    );
  };

  return (
    <Form<SettleValues>
      form={form}
      className="onb-form"
      layout="vertical"
      requiredMark={false}
      initialValues={settleInitialValues(user, path)}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<SettleValues>) => {
        recheckFields(form, changed);
        const emptied = dependentAreaFields(changed);
        if (emptied.length) form.setFields(emptied.map((name) => ({ name, value: undefined, errors: [] })));
      }}
      data-testid="settle-form"
      noValidate
    >
      <Section icon={<IdcardOutlined />} title={t('settle.sections.contact')}>
        <Form.Item name="name" label={t('settle.fields.name')}>
          <Input autoComplete="name" maxLength={100} placeholder={t('settle.placeholders.name')} data-testid="settle-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('settle.fields.phone')} extra={t('settle.hints.phone')}>
          <Input type="tel" inputMode="tel" autoComplete="tel-national" placeholder="(310) 555-0142" data-testid="settle-phone" />
        </Form.Item>
        <Form.Item name="wechat" label={t('settle.fields.wechat')} extra={t('settle.hints.wechat')}>
          <Input autoComplete="off" maxLength={50} placeholder={t('settle.placeholders.wechat')} data-testid="settle-wechat" />
        </Form.Item>
      </Section>

      <Section icon={<ShopOutlined />} title={t(`settle.sections.company.${role}`)}>
        <Form.Item name="company_short_name" label={t(`settle.fields.company_short.${role}`)}>
          <Input autoComplete="organization" maxLength={100} placeholder={t(`settle.placeholders.company_short.${role}`)} data-testid="settle-company-short" />
        </Form.Item>
        <Form.Item name="company_full_name" label={t(`settle.fields.company_full.${role}`)} extra={t('settle.hints.company_full')}>
          <Input maxLength={200} placeholder={t(`settle.placeholders.company_full.${role}`)} data-testid="settle-company-full" />
        </Form.Item>
        <Form.Item name="tax_number" label={t('settle.fields.tax')} extra={t('settle.hints.tax')}>
          <Input inputMode="numeric" autoComplete="off" maxLength={10} placeholder="12-3456789" data-testid="settle-tax" />
        </Form.Item>
      </Section>

      <Section icon={<EnvironmentOutlined />} title={t('settle.sections.location')}>
        <Form.Item name="country_id" label={t('settle.fields.country')}>
          <CountrySelect testId="settle-country" locked={placeFixed} />
        </Form.Item>
        <Form.Item name="state_id" label={t('settle.fields.state')}>
          <StateSelect countryId={countryId} testId="settle-state" locked={placeFixed} />
        </Form.Item>
        <Form.Item name="city_id" label={t('settle.fields.city')} extra={t(placeFixed ? 'settle.hints.city_fixed' : 'settle.hints.city')}>
          <CitySelect stateId={stateId} testId="settle-city" locked={placeFixed} />
        </Form.Item>
        <Form.Item name="county_id" label={t('settle.fields.county')}>
          <CountySelect cityId={city?.value} testId="settle-county" />
        </Form.Item>
        <Form.Item name="address" label={t('settle.fields.address')} className="onb-grid__wide">
          <Input autoComplete="street-address" maxLength={300} placeholder={t('settle.placeholders.address')} data-testid="settle-address" />
        </Form.Item>
        <Form.Item name="zip_code" label={t('settle.fields.zip')}>
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={10} placeholder="90210" data-testid="settle-zip" />
        </Form.Item>
      </Section>

      <div className="onb-form__footer">
        <p className="onb-form__note">{t('settle.note')}</p>
        <Button type="primary" size="large" htmlType="submit" loading={submit.isPending} className="onb-form__submit" data-testid="settle-submit">
          {t('settle.submit')}
        </Button>
      </div>
    </Form>
  );
}
