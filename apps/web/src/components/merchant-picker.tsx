import { Select } from 'antd';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientPicker } from '../api/client-picker';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { merchantOptions } from './merchant-options';

/**
 * A merchant in the caller's scope (the server answers only those), searched on the server as
 * the user types (there may be a hundred thousand), the chosen one keeping its name while
 * another search shows. The material center's filter and the video workspace share it.
 */
export function MerchantPicker({
  value,
  onChange,
  placeholder,
  label = placeholder,
  allowClear = true,
  testId,
  className,
  style,
}: {
  /** The chosen merchant; undefined too, as a form field not yet set hands it over. */
  value?: number | null;
  onChange: (id: number | null, name: string | null) => void;
  placeholder: string;
  /** The accessible name, when it is not the placeholder. */
  label?: string;
  allowClear?: boolean;
  testId: string;
  className?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const clients = useClientPicker(keyword || undefined);
  const known = useRef(new Map<number, string>());
  const options = useMemo(() => merchantOptions(clients.data?.list ?? [], value, known.current), [clients.data, value]);

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null, next === undefined ? null : (known.current.get(next) ?? null))}
      onClear={() => setSearch('')}
      options={options}
      loading={clients.isFetching}
      placeholder={placeholder}
      aria-label={label}
      className={className}
      style={style}
      popupMatchSelectWidth={false}
      notFoundContent={clients.isFetching ? t('merchant_picker.searching') : t('merchant_picker.none')}
      data-testid={testId}
    />
  );
}
