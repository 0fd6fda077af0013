import { PAY_STATES, type PayState } from '@nearcast/contract';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import type { ListFilterValues } from '../utils/list-query';

const DAY = 'YYYY-MM-DD';

interface PeopleFiltersProps {
  value: ListFilterValues;
  onChange: (next: ListFilterValues) => void;
  /** Filters this list adds before the common ones (role, type, agent, studio). */
  leading?: ReactNode;
  /** Which of the common filters the list has. */
  show?: { pay?: boolean; info?: boolean; registered?: boolean };
  keywordPlaceholder: string;
  onReset: () => void;
  /** How many of the leading filters are set. */
  leadingActive?: number;
}

/** The filters every people list shares (payment state, information, sign-up dates) in the shared filter row. */
export function PeopleFilters({ value, onChange, leading, show = {}, keywordPlaceholder, onReset, leadingActive = 0 }: PeopleFiltersProps) {
  const { t } = useTranslation('org');
  const { pay = true, info = true, registered = true } = show;
  const active = leadingActive + [value.pay_state, value.info_status !== undefined, value.registered].filter(Boolean).length;

  return (
    <ListFilters keyword={{ value: value.keyword ?? '', placeholder: keywordPlaceholder, onSearch: (keyword) => onChange({ ...value, keyword }) }} onReset={onReset} active={active}>
      {leading}
      {pay && (
        <FilterSelect<PayState>
          label={t('filters.pay_state')}
          value={value.pay_state}
          onChange={(next) => onChange({ ...value, pay_state: next })}
          options={PAY_STATES.map((state) => ({ value: state, label: t(`pay_state.${state}`) }))}
          data-testid="filter-pay-state"
        />
      )}
      {info && (
        <FilterSelect<0 | 1>
          label={t('filters.info_status')}
          value={value.info_status}
          onChange={(next) => onChange({ ...value, info_status: next })}
          options={[
            { value: 1, label: t('info_status.complete') },
            { value: 0, label: t('info_status.incomplete') },
          ]}
          data-testid="filter-info-status"
        />
      )}
      {registered && (
        <DatePicker.RangePicker
          className="nc-filters__range"
          classNames={{ popup: { root: 'org-range-popup' } }}
          value={value.registered ? [dayjs(value.registered[0]), dayjs(value.registered[1])] : null}
          onChange={(_dates, strings) => onChange({ ...value, registered: strings[0] && strings[1] ? [strings[0], strings[1]] : null })}
          format={DAY}
          placeholder={[t('filters.registered_from'), t('filters.registered_to')]}
          aria-label={t('filters.registered')}
          allowEmpty={[false, false]}
          data-testid="filter-registered"
        />
      )}
    </ListFilters>
  );
}
