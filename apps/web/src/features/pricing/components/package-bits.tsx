import type { PricePackage } from '@nearcast/contract';

type PackageType = PricePackage['type'];
import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/money';

const TYPE_COLOURS: Record<PackageType, string> = { business: 'purple', studio: 'cyan', addon: 'gold' };

/** The package's gradient as a small swatch, so a row is recognisable by its card colours. */
export function GradientSwatch({ pkg }: { pkg: Pick<PricePackage, 'gradient_start' | 'gradient_end'> }) {
  const style = { background: `linear-gradient(135deg, ${pkg.gradient_start}, ${pkg.gradient_end})` } as CSSProperties;
  return <span className="pricing-swatch" style={style} aria-hidden="true" />;
}

export function TypeTag({ type }: { type: PackageType }) {
  const { t } = useTranslation('pricing');
  return (
    <Tag color={TYPE_COLOURS[type]} className="pricing-tag">
      {t(`types.${type}`)}
    </Tag>
  );
}

/** A price in dollars, or a dash for nothing (a zero discount). */
export function Money({ cents, dashWhenZero = false, testId }: { cents: number; dashWhenZero?: boolean; testId?: string }) {
  const { i18n } = useTranslation();
  if (dashWhenZero && cents === 0) return <span className="pricing-muted">—</span>;
  return (
    <span className="pricing-num" data-testid={testId}>
      {formatUsd(cents, i18n.language)}
    </span>
  );
}
