/** Roughly how wide a line of text is at 14 px: CJK and full-width characters take two units. */
function units(text: string): number {
  let total = 0;
  for (const char of text) total += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1;
  return total;
}

const PX_PER_UNIT = 7.6;
/** The clear icon, the arrow and the padding around the text. */
const CHROME = 56;
const MIN = 120;
const MAX = 280;

/**
 * The width a control needs so that the longest of its texts shows whole, in whatever language
 * they are: Spanish labels run half as long again as English, Chinese ones half as short.
 */
export function fitWidth(texts: readonly string[]): number {
  const longest = Math.max(0, ...texts.map(units));
  return Math.min(MAX, Math.max(MIN, Math.ceil(longest * PX_PER_UNIT + CHROME)));
}
