import type { PricePackage } from '@nearcast/contract';
import type { CSSProperties } from 'react';
import { BRAND } from '../../../lib/theme';
import { colourOr, readableButton } from '../lib/colour';

/**
 * A package's own colours (spec §3: gradient start and end, check colour, button colour) as
 * CSS variables the card and detail styles read; anything malformed falls back to the brand's.
 */
export function planStyle(pkg: Pick<PricePackage, 'gradient_start' | 'gradient_end' | 'check_color' | 'button_color'>): CSSProperties {
  const button = readableButton(colourOr(pkg.button_color, BRAND.violet));
  return {
    '--plan-from': colourOr(pkg.gradient_start, BRAND.violet),
    '--plan-to': colourOr(pkg.gradient_end, BRAND.cyan),
    '--plan-check': colourOr(pkg.check_color, BRAND.cyan),
    '--plan-button': button.background,
    '--plan-button-text': button.text,
  } as CSSProperties;
}

export function checkColour(pkg: Pick<PricePackage, 'check_color'>): string {
  return colourOr(pkg.check_color, BRAND.cyan);
}
