import { FINANCE_RECORD_TYPES, FINANCE_STATUSES, type FinanceRecordType, type FinanceStatus } from '@nearcast/contract';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PartySelect } from './party-select';
import type { RecordFilters } from './records-table';

const DAY = 'YYYY-MM-DD';

/** Staff filters of every record: type, status, party and create dates. */
export function RecordsFilters({ value, onChange }: { value: RecordFilters; onChange: (next: RecordFilters) => void }) {
  const { t } = useTranslation('finance');
  const active = [value.type, value.status, value.party_id, value.date_from].filter((item) => item !== undefined).length;
  return (
    <ListFilters onReset={() => onChange({})} active={active} testId="finance-filters">
      <FilterSelect<FinanceRecordType>
        label={t('filters.type')}
        value={value.type}
        onChange={(type) => onChange({ ...value, type: type ?? undefined })}
        options={FINANCE_RECORD_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
        data-testid="filter-type"
      />
      <FilterSelect<FinanceStatus>
        label={t('filters.status')}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status ?? undefined })}
        options={FINANCE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        data-testid="filter-status"
      />
      <PartySelect value={value.party_id} onChange={(party_id) => onChange({ ...value, party_id })} />
      <DatePicker.RangePicker
        className="nc-filters__range"
        value={value.date_from && value.date_to ? [dayjs(value.date_from), dayjs(value.date_to)] : null}
        onChange={(_dates, strings) => onChange({ ...value, date_from: strings[0] || undefined, date_to: strings[1] || undefined })}
        format={DAY}
        placeholder={[t('filters.date_from'), t('filters.date_to')]}
        aria-label={t('filters.dates')}
        allowEmpty={[false, false]}
        data-testid="filter-dates"
      />
    </ListFilters>
  );
}
