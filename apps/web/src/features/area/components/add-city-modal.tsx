import { api, type Area } from '@nearcast/contract';
import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useAddArea } from '../api/add-area';
import { useStates } from '../../../api/area-list';
import { applyFieldErrors, showServerError } from '../../../lib/form-feedback';
import { checkWith, clearChangedErrors } from '../lib/form-errors';
import { StateSelect } from './state-select';

interface CityValues {
  parent_id?: number;
  name?: string;
  code?: string;
}

/** Spec §2 "Area: list with an add-city action": a state and a city name (§5: city name required). */
export function AddCityModal({
  open,
  defaultStateId,
  onClose,
  onCreated,
}: {
  open: boolean;
  defaultStateId?: number;
  onClose: () => void;
  onCreated: (city: Area, state: Area) => void;
}) {
  const { t } = useTranslation('area');
  const [form] = Form.useForm<CityValues>();
  const add = useAddArea();
  const states = useStates();

  // Each opening starts clean, in the state being browsed when there is one.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ parent_id: defaultStateId });
  }, [open, defaultStateId, form]);

  const submit = (values: CityValues) => {
    const { body, errors } = checkWith(api.area.add.request, {
      name: values.name ?? '',
      code: values.code ?? '',
      type: 'city',
      parent_id: values.parent_id ?? null,
    });
    // The schema lets a parent be absent (countries have none); a city needs its state.
    if (!values.parent_id) errors.parent_id = translateMessage('zone.state_required');
    if (!body || Object.keys(errors).length > 0) {
      applyFieldErrors(form, errors);
      return;
    }
    add.mutate(body, {
      onSuccess: (city) => {
        notifySuccess(t('city.created', { name: city.name }));
        const state = states.data?.list.find((item) => item.id === city.parent_id);
        onClose();
        if (state) onCreated(city, state);
      },
      onError: (error) => showServerError(form, error, { fallback: t('errors.create_failed'), conflictField: 'name' }),
    });
  };

  return (
    <Modal
      open={open}
      title={t('city.title')}
      okText={t('city.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'city-submit' } as ButtonProps}
      forceRender
    >
      <p className="area-modal__lead">{t('city.lead')}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={(changed: CityValues) => clearChangedErrors(form, changed)}
        data-testid="city-form"
        noValidate
      >
        <Form.Item name="parent_id" label={t('fields.state')}>
          <StateSelect data-testid="city-state" />
        </Form.Item>
        <Form.Item name="name" label={t('fields.city_name')}>
          <Input maxLength={100} autoComplete="off" placeholder={t('fields.city_name_placeholder')} data-testid="city-name" />
        </Form.Item>
        <Form.Item name="code" label={t('fields.code')} extra={t('fields.code_hint')}>
          <Input maxLength={20} autoComplete="off" data-testid="city-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
