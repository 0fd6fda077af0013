import { z } from 'zod';
import { id, idOf, integer, isoTime, optionalText, plainString } from './fields.js';
import { PUBLISH_TARGETS } from './video.js';
import { HOOK_STYLES, SCRIPT_ENGINES, SCRIPT_LANGUAGES, SCRIPT_LIMITS, scriptLanguageField, type ScriptLanguage } from './creative-base.js';

/** A script: what a video says and shows, line by line, and each platform's caption (creative.ts). */

const onScreen = plainString()
  .trim()
  .min(1, { error: 'creative.text_required' })
  .max(SCRIPT_LIMITS.onScreenMax, { error: 'creative.on_screen_too_long' });
const spoken = plainString()
  .trim()
  .max(SCRIPT_LIMITS.spokenMax, { error: 'creative.spoken_too_long' });

/** One moment of a video: the words drawn on screen and the words said over it. */
export const scriptLine = z.strictObject({ on_screen: onScreen, spoken });
export type ScriptLine = z.infer<typeof scriptLine>;

const hashtag = plainString()
  .trim()
  .transform((value) => value.replace(/^#+/, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'video.hashtag_invalid' })
      .max(SCRIPT_LIMITS.hashtagMax, { error: 'validation.too_long' })
      .regex(/^[^\s#]+$/u, { error: 'video.hashtag_invalid' }),
  );

/** The post text one platform gets with the video. */
export const scriptCaption = z.strictObject({
  platform: z.enum(PUBLISH_TARGETS, { error: 'validation.invalid_option' }),
  caption: optionalText(SCRIPT_LIMITS.captionMax, { multiline: true }),
  hashtags: z.array(hashtag, { error: 'validation.invalid_option' }).max(SCRIPT_LIMITS.hashtagsMax, { error: 'video.too_many_hashtags' }).default([]),
});

/**
 * A script as written or as the studio edited it: a hook, three to six beats and a call to
 * action, each with its on-screen and spoken words, and a caption per platform.
 */
export const scriptBody = z.strictObject({
  title: plainString().trim().min(1, { error: 'creative.text_required' }).max(100, { error: 'validation.too_long' }),
  hook: scriptLine,
  beats: z
    .array(scriptLine, { error: 'creative.beats_count' })
    .min(SCRIPT_LIMITS.beatsMin, { error: 'creative.beats_count' })
    .max(SCRIPT_LIMITS.beatsMax, { error: 'creative.beats_count' }),
  call_to_action: scriptLine,
  captions: z
    .array(scriptCaption, { error: 'validation.invalid_option' })
    .max(PUBLISH_TARGETS.length, { error: 'validation.too_big' })
    .refine((list) => new Set(list.map((item) => item.platform)).size === list.length, { error: 'validation.invalid_option' }),
});
export type ScriptBody = z.output<typeof scriptBody>;
export type ScriptBodyInput = z.input<typeof scriptBody>;

/** A written script, kept so that the next ones differ from it. */
export const script = z.object({
  id,
  merchant_id: z.number().int(),
  language: z.enum(SCRIPT_LANGUAGES),
  engine: z.enum(SCRIPT_ENGINES),
  /** Why the language model was not used, when it was configured and failed; null otherwise. */
  fallback_reason: z.string().nullable(),
  template: z.string(),
  hook_style: z.enum(HOOK_STYLES),
  body: scriptBody,
  /** Seconds the video will last, estimated from its words. */
  estimated_seconds: z.number(),
  create_time: isoTime,
  /** When the studio last edited its body on the desk; null when never edited. */
  update_time: isoTime.nullable(),
  /** On the studio's script desk: written or edited, not yet rendered nor discarded. */
  desk: z.boolean(),
});
export type Script = z.infer<typeof script>;

export const SCRIPT_GENERATE_MAX = 5;
export const scriptGenerateRequest = z.strictObject({
  merchant_id: idOf('creative.merchant_required'),
  language: scriptLanguageField,
  count: integer(1, SCRIPT_GENERATE_MAX).default(1),
  hook_style: z.enum(HOOK_STYLES, { error: 'validation.invalid_option' }).optional(),
});
export const scriptGenerateResponse = z.object({ list: z.array(script) });


/** Reading speed used to time captions when no voice gives word timings (characters a second). */
export const READING_CHARS_PER_SECOND: Record<ScriptLanguage, number> = { en: 15, es: 15, zh: 5 };

/** A line is on screen at least this long, however short its words. */
export const LINE_MIN_SECONDS = 2;
/** The end card (call to action and QR code) stays this long after the last line. */
export const END_CARD_SECONDS = 3;

type TimedLine = { on_screen: string; spoken: string };

/**
 * How long a line stays on screen when no voice has timed it: long enough to say its spoken
 * words, or to read its on-screen words when it has none, plus a breath; never under
 * LINE_MIN_SECONDS. Tenths of a second.
 */
export function lineSeconds(line: TimedLine, language: ScriptLanguage): number {
  const words = (line.spoken.trim() || line.on_screen.trim()).replace(/\s+/g, ' ');
  const seconds = [...words].length / READING_CHARS_PER_SECOND[language] + 0.4;
  return Math.max(LINE_MIN_SECONDS, Math.round(seconds * 10) / 10);
}

/** The lines of a script in the order they play: hook, beats, call to action. */
export function scriptLines<L extends TimedLine>(body: { hook: L; beats: readonly L[]; call_to_action: L }): L[] {
  return [body.hook, ...body.beats, body.call_to_action];
}

/** A script's estimated length in seconds (its lines, then the end card). */
export function estimateScriptSeconds(body: { hook: TimedLine; beats: readonly TimedLine[]; call_to_action: TimedLine }, language: ScriptLanguage): number {
  const total = scriptLines(body).reduce((sum, line) => sum + lineSeconds(line, language), 0) + END_CARD_SECONDS;
  return Math.round(total * 10) / 10;
}
