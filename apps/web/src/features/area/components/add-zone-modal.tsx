import { api } from '@nearcast/contract';
import { Form, Input, Modal, Select, Spin, type ButtonProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useAddZone } from '../api/add-zone';
import { useAreaList } from '../../../api/area-list';
import { applyFieldErrors, showServerError } from '../../../lib/form-feedback';
import { checkWith, clearChangedErrors } from '../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { StateSelect } from './state-select';

interface CityOption {
  value: number;
  label: string;
}

interface ZoneValues {
  name?: string;
  state_id?: number;
  city_ids?: CityOption[];
}

/** How many cities the picker offers per search (page_size 50 as the user types). */
const CITY_OPTIONS = 50;

/**
 * The cities of one state, searched as the user types. Chosen cities keep their labels
 * (labelInValue) even when a later search no longer lists them.
 */
function CitySelect({ stateId, value, onChange }: { stateId?: number; value?: CityOption[]; onChange?: (value: CityOption[]) => void }) {
  const { t } = useTranslation('area');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  useEffect(() => setSearch(''), [stateId]);
  const cities = useAreaList(
    { parent_id: stateId ?? null, type: 'city', page_size: CITY_OPTIONS, ...(keyword ? { keyword } : {}) },
    { enabled: !!stateId, keepPrevious: true },
  );
  const stale = search.trim() !== keyword;
  const fetching = !!stateId && (cities.isFetching || stale);
  const options = stateId && cities.data && !cities.isPlaceholderData ? cities.data.list.map((city) => ({ value: city.id, label: city.name })) : [];

  let notFound: ReactNode = t('zone.no_cities');
  if (!stateId) notFound = t('zone.state_first');
  else if (fetching) notFound = <Spin size="small" />;
  else if (cities.isError) notFound = t('common:states.load_failed');

  return (
    <Select<CityOption[], CityOption>
      mode="multiple"
      labelInValue
      value={value}
      onChange={(next) => {
        onChange?.(next);
        // A pick starts the next search from scratch, as an uncontrolled search would.
        setSearch('');
      }}
      disabled={!stateId}
      placeholder={stateId ? t('fields.cities_placeholder') : t('zone.state_first')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      options={options}
      notFoundContent={notFound}
      loading={fetching}
      maxTagCount="responsive"
      popupRender={(menu) => (
        <>
          {menu}
          {!!stateId && !fetching && cities.data && cities.data.total > CITY_OPTIONS && (
            <div className="area-select-hint">{t('zone.more_cities', { shown: CITY_OPTIONS, total: cities.data.total })}</div>
          )}
        </>
      )}
      data-testid="zone-cities"
    />
  );
}

/** Spec §2 "Zone: list with an add-zone action"; §5: zone name, state and city required. */
export function AddZoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('area');
  const [form] = Form.useForm<ZoneValues>();
  const add = useAddZone();
  const stateId = Form.useWatch('state_id', form);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = (values: ZoneValues) => {
    const { body, errors } = checkWith(api.area.zoneAdd.request, {
      name: values.name ?? '',
      state_id: values.state_id,
      city_ids: (values.city_ids ?? []).map((city) => city.value),
    });
    if (!body) {
      applyFieldErrors(form, errors);
      return;
    }
    add.mutate(body, {
      onSuccess: (zone) => {
        notifySuccess(t('zone.created', { name: zone.name }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('errors.create_failed'), conflictField: 'name' }),
    });
  };

  return (
    <Modal
      open={open}
      title={t('zone.title')}
      okText={t('zone.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'zone-submit' } as ButtonProps}
      forceRender
    >
      <p className="area-modal__lead">{t('zone.lead')}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={(changed: ZoneValues) => {
          clearChangedErrors(form, changed);
          // Cities belong to one state: a new state starts a new choice.
          if ('state_id' in changed) form.setFieldValue('city_ids', []);
        }}
        data-testid="zone-form"
        noValidate
      >
        <Form.Item name="name" label={t('fields.zone_name')}>
          <Input maxLength={100} autoComplete="off" placeholder={t('fields.zone_name_placeholder')} data-testid="zone-name" />
        </Form.Item>
        <Form.Item name="state_id" label={t('fields.state')}>
          <StateSelect data-testid="zone-state" />
        </Form.Item>
        <Form.Item name="city_ids" label={t('fields.cities')} extra={t('fields.cities_hint')}>
          <CitySelect stateId={stateId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
