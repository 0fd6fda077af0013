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

/** WCAG's contrast ratio of two luminances. */
const ratio = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** WCAG AA for a button's label: normal-weight text of 15 px is not "large text", so 4.5:1. */
const LABEL_CONTRAST = 4.5;

/**
 * A button in the package's colour with a label that meets AA. Colours that take white are
 * darkened just enough for a white label to reach 4.5:1 (the brand violet moves from 4.35:1 to
 * 4.5:1, a shade no one tells apart), so the super admin's choice keeps its hue; colours too
 * light for white take the dark label, which reaches 4.5:1 on them already.
 */
export function readableButton(hex: string): { background: string; text: string } {
  const text = readableTextOn(hex);
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match || text !== LIGHT_TEXT) return { background: hex, text };
  const rgb = match.slice(1).map((part) => parseInt(part, 16));
  for (let scale = 1; scale > 0; scale -= 0.01) {
    const shade = rgb.map((value) => Math.round(value * scale));
    const background = `#${shade.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    if (ratio(luminance(background)!, 1) >= LABEL_CONTRAST) return { background, text };
  }
  return { background: '#000000', text };
}
