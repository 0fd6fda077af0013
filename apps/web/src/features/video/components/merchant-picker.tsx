import { Select } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClients } from '../../../api/client-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * A merchant in the caller's scope (the server answers only those), searched as the user types;
 * the chosen one keeps its name while another search shows.
 */
export function MerchantPicker({
  value,
  onChange,
  allowClear = true,
  placeholder,
  testId = 'video-merchant',
  className,
}: {
  value: number | null;
  onChange: (id: number | null, name: string | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation('video');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const clients = useClients({ keyword: keyword || undefined, page: 1, page_size: 50 });
  const known = useRef(new Map<number, string>());
  const options = useMemo(() => {
    const list = (clients.data?.list ?? []).map((client) => {
      const title = client.company_short_name || client.name || client.email;
      known.current.set(client.id, title);
      return { value: client.id, label: title, title };
    });
    if (value !== null && !list.some((option) => option.value === value)) {
      const title = known.current.get(value) ?? `#${value}`;
      list.unshift({ value, label: title, title });
    }
    return list;
  }, [clients.data, value]);

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null, next === undefined ? null : (known.current.get(next) ?? null))}
      onClear={() => setSearch('')}
      options={options}
      loading={clients.isFetching}
      placeholder={placeholder ?? t('merchant.all')}
      aria-label={t('merchant.label')}
      className={className}
      popupMatchSelectWidth={false}
      notFoundContent={clients.isFetching ? t('merchant.searching') : t('merchant.none')}
      data-testid={testId}
    />
  );
}
