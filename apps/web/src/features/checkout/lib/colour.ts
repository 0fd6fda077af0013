/**
 * A package's button colour is chosen by the super admin: the label on it must stay readable
 * whatever they pick. White, the product's look on its violet buttons, while it keeps a 3:1
 * contrast (WCAG's level for bold labels); dark text on colours too light for that.
 */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => channel(parseInt(part, 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const DARK_TEXT = '#0a0a12';
const LIGHT_TEXT = '#ffffff';
const MIN_CONTRAST = 3;

export function readableTextOn(hex: string): string {
  const l = luminance(hex);
  if (l === null) return LIGHT_TEXT;
  return 1.05 / (l + 0.05) >= MIN_CONTRAST ? LIGHT_TEXT : DARK_TEXT;
}

/** The colour itself when it is a valid #rrggbb, else the brand's. */
export function colourOr(hex: string, fallback: string): string {
  return luminance(hex) === null ? fallback : hex;
}
