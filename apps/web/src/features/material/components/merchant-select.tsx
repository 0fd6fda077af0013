import { Select } from 'antd';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useClients } from '../../../api/client-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * The super admin's merchant filter: searched on the server as the admin types (there may be a
 * hundred thousand merchants), the chosen one keeping its name while another search shows.
 */
export function MerchantSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('material');
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
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      onClear={() => setSearch('')}
      options={options}
      loading={clients.isFetching}
      placeholder={t('filters.merchant')}
      aria-label={t('filters.merchant')}
      className="nc-filters__select material-merchant-select"
      style={{ '--nc-fit': '220px' } as CSSProperties}
      popupMatchSelectWidth={false}
      notFoundContent={clients.isFetching ? t('filters.searching') : t('filters.no_merchant')}
      data-testid="filter-merchant"
    />
  );
}
