import { STUDIO_PLACES_PER_CITY } from '@nearcast/contract';
import { Alert, Select, Spin } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaces } from '../api/city-places';
import { useMyWaitlistEntry } from '../../../api/waitlist';
import { useAreaList, useStates } from '../../../api/area-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { CityWaitlist } from './city-waitlist';

/** Enough cities to scroll; the search narrows a state's hundreds down. */
const CITY_PAGE = 50;

/**
 * A studio's city, chosen before paying (spec §9: 100 studio places per city): the state, then
 * the city searched on the server (a state has hundreds), then how many places are left there.
 * The plan page reads the same places query (one request, shared) to allow the purchase. An
 * applicant (a studio without a plan) may join a full city's waitlist; one already in a line finds
 * the picker open on that city.
 */
export function CityPicker({
  cityId,
  onCityChange,
  showRequired,
  applicant,
}: {
  cityId: number | null;
  onCityChange: (cityId: number | null) => void;
  showRequired: boolean;
  applicant: boolean;
}) {
  const { t } = useTranslation('payment');
  const stateLabel = useId();
  const cityLabel = useId();
  const [stateId, setStateId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const keyword = useDebouncedValue(search.trim());
  const states = useStates();
  const cities = useAreaList(
    { parent_id: stateId, type: 'city', keyword: keyword || undefined, page_size: CITY_PAGE },
    { enabled: stateId !== null, keepPrevious: true, staleTime: 5 * 60_000 },
  );
  const places = usePlaces(cityId);
  const line = useMyWaitlistEntry(applicant);
  const entry = line.data ?? null;

  // Once, when nothing is chosen yet: an applicant in a city's line comes back to that city.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !entry || entry.state_id === null) return;
    opened.current = true;
    if (cityId !== null || stateId !== null) return;
    setStateId(entry.state_id);
    setChosen({ value: entry.city_id, label: entry.city_name });
    onCityChange(entry.city_id);
  }, [entry, cityId, stateId, onCityChange]);

  // The chosen city stays among the options while another search runs, so the select keeps
  // showing its name rather than its id.
  const found = (cities.data?.list ?? []).map((city) => ({ value: city.id, label: city.name }));
  const cityOptions =
    chosen && chosen.value === cityId && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  const left = places.data?.left;

  return (
    <fieldset className="plan-city" data-testid="plan-city">
      <legend className="plan-city__title">{t('plan.city.title')}</legend>
      <p className="plan-city__hint">{t('plan.city.hint', { limit: STUDIO_PLACES_PER_CITY })}</p>
      <div className="plan-city__fields">
        <label className="plan-city__field">
          <span id={stateLabel}>{t('plan.city.state')}</span>
          <Select<number>
            aria-labelledby={stateLabel}
            value={stateId ?? undefined}
            placeholder={t('plan.city.state_placeholder')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={states.isPending}
            notFoundContent={states.isError ? t('common:states.load_failed') : undefined}
            options={(states.data?.list ?? []).map((state) => ({ value: state.id, label: state.name }))}
            onChange={(value) => {
              setStateId(value);
              setSearch('');
              setChosen(null);
              onCityChange(null);
            }}
            data-testid="plan-state-select"
          />
        </label>
        <label className="plan-city__field">
          <span id={cityLabel}>{t('plan.city.city')}</span>
          <Select<number>
            aria-labelledby={cityLabel}
            value={cityId ?? undefined}
            placeholder={stateId === null ? t('plan.city.choose_state_first') : t('plan.city.city_placeholder')}
            disabled={stateId === null}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={cities.isFetching}
            notFoundContent={
              cities.isFetching ? <Spin size="small" /> : cities.isError ? t('common:states.load_failed') : t('plan.city.no_cities')
            }
            options={cityOptions}
            onChange={(value, option) => {
              const label = option && !Array.isArray(option) ? String(option.label) : '';
              setChosen({ value, label });
              setSearch('');
              onCityChange(value);
            }}
            status={showRequired && cityId === null ? 'error' : undefined}
            data-testid="plan-city-select"
          />
        </label>
      </div>
      {showRequired && cityId === null && (
        <p className="plan-city__error" role="alert" data-testid="plan-city-required">
          {t('plan.city.required')}
        </p>
      )}
      {cityId !== null && (
        <div className="plan-city__places" aria-live="polite">
          {places.isPending ? (
            <Spin size="small" />
          ) : places.isError ? (
            <Alert type="error" showIcon title={t('plan.city.places_failed')} />
          ) : places.data ? (
            <>
              <p
                className={left === 0 ? 'plan-places plan-places--full' : 'plan-places'}
                data-testid="plan-places-left"
                data-left={places.data.left}
              >
                {t('plan.city.places_left', { left: places.data.left, limit: places.data.limit, city: places.data.city_name })}
              </p>
              <div className="plan-places__bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, (places.data.taken / Math.max(1, places.data.limit)) * 100)}%` }} />
              </div>
              {left === 0 && entry?.city_id !== cityId && (
                <Alert type="warning" showIcon title={t('plan.city.full', { city: places.data.city_name })} data-testid="plan-city-full" />
              )}
              {applicant && line.isSuccess && <CityWaitlist cityId={cityId} cityName={places.data.city_name} full={left === 0} entry={entry} />}
            </>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
