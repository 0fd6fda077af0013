import type { Area } from '@nearcast/contract';
import { Select, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaList } from '../../../api/area-list';

/** The tree barely changes: a level is kept for minutes. */
const LEVEL_STALE_MS = 5 * 60_000;
import type { CityValue } from '../lib/settle-values';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Small levels (one country, 51 states, a city's few counties) come whole and filter in the browser. */
const WHOLE_LEVEL = 100;
/** A state has thousands of cities: they are searched on the server, this many at a time. */
const CITY_OPTIONS = 50;

interface PickerProps<V> {
  /** Form.Item passes value, onChange and id in. */
  value?: V;
  onChange?: (value: V | undefined) => void;
  id?: string;
  testId: string;
  /** Fixed by something else (a studio's paid place): shown, not changeable. */
  locked?: boolean;
}

const toOptions = (list: Area[] | undefined) => (list ?? []).map((area) => ({ value: area.id, label: area.name }));

function emptyText(t: (key: string) => string, state: { waiting: string | null; loading: boolean; failed: boolean }): ReactNode {
  if (state.waiting) return state.waiting;
  if (state.loading) return <Spin size="small" />;
  if (state.failed) return t('common:states.load_failed');
  return t('settle.no_match');
}

/** A whole level under one parent, searched by name in the browser. */
function LevelSelect({
  parentId,
  type,
  placeholder,
  waitingText,
  autoPickSingle = false,
  value,
  onChange,
  id,
  testId,
  locked = false,
}: PickerProps<number> & {
  parentId: number | null | undefined;
  type: 'country' | 'state' | 'county';
  placeholder: string;
  /** Shown instead of options while the parent is not chosen. */
  waitingText: string | null;
  /** A city in a single county: choose it, the user has nothing to decide. */
  autoPickSingle?: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const ready = type === 'country' || parentId != null;
  const query = useAreaList({ parent_id: type === 'country' ? null : parentId, type, page_size: WHOLE_LEVEL }, { enabled: ready, staleTime: LEVEL_STALE_MS });
  const options = ready ? toOptions(query.data?.list) : [];
  const single = options.length === 1 ? options[0]!.value : null;

  useEffect(() => {
    if (autoPickSingle && ready && value == null && single != null) onChange?.(single);
  }, [autoPickSingle, ready, value, single, onChange]);

  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      allowClear={!locked}
      disabled={!ready || locked}
      placeholder={ready ? placeholder : (waitingText ?? placeholder)}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      loading={ready && query.isFetching}
      notFoundContent={emptyText(t, { waiting: ready ? null : waitingText, loading: query.isFetching, failed: query.isError })}
      data-testid={testId}
    />
  );
}

export function CountrySelect(props: PickerProps<number>) {
  const { t } = useTranslation('onboarding');
  return <LevelSelect {...props} parentId={null} type="country" placeholder={t('settle.placeholders.country')} waitingText={null} />;
}

export function StateSelect({ countryId, ...props }: PickerProps<number> & { countryId?: number }) {
  const { t } = useTranslation('onboarding');
  return (
    <LevelSelect {...props} parentId={countryId} type="state" placeholder={t('settle.placeholders.state')} waitingText={t('settle.country_first')} />
  );
}

export function CountySelect({ cityId, ...props }: PickerProps<number> & { cityId?: number }) {
  const { t } = useTranslation('onboarding');
  return (
    <LevelSelect
      {...props}
      parentId={cityId}
      type="county"
      placeholder={t('settle.placeholders.county')}
      waitingText={t('settle.city_first')}
      autoPickSingle
    />
  );
}

/**
 * The cities of a state, searched on the server as the user types (a state has thousands).
 * The value keeps its label, so the chosen city still reads right once another search runs.
 */
export function CitySelect({ stateId, value, onChange, id, testId, locked = false }: PickerProps<CityValue> & { stateId?: number }) {
  const { t } = useTranslation('onboarding');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const keyword = useDebouncedValue(search.trim(), 300);
  useEffect(() => setSearch(''), [stateId]);
  const ready = stateId != null;
  // Asked only while the list is open: a closed picker has nothing to show.
  const query = useAreaList(
    { parent_id: stateId ?? null, type: 'city', page_size: CITY_OPTIONS, ...(keyword ? { keyword } : {}) },
    { enabled: ready && open, staleTime: LEVEL_STALE_MS },
  );
  const typing = search.trim() !== keyword;
  const loading = ready && open && (query.isFetching || typing);
  const options = ready && !typing ? toOptions(query.data?.list) : [];
  const total = query.data?.total ?? 0;

  return (
    <Select<CityValue, { value: number; label: string }>
      id={id}
      labelInValue
      value={value}
      onChange={(next) => {
        onChange?.(next ? { value: next.value, label: String(next.label) } : undefined);
        setSearch('');
      }}
      allowClear={!locked}
      onOpenChange={setOpen}
      disabled={!ready || locked}
      placeholder={ready ? t('settle.placeholders.city') : t('settle.state_first')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      options={options}
      loading={loading}
      notFoundContent={emptyText(t, { waiting: ready ? null : t('settle.state_first'), loading, failed: query.isError })}
      popupRender={(menu) => (
        <>
          {menu}
          {ready && !loading && total > options.length && options.length > 0 && (
            <div className="onb-select-hint" data-testid="settle-city-more">
              {t('settle.more_cities', { shown: options.length, total })}
            </div>
          )}
        </>
      )}
      data-testid={testId}
    />
  );
}
