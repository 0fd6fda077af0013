import { JOIN_TYPES, type JoinType } from '@nearcast/contract';
import { useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

function ShopIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
      <path d="M4 9.5V20h16V9.5M3 9.5l1.6-5h14.8l1.6 5c0 1.4-1.2 2.5-2.6 2.5s-2.6-1.1-2.6-2.5c0 1.4-1.2 2.5-2.6 2.5S12 10.9 12 9.5c0 1.4-1.2 2.5-2.6 2.5S6.8 10.9 6.8 9.5c0 1.4-1.2 2.5-2.6 2.5S3 10.9 3 9.5z" />
      <path d="M10 20v-5h4v5" />
    </svg>
  );
}

function StudioIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
      <rect x="3" y="5" width="14" height="12" rx="2" />
      <path d="M17 9.5l4-2.5v10l-4-2.5" />
      <path d="M8.5 8.5l3.5 2.5-3.5 2.5z" fill="currentColor" />
    </svg>
  );
}

const ICONS: Record<JoinType, ComponentType> = { business: ShopIcon, studio: StudioIcon };

/**
 * The first step of spec §2 "Pricing": shop owner or AI studio. A radio group of two large
 * choices (arrow keys move between them, as in any radio group).
 */
export function JoinTypePicker({ value, onChange }: { value: JoinType | null; onChange: (type: JoinType) => void }) {
  const { t } = useTranslation('payment');
  const refs = useRef<Partial<Record<JoinType, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent, type: JoinType) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = JOIN_TYPES[(JOIN_TYPES.indexOf(type) + 1) % JOIN_TYPES.length]!;
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="join-picker" role="radiogroup" aria-label={t('join.label')}>
      {JOIN_TYPES.map((type) => {
        const Icon = ICONS[type];
        const checked = value === type;
        return (
          <button
            key={type}
            ref={(element) => {
              refs.current[type] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (value === null && type === 'business') ? 0 : -1}
            className={checked ? 'join-picker__option join-picker__option--on' : 'join-picker__option'}
            onClick={() => onChange(type)}
            onKeyDown={(event) => onKeyDown(event, type)}
            data-testid={`join-type-${type}`}
          >
            <span className="join-picker__icon">
              <Icon />
            </span>
            <span className="join-picker__text">
              <span className="join-picker__title">
                {t(`join.${type}.title`)} <span className="join-picker__type">({t(`join.${type}.type`)})</span>
              </span>
              <span className="join-picker__body">{t(`join.${type}.body`)}</span>
            </span>
            <span className="join-picker__radio" aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}
