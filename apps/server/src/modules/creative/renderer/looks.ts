import type { Look } from './look-types.js';

/**
 * The library of looks. Each is a coherent set rather than a random draw of parts: a loud
 * street-food look pairs one-word pops with zoom punches and a poster end card; a calm café
 * look pairs boxed karaoke with cross-fades and a stacked card. Every look differs from every
 * other in at least three of caption style, transition, end card layout and palette use, so
 * any five of them read as five different videos (looks.test.ts checks it).
 */
export const LOOKS: readonly Look[] = [
  {
    id: 'street_pop',
    caption: { style: 'word_pop', position: 'middle', uppercase: true },
    titleFont: 'display_condensed',
    lowerThird: 'pill',
    transition: 'zoom_punch',
    endCard: 'poster',
    palette: 'accent',
  },
  {
    id: 'cafe_calm',
    caption: { style: 'boxed_karaoke', position: 'lower', uppercase: false },
    titleFont: 'display_serif',
    lowerThird: 'accent_bar',
    transition: 'crossfade',
    endCard: 'badge',
    palette: 'primary',
  },
  {
    id: 'headline',
    caption: { style: 'title_and_spoken', position: 'lower', uppercase: true },
    titleFont: 'display_condensed',
    lowerThird: 'ribbon',
    transition: 'slide',
    endCard: 'split',
    palette: 'dark_highlight',
  },
  {
    id: 'night_market',
    caption: { style: 'kinetic_lines', position: 'middle', uppercase: false },
    titleFont: 'display_rounded',
    lowerThird: 'none',
    transition: 'wipe',
    endCard: 'badge',
    palette: 'dark_highlight',
  },
  {
    id: 'fresh_daily',
    caption: { style: 'boxed_karaoke', position: 'upper', uppercase: false },
    titleFont: 'display_rounded',
    lowerThird: 'pill',
    transition: 'slide',
    endCard: 'poster',
    palette: 'primary',
  },
  {
    id: 'bold_banner',
    caption: { style: 'word_pop', position: 'lower', uppercase: true },
    titleFont: 'display_condensed',
    lowerThird: 'accent_bar',
    transition: 'wipe',
    endCard: 'split',
    palette: 'accent',
  },
  {
    id: 'editorial',
    caption: { style: 'title_and_spoken', position: 'upper', uppercase: false },
    titleFont: 'display_serif',
    lowerThird: 'none',
    transition: 'dip',
    endCard: 'badge',
    palette: 'primary',
  },
  {
    id: 'neighbourhood',
    caption: { style: 'kinetic_lines', position: 'lower', uppercase: false },
    titleFont: 'body',
    lowerThird: 'ribbon',
    transition: 'crossfade',
    endCard: 'split',
    palette: 'accent',
  },
  {
    id: 'spotlight',
    caption: { style: 'word_pop', position: 'upper', uppercase: false },
    titleFont: 'display_rounded',
    lowerThird: 'ribbon',
    transition: 'cut',
    endCard: 'stacked',
    palette: 'dark_highlight',
  },
  {
    id: 'classic',
    caption: { style: 'boxed_karaoke', position: 'middle', uppercase: false },
    titleFont: 'body',
    lowerThird: 'accent_bar',
    transition: 'dip',
    endCard: 'stacked',
    palette: 'primary',
  },
];

/** The look a render keeps when its own is unknown (an old render, a look since renamed). */
export const DEFAULT_LOOK_ID = 'classic';

export function lookById(id: string | null | undefined): Look {
  return LOOKS.find((look) => look.id === id) ?? LOOKS.find((look) => look.id === DEFAULT_LOOK_ID)!;
}

/**
 * The costliest look to render: transitions that overlay a tail cost most (zoom_punch scales
 * every tail frame), and the poster and split cards draw the most. bench:render times it.
 */
export const SLOWEST_LOOK_ID = 'street_pop';
