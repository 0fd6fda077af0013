import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitWidth } from '../../../components/fit-width';
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
      // Wide enough for its placeholder in every language (it was cut at laptop widths).
      style={{ minWidth: fitWidth([t('filters.party')]) + 40 }}
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
