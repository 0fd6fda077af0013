/**
 * The vocabulary of a look: a coherent set of caption style, fonts, lower third, transitions,
 * end card layout and use of the brand palette, so that a merchant's five videos of one day read
 * as five different videos. The looks themselves live in `looks.ts`; the captions and lower third
 * are drawn from these names by `captions-ass.ts`, the shots and end card by `render-graph.ts`
 * and `end-card.ts`.
 */

/**
 * How the words of a line are shown:
 * - `boxed_karaoke`: two lines in a box, the word being said lit in the accent colour;
 * - `word_pop`: one to three words at a time, each popping in large at the centre;
 * - `title_and_spoken`: the beat's on-screen text as a bold title up top, the spoken words small below;
 * - `kinetic_lines`: lines that slide and scale in as they are said.
 */
export const CAPTION_STYLES = ['boxed_karaoke', 'word_pop', 'title_and_spoken', 'kinetic_lines'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

/** Where the captions sit in the safe area. */
export const CAPTION_POSITIONS = ['lower', 'middle', 'upper'] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

/** The shop name and address during the beats. */
export const LOWER_THIRD_STYLES = ['accent_bar', 'pill', 'ribbon', 'none'] as const;
export type LowerThirdStyle = (typeof LOWER_THIRD_STYLES)[number];

/** How one shot gives way to the next. */
export const TRANSITIONS = ['cut', 'dip', 'crossfade', 'slide', 'zoom_punch', 'wipe'] as const;
export type Transition = (typeof TRANSITIONS)[number];

/** The end card's arrangement of call to action, phone, address, QR code and logo. */
export const END_CARD_LAYOUTS = ['stacked', 'split', 'badge', 'poster'] as const;
export type EndCardLayoutName = (typeof END_CARD_LAYOUTS)[number];

/** Which brand colour leads: the primary, the accent, or a dark ground with the brand as highlight. */
export const PALETTE_USES = ['primary', 'accent', 'dark_highlight'] as const;
export type PaletteUse = (typeof PALETTE_USES)[number];

/** The Latin typeface family of a look's titles (CJK text always uses Noto Sans SC). */
export const LATIN_DISPLAY_FONTS = ['display_condensed', 'display_rounded', 'display_serif', 'body'] as const;
export type LatinDisplayFont = (typeof LATIN_DISPLAY_FONTS)[number];

export interface Look {
  /** Stable id, stored on the render and shown to the studio (e.g. `street_pop`). */
  id: string;
  caption: { style: CaptionStyle; position: CaptionPosition; uppercase: boolean };
  titleFont: LatinDisplayFont;
  lowerThird: LowerThirdStyle;
  transition: Transition;
  endCard: EndCardLayoutName;
  palette: PaletteUse;
}
