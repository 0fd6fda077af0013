import type { Footage, FootageType } from '@nearcast/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMaterials } from '../api/merchant-materials';
import './storyboard.css';

interface MaterialSelectProps {
  /** The merchant whose library is listed; undefined for a merchant reading its own. */
  merchantId: number | undefined;
  type: FootageType;
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** False for a role the material list does not answer: the field then says so instead of listing. */
  listable: boolean;
  disabled?: boolean;
  placeholder: string;
  label: string;
  testId: string;
}

/**
 * One of a merchant's active materials of one type, by name and thumbnail (the brief's logo and
 * music). A form control: cleared, it hands over null, which the brief reads as "none".
 */
export function MaterialSelect({ merchantId, type, value, onChange, listable, disabled, placeholder, label, testId }: MaterialSelectProps) {
  const { t } = useTranslation('creative');
  const materials = useMaterials(merchantId, type, listable && !disabled);
  const list = materials.data?.list ?? [];
  // The chosen one may be inactive by now, or not listed to this role: it keeps a name anyway.
  const options = list.map((footage) => ({ value: footage.id, label: <MaterialOption footage={footage} />, name: footage.name }));
  if (value && !list.some((footage) => footage.id === value)) options.unshift({ value, label: <>{t('material.unlisted', { id: value })}</>, name: t('material.unlisted', { id: value }) });
  return (
    <Select<number>
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      disabled={disabled}
      placeholder={listable ? placeholder : t('material.not_listed')}
      loading={materials.isFetching}
      options={options}
      optionLabelProp="name"
      showSearch={{ optionFilterProp: 'name' }}
      notFoundContent={materials.isError ? t('material.load_failed') : materials.isFetching ? t('material.loading') : t(`material.none_${type}`)}
      aria-label={label}
      data-testid={testId}
    />
  );
}

function MaterialOption({ footage }: { footage: Footage }) {
  return (
    <span className="cr-material-option">
      {footage.thumbnail_url ? <img src={footage.thumbnail_url} alt="" className="cr-material-option__thumb" loading="lazy" /> : <span className="cr-material-option__thumb" aria-hidden="true" />}
      <span className="cr-material-option__name">{footage.name}</span>
    </span>
  );
}
