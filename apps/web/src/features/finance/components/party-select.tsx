import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useParties } from '../api/search-parties';

/** Staff: pick the merchant, studio or agent whose money the list shows (searches as one types). */
export function PartySelect({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('finance');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(keyword, 300);
  const parties = useParties(debounced, open || value !== undefined);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      onOpenChange={setOpen}
      loading={parties.isFetching}
      placeholder={t('filters.party')}
      aria-label={t('filters.party')}
      className="nc-filters__picker fin-party"
      popupMatchSelectWidth={false}
      notFoundContent={parties.isFetching ? t('filters.searching') : t('filters.no_party')}
      options={(parties.data ?? []).map((party) => ({
        value: party.id,
        label: `${party.name} · ${t(`party_kind.${party.kind}`)}`,
        title: party.email,
      }))}
      data-testid="filter-party"
    />
  );
}
