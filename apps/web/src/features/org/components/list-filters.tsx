import { PAY_STATES, type PayState } from '@nearcast/contract';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilterValues } from '../utils/list-query';

const DAY = 'YYYY-MM-DD';

interface ListFiltersProps {
  value: ListFilterValues;
  onChange: (next: ListFilterValues) => void;
  /** Filters this list adds before the common ones (role, type, agent, studio). */
  leading?: ReactNode;
  /** Which of the common filters the list has. */
  show?: { pay?: boolean; info?: boolean; registered?: boolean };
  keywordPlaceholder: string;
  onReset: () => void;
}

/**
 * The filter row of every people list (design.md: "filters in one row"): it wraps on narrow
 * screens. The keyword applies on Enter or the search button; the others at once.
 */
export function ListFilters({ value, onChange, leading, show = {}, keywordPlaceholder, onReset }: ListFiltersProps) {
  const { t } = useTranslation('org');
  const { pay = true, info = true, registered = true } = show;
  const [keyword, setKeyword] = useState(value.keyword ?? '');

  return (
    <div className="org-filters" role="search" data-testid="filters">
      {leading}
      <Input.Search
        className="org-filters__keyword"
        value={keyword}
        allowClear
        placeholder={keywordPlaceholder}
        aria-label={t('filters.keyword')}
        onChange={(event) => {
          setKeyword(event.target.value);
          // Clearing the box shows everything again without another click.
          if (event.target.value === '' && value.keyword) onChange({ ...value, keyword: '' });
        }}
        onSearch={(text) => onChange({ ...value, keyword: text })}
        data-testid="filter-keyword"
      />
      {pay && (
        <Select<PayState>
          className="org-filters__select"
          allowClear
          placeholder={t('filters.pay_state')}
          aria-label={t('filters.pay_state')}
          value={value.pay_state}
          onChange={(next) => onChange({ ...value, pay_state: next })}
          options={PAY_STATES.map((state) => ({ value: state, label: t(`pay_state.${state}`) }))}
          data-testid="filter-pay-state"
        />
      )}
      {info && (
        <Select<0 | 1>
          className="org-filters__select"
          allowClear
          placeholder={t('filters.info_status')}
          aria-label={t('filters.info_status')}
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
          className="org-filters__range"
          classNames={{ popup: { root: 'org-range-popup' } }}
          value={value.registered ? [dayjs(value.registered[0]), dayjs(value.registered[1])] : null}
          onChange={(_dates, strings) =>
            onChange({ ...value, registered: strings[0] && strings[1] ? [strings[0], strings[1]] : null })
          }
          format={DAY}
          placeholder={[t('filters.registered_from'), t('filters.registered_to')]}
          aria-label={t('filters.registered')}
          allowEmpty={[false, false]}
          data-testid="filter-registered"
        />
      )}
      <Button
        onClick={() => {
          setKeyword('');
          onReset();
        }}
        data-testid="filter-reset"
      >
        {t('filters.reset')}
      </Button>
    </div>
  );
}
