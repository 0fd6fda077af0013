import type { BusinessCategory, HookStyle, ScriptLanguage, ScriptTone } from '@nearcast/contract';

/**
 * The texts the template engine writes scripts from, one library per language, each written in
 * that language rather than translated: a hook that works in English sounds stiff translated into
 * Spanish, and Chinese short-video voice-over (口播) has its own rhythm and vocabulary.
 *
 * Texts carry `{slot}` placeholders the engine fills from the brief. A line whose placeholders
 * the brief cannot fill (no offer, no hours) is simply not chosen, so every library needs lines
 * that stand without them.
 */

/** What a placeholder can hold. */
export const SLOTS = [
  /** The shop's name, as the merchant wrote it (shortened when a line would not fit). */
  'shop',
  /** The category's noun forms, so that shared lines agree in article and gender. */
  'noun',
  'a_noun',
  'the_noun',
  'our_noun',
  /** What the business sells, as a plural or mass noun ("our menu", "our services"). */
  'offering',
  /** The neighbourhood or city, taken from the address. */
  'area',
  /** The street part of the address. */
  'street',
  'hours',
  'offer',
  /** The brief's call to action, or the category's default. */
  'cta',
  'phone',
] as const;
export type Slot = (typeof SLOTS)[number];
export type SlotValues = Record<Slot, string>;

/** One line of a script before filling: the words on screen and the words said over them. */
export interface LineTemplate {
  /** Alternatives in order of preference: the first that fits the screen once filled is drawn. */
  on_screen: string | readonly string[];
  spoken: string;
  /** Only for briefs of these tones; every tone when absent. */
  tones?: readonly ScriptTone[];
}

/** What a beat is about: a script is a hook, a few of these, and a call to action. */
export const BEAT_KINDS = ['signature', 'craft', 'experience', 'people', 'proof', 'local', 'offer', 'hours', 'visit', 'vibe'] as const;
export type BeatKind = (typeof BEAT_KINDS)[number];

/** What the category says in its own words: what it sells, how it is made, what a visit is like. */
export type CategoryBeatKind = 'signature' | 'craft' | 'experience';
/** Beats every category shares (a category may add its own people and proof lines). */
export type SharedBeatKind = Exclude<BeatKind, CategoryBeatKind>;

export interface CategoryNouns {
  noun: string;
  a_noun: string;
  the_noun: string;
  our_noun: string;
  offering: string;
}

export interface CategoryScripts {
  nouns: CategoryNouns;
  /** The call to action when the brief has none (fits the screen on its own). */
  default_cta: string;
  /** Hashtags without `#`, most specific first. */
  hashtags: readonly string[];
  /** Titles (up to 100 characters once filled). */
  titles: readonly string[];
  hooks: Partial<Record<HookStyle, readonly LineTemplate[]>>;
  beats: Record<CategoryBeatKind, readonly LineTemplate[]> & Partial<Record<'people' | 'proof', readonly LineTemplate[]>>;
}

/** The words around a post's caption, in the language's own conventions. */
export interface CaptionTexts {
  /**
   * Caption texts may also use {hook} (the hook's on-screen words), {hook_line} (the same as a
   * sentence, ending in punctuation), {title}, {address} (the full address) and {link}, besides
   * the slots.
   */
  /** A short-video caption (TikTok, Kuaishou). */
  short: readonly string[];
  /** A YouTube Shorts title-like caption. */
  youtube: readonly string[];
  address: string;
  hours: string;
  phone: string;
  offer: string;
  link: string;
  /** The closing line of a long caption. */
  closing: readonly string[];
  /** A topic made from the area for Weibo-style `#话题#` and area hashtags: {area} available. */
  area_topic: string;
}

export interface LanguageScripts {
  language: ScriptLanguage;
  categories: Record<BusinessCategory, CategoryScripts>;
  /** Hooks every category can use, written with the noun slots. */
  hooks: Record<HookStyle, readonly LineTemplate[]>;
  beats: Record<SharedBeatKind, readonly LineTemplate[]>;
  /** The closing line: on screen the call to action itself, spoken in the brief's tone. */
  calls_to_action: readonly LineTemplate[];
  titles: readonly string[];
  captions: CaptionTexts;
  /** Hashtags of local business in general, added after the category's. */
  hashtags: readonly string[];
  /** How long a shortened shop name may be, in characters (CJK names are denser). */
  short_name_max: number;
}

/** The placeholders a text uses. */
export function slotsOf(text: string): string[] {
  return [...text.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? '');
}
