import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Input, Select, type SelectProps } from 'antd';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { fitWidth } from './fit-width';
import './lists.css';

interface ListFiltersProps {
  /** The free-text search; it applies on Enter or the search button, and at once when cleared. */
  keyword?: { value: string; placeholder: string; onSearch: (text: string) => void; testId?: string; maxLength?: number };
  /** Resets every filter; shown when given. */
  onReset?: () => void;
  resetTestId?: string;
  testId?: string;
  /** The list's own filters (selects, pickers, ranges), before the search box. */
  children?: ReactNode;
  /** How many of those are set: a phone folds them behind one button that says so. */
  active?: number;
}

/**
 * The filter row of every list (design.md: "filters in one row"): it wraps on narrow screens,
 * and its selects are as wide as their words in the user's language, so 'Estado de pago' and
 * 'Estado de datos' are never both cut to 'Estado de…'.
 */
export function ListFilters({ keyword, onReset, resetTestId = 'filter-reset', testId = 'filters', children, active = 0 }: ListFiltersProps) {
  const { t } = useTranslation('common');
  const isPhone = useMediaQuery(PHONE_QUERY);
  // On a phone the filters would fill the first screen before any row: they fold away.
  const [unfolded, setUnfolded] = useState(false);
  const folded = isPhone && !!children && !unfolded;
  const [draft, setDraft] = useState(keyword?.value ?? '');
  const applied = keyword?.value ?? '';
  // A reset (or any change from outside) shows in the box too.
  useEffect(() => setDraft(applied), [applied]);

  return (
    <div className="nc-filters" role="search" data-testid={testId}>
      {!folded && children}
      {keyword && (
        <Input.Search
          className="nc-filters__keyword"
          value={draft}
          allowClear
          maxLength={keyword.maxLength ?? 100}
          placeholder={keyword.placeholder}
          aria-label={t('filters.keyword')}
          onChange={(event) => {
            setDraft(event.target.value);
            // Clearing the box shows everything again without another click.
            if (event.target.value === '' && applied) keyword.onSearch('');
          }}
          onSearch={(text) => keyword.onSearch(text.trim())}
          data-testid={keyword.testId ?? 'filter-keyword'}
        />
      )}
      {isPhone && !!children && (
        <Button
          icon={<FilterOutlined />}
          onClick={() => setUnfolded((open) => !open)}
          aria-expanded={unfolded}
          data-testid="filters-toggle"
        >
          {t('filters.more')}
          {active > 0 && <Badge count={active} size="small" color="#7c5cff" />}
        </Button>
      )}
      {onReset && (!folded || active > 0 || applied !== '') && (
        <Button
          onClick={() => {
            setDraft('');
            onReset();
          }}
          data-testid={resetTestId}
        >
          {t('filters.reset')}
        </Button>
      )}
    </div>
  );
}

type FilterSelectProps<V> = Omit<SelectProps<V>, 'placeholder' | 'aria-label'> & {
  /** The filter's name: its placeholder and its accessible name. */
  label: string;
  'data-testid'?: string;
};

/** A select in the filter row, sized to the longest of its label and its options. */
export function FilterSelect<V>({ label, options, className, style, ...rest }: FilterSelectProps<V>) {
  const texts = [label, ...(options ?? []).map((option) => (typeof option.label === 'string' ? option.label : ''))];
  return (
    <Select<V>
      allowClear
      {...rest}
      options={options}
      placeholder={label}
      aria-label={label}
      className={['nc-filters__select', className].filter(Boolean).join(' ')}
      style={{ '--nc-fit': `${fitWidth(texts)}px`, ...style } as CSSProperties}
      popupMatchSelectWidth={false}
    />
  );
}
