import { z } from 'zod';
import { CAPTION_LANGUAGES, type CaptionLanguage } from './video.js';

/** The production line's vocabulary, shared by its briefs, scripts, renders and plans (creative.ts). */
/** What kind of business the merchant is: chooses the script templates and their vocabulary. */
export const BUSINESS_CATEGORIES = [
  'restaurant',
  'cafe',
  'bakery',
  'beauty',
  'fitness',
  'retail',
  'auto',
  'health',
  'home_services',
  'real_estate',
  'education',
  'other',
] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];

export const SCRIPT_TONES = ['friendly', 'energetic', 'premium', 'playful', 'calm'] as const;
export type ScriptTone = (typeof SCRIPT_TONES)[number];

/** How a script opens: the first two seconds decide whether anyone keeps watching. */
export const HOOK_STYLES = ['question', 'bold_claim', 'behind_the_scenes', 'offer_first', 'local_pride', 'problem_solution'] as const;
export type HookStyle = (typeof HOOK_STYLES)[number];

/** The music beds shipped with the platform (our own, synthesised: docs/decisions/047). */
export const MUSIC_BEDS = [
  'upbeat',
  'warm',
  'chill',
  // Nine more beds, each its own key, tempo and instruments (docs/decisions/080).
  'sunny',
  'bossa',
  'funky',
  'retro',
  'cinematic',
  'lounge',
  'festive',
  'dreamy',
  'urban',
] as const;
export type MusicBed = (typeof MUSIC_BEDS)[number];
/** A brief's music: a bundled bed, one chosen for the tone (`auto`), none, or an audio material. */
export const MUSIC_CHOICES = ['auto', 'none', 'library', ...MUSIC_BEDS] as const;
export type MusicChoice = (typeof MUSIC_CHOICES)[number];

/**
 * Who speaks: nobody (music and captions only, the embedded default), the local engine that
 * ships with the platform, or the configured cloud text-to-speech (docs/decisions/048).
 */
export const VOICE_ENGINES = ['none', 'local', 'cloud'] as const;
export type VoiceEngineName = (typeof VOICE_ENGINES)[number];

/** Who wrote a script: the templates, the language model, or the studio by hand on its desk (docs/decisions/086). */
export const SCRIPT_ENGINES = ['template', 'llm', 'hand'] as const;
export type ScriptEngineName = (typeof SCRIPT_ENGINES)[number];

export const SCRIPT_LANGUAGES = CAPTION_LANGUAGES;
export type ScriptLanguage = CaptionLanguage;

/** Length limits of a script: two caption lines on screen, a beat a breath long. */
export const SCRIPT_LIMITS = {
  onScreenMax: 60,
  spokenMax: 240,
  beatsMin: 3,
  beatsMax: 6,
  captionMax: 2200,
  hashtagsMax: 12,
  hashtagMax: 50,
  /** The longest video a script may make, in seconds (the platforms' short-video sweet spot). */
  secondsMax: 60,
} as const;

export const BRIEF_LIMITS = { shopName: 100, address: 300, phone: 40, hours: 200, offer: 200, callToAction: 120, link: 500 } as const;

/** A video language, as every request of the production line takes it. */
export const scriptLanguageField = z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' });
export const scriptLanguagesField = z
  .array(scriptLanguageField, { error: 'validation.invalid_option' })
  .min(1, { error: 'creative.languages_required' })
  .max(SCRIPT_LANGUAGES.length, { error: 'validation.too_big' })
  .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_option' });
