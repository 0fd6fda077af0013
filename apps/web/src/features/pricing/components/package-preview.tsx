import { CheckCircleFilled, ReadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { PricePackage } from '@nearcast/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLOURS, textColourOn } from '../lib/package-form';
import { formatUsd } from '../../../lib/money';

export interface PreviewPackage {
  name: string;
  tag: string;
  type?: PricePackage['type'];
  /** Cents, or undefined while the field is blank or not a number yet. */
  base_price_cents?: number;
  actual_price_cents?: number;
  discount_cents?: number;
  monthly_credits?: number;
  button_color?: string;
  check_color?: string;
  gradient_start?: string;
  gradient_end?: string;
  learning_course: string;
  features: string[];
  enabled: boolean;
}

const HEX = /^#[0-9a-f]{6}$/i;
const colourOr = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
const known = (cents: number | undefined): cents is number => cents !== undefined && Number.isSafeInteger(cents) && cents >= 0;

/**
 * The package as the public pricing card shows it — gradient head, price per 30 days with the
 * base price struck through, the first-purchase offer, features ticked in the check colour and
 * the button in the button colour — drawn live from the form while the admin edits.
 */
export function PackagePreview({ pkg }: { pkg: PreviewPackage }) {
  const { t, i18n } = useTranslation('pricing');
  const language = i18n.language;
  const button = colourOr(pkg.button_color, DEFAULT_COLOURS.button_color);
  const style = {
    '--pp-start': colourOr(pkg.gradient_start, DEFAULT_COLOURS.gradient_start),
    '--pp-end': colourOr(pkg.gradient_end, DEFAULT_COLOURS.gradient_end),
    '--pp-check': colourOr(pkg.check_color, DEFAULT_COLOURS.check_color),
  } as CSSProperties;
  const actual = known(pkg.actual_price_cents) ? pkg.actual_price_cents : undefined;
  const base = known(pkg.base_price_cents) ? pkg.base_price_cents : undefined;
  const discount = known(pkg.discount_cents) && actual !== undefined && pkg.discount_cents > 0 && pkg.discount_cents <= actual ? pkg.discount_cents : 0;
  const features = pkg.features.map((line) => line.trim()).filter(Boolean);

  return (
    <article className="pricing-preview" style={style} data-testid="price-preview" aria-label={t('preview.label')}>
      <header className="pricing-preview__head">
        <div className="pricing-preview__badges">
          {pkg.type && <span className="pricing-preview__type">{t(`types.${pkg.type}`)}</span>}
          {pkg.tag.trim() && <span className="pricing-preview__tag">{pkg.tag.trim()}</span>}
        </div>
        <h3 className="pricing-preview__name">{pkg.name.trim() || t('preview.untitled')}</h3>
      </header>
      <div className="pricing-preview__body">
        <div className="pricing-preview__price">
          <span className="pricing-preview__amount" data-testid="price-preview-amount">
            {actual !== undefined ? formatUsd(actual, language) : '—'}
          </span>
          <span className="pricing-preview__period">{t('preview.per_period')}</span>
          {base !== undefined && actual !== undefined && base > actual && (
            <s className="pricing-preview__base">{formatUsd(base, language)}</s>
          )}
        </div>
        {discount > 0 && actual !== undefined && (
          <p className="pricing-preview__offer">
            {t('preview.first_purchase', {
              price: formatUsd(actual - discount, language),
              saving: formatUsd(discount, language),
            })}
          </p>
        )}
        {!!pkg.monthly_credits && pkg.monthly_credits > 0 && (
          <p className="pricing-preview__credits">
            <ThunderboltOutlined /> {t('preview.credits', { count: pkg.monthly_credits })}
          </p>
        )}
        {features.length > 0 ? (
          <ul className="pricing-preview__features">
            {features.map((line, index) => (
              <li key={index}>
                <CheckCircleFilled className="pricing-preview__check" aria-hidden="true" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pricing-preview__hint">{t('preview.no_features')}</p>
        )}
        {pkg.learning_course.trim() && (
          <p className="pricing-preview__course">
            <ReadOutlined /> {t('preview.course', { course: pkg.learning_course.trim() })}
          </p>
        )}
        <span className="pricing-preview__button" style={{ background: button, color: textColourOn(button) }} data-testid="price-preview-button">
          {t(pkg.type === 'studio' ? 'preview.cta_studio' : 'preview.cta')}
        </span>
        {!pkg.enabled && <p className="pricing-preview__hidden">{t('preview.hidden')}</p>}
      </div>
    </article>
  );
}
