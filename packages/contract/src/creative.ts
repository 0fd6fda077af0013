import { z } from 'zod';
import { id, idOf, integer, isoDate, isoDateTime, isoTime, optionalText, pageOf, pageQuery, plainString } from './fields.js';
import { CAPTION_LANGUAGES, PUBLISH_TARGETS, type CaptionLanguage } from './video.js';
import { COUPON_CODE, COUPON_CODE_MAX } from './attribution.js';

/**
 * The production line (docs/decisions/047–051): a creative brief per merchant, scripts written
 * from it in en/es/zh, a voice, and a render of one short vertical video from the merchant's own
 * material, which lands in its material library as a draft the studio approves into a post. A
 * daily plan makes the day's videos on its own.
 */

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

/** A colour as #RRGGBB. */
const color = plainString({ error: 'creative.color_invalid' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'creative.color_invalid' })
  .transform((value) => value.toLowerCase());

const language = z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' });
const languages = z
  .array(language, { error: 'validation.invalid_option' })
  .min(1, { error: 'creative.languages_required' })
  .max(SCRIPT_LANGUAGES.length, { error: 'validation.too_big' })
  .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_option' });

// ---- A brief in every language (docs/decisions/077) ------------------------------------------

/** The brief's texts written once per video language: each language's videos use only their own. */
export const LOCALIZED_BRIEF_FIELDS = ['hours', 'offer', 'call_to_action'] as const;
export type LocalizedBriefField = (typeof LOCALIZED_BRIEF_FIELDS)[number];
export const localizedText = z.object({ en: z.string(), es: z.string(), zh: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;
export const briefTranslated = z.object({
  hours: z.array(z.enum(SCRIPT_LANGUAGES)),
  offer: z.array(z.enum(SCRIPT_LANGUAGES)),
  call_to_action: z.array(z.enum(SCRIPT_LANGUAGES)),
});
export type BriefTranslated = z.infer<typeof briefTranslated>;

/**
 * A per-language text in an update: the languages sent change, the others stay. A plain string
 * (what clients sent before texts were per language) goes to the language it is written in.
 */
function localizedUpdate(max: number) {
  const text = optionalText(max);
  return z.union([text, z.strictObject({ en: text.optional(), es: text.optional(), zh: text.optional() })], { error: 'validation.invalid_option' });
}
export type LocalizedUpdate = string | Partial<LocalizedText>;

// ---- end of the per-language brief block -------------------------------------------------------

/** The creative brief: who the merchant is and how its videos should sound and look. */
export const brief = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  shop_name: z.string(),
  category: z.enum(BUSINESS_CATEGORIES),
  address: z.string(),
  phone: z.string(),
  /** Opening hours as each language writes them; an empty language is left out of its videos. */
  hours: localizedText,
  /** This month's offer, e.g. "20% off every Tuesday", per language; may be empty. */
  offer: localizedText,
  /** What the viewer should do, e.g. "Book your table today", per language; empty means the category's own. */
  call_to_action: localizedText,
  /** Which languages of each per-language text a language model filled in (editable like any other). */
  translated: briefTranslated,
  /** The page the end card's QR code opens; empty means the shop's address on a map. */
  link: z.string(),
  /** A coupon the videos offer ("say TACO5 at the counter"), shown on their posts; '' for none (docs/decisions/083). */
  coupon_code: z.string().optional(),
  tone: z.enum(SCRIPT_TONES),
  brand_colors: z.object({ primary: z.string(), accent: z.string() }),
  /** An image material of the merchant shown on the end card; null for the shop name alone. */
  logo_footage_id: z.number().int().nullable(),
  music: z.enum(MUSIC_CHOICES),
  /** The audio material used when `music` is `library`. */
  music_footage_id: z.number().int().nullable(),
  voice: z.enum(VOICE_ENGINES),
  languages: z.array(z.enum(SCRIPT_LANGUAGES)),
  update_time: isoTime.nullable(),
});
export type Brief = z.infer<typeof brief>;

export const briefGetRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required') });

export const briefUpdateRequest = z
  .strictObject({
    merchant_id: idOf('creative.merchant_required'),
    shop_name: plainString().trim().min(1, { error: 'creative.shop_name_required' }).max(BRIEF_LIMITS.shopName, { error: 'validation.too_long' }).optional(),
    category: z.enum(BUSINESS_CATEGORIES, { error: 'validation.invalid_option' }).optional(),
    address: optionalText(BRIEF_LIMITS.address).optional(),
    phone: optionalText(BRIEF_LIMITS.phone).optional(),
    hours: localizedUpdate(BRIEF_LIMITS.hours).optional(),
    offer: localizedUpdate(BRIEF_LIMITS.offer).optional(),
    call_to_action: localizedUpdate(BRIEF_LIMITS.callToAction).optional(),
    link: optionalText(BRIEF_LIMITS.link)
      .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { error: 'creative.link_invalid' })
      .optional(),
    coupon_code: optionalText(COUPON_CODE_MAX)
      .refine((value) => value === '' || COUPON_CODE.test(value), { error: 'attribution.coupon_invalid' })
      .optional(),
    tone: z.enum(SCRIPT_TONES, { error: 'validation.invalid_option' }).optional(),
    brand_colors: z.strictObject({ primary: color, accent: color }).optional(),
    logo_footage_id: id.nullable().optional(),
    music: z.enum(MUSIC_CHOICES, { error: 'validation.invalid_option' }).optional(),
    music_footage_id: id.nullable().optional(),
    voice: z.enum(VOICE_ENGINES, { error: 'validation.invalid_option' }).optional(),
    languages: languages.optional(),
    /**
     * True saves per-language texts even where one reads as another language than its slot's
     * (a dish name, a bilingual line); otherwise such a text is refused with
     * creative.brief_language_mismatch naming the field and the language.
     */
    confirm_languages: z.boolean({ error: 'validation.expected_boolean' }).optional(),
  })
  .refine((value) => value.music !== 'library' || value.music_footage_id !== null, {
    error: 'creative.music_material_required',
    path: ['music_footage_id'],
  });

// ---------------------------------------------------------------------------------------------
// Scripts

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
  language,
  count: integer(1, SCRIPT_GENERATE_MAX).default(1),
  hook_style: z.enum(HOOK_STYLES, { error: 'validation.invalid_option' }).optional(),
});
export const scriptGenerateResponse = z.object({ list: z.array(script) });

// ---------------------------------------------------------------------------------------------
// Renders

export const RENDER_STATES = ['queued', 'rendering', 'done', 'failed', 'cancelled'] as const;
export type RenderState = (typeof RENDER_STATES)[number];
/** Where a finished render stands with the studio: waiting, turned into a post, or turned down. */
export const DRAFT_STATES = ['pending', 'approved', 'rejected'] as const;
export type DraftState = (typeof DRAFT_STATES)[number];
export const RENDER_ORIGINS = ['manual', 'plan'] as const;
export const RENDER_FOOTAGE_MAX = 12;
export const DRAFT_REASON_MAX = 500;

export const renderAddRequest = z.strictObject({
  merchant_id: idOf('creative.merchant_required'),
  language,
  /** The script as generated (its id) or as edited; the body is what is rendered. */
  script_id: id.optional(),
  script: scriptBody,
  /** The clips and images, in order; left out, chosen from the merchant's library. */
  footage_ids: z
    .array(id, { error: 'validation.invalid_option' })
    .max(RENDER_FOOTAGE_MAX, { error: 'validation.too_big' })
    .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid_option' })
    .optional(),
  voice: z.enum(VOICE_ENGINES, { error: 'validation.invalid_option' }).optional(),
  music: z.enum(MUSIC_CHOICES, { error: 'validation.invalid_option' }).optional(),
  music_footage_id: id.nullable().optional(),
});

export const renderTimings = z.object({
  queued_at: isoTime,
  started_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  /** Wall time of the last attempt's ffmpeg run, in milliseconds. */
  render_ms: z.number().int().nullable(),
});

/** One check of the quality gate on a finished render (docs/decisions/080). */
export const renderQualityCheck = z.object({ check: z.string(), ok: z.boolean(), message: z.string() });
export type RenderQualityCheck = z.infer<typeof renderQualityCheck>;

export const render = z.object({
  id,
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  language: z.enum(SCRIPT_LANGUAGES),
  script_id: z.number().int().nullable(),
  script: scriptBody,
  footage_ids: z.array(z.number().int()),
  voice: z.enum(VOICE_ENGINES),
  music: z.enum(MUSIC_CHOICES),
  music_footage_id: z.number().int().nullable(),
  state: z.enum(RENDER_STATES),
  /** 0–100 while rendering; 100 when done. */
  progress: z.number().int(),
  attempts: z.number().int(),
  /** Why it failed, in the caller's language; also a fallback that was taken (a voice that failed). */
  error: z.string().nullable(),
  /**
   * The engine's own output behind `error` (the end of ffmpeg's output, the work folder as
   * `<work>`): present for staff (admin, super) only, to diagnose; everyone else reads `error`.
   */
  error_detail: z.string().nullable().optional(),
  notes: z.array(z.string()),
  origin: z.enum(RENDER_ORIGINS),
  /** The plan day it was made for; null for a render asked for by hand. */
  plan_date: z.string().nullable(),
  draft: z.enum(DRAFT_STATES),
  /** The studio's reason; a merchant reads it only when the studio chose to send it (else ''). */
  reject_reason: z.string(),
  post_id: z.number().int().nullable(),
  /** The merchant's answer on the post made from this draft, with its words (docs/decisions/075). */
  merchant_answer: z
    .object({ state: z.enum(['approved', 'changes_requested']), note: z.string(), time: isoTime })
    .nullable(),
  /** The material the video became in the merchant's library. */
  output_footage_id: z.number().int().nullable(),
  /**
   * The look the video was made in (e.g. `street_pop`); null until its inputs are gathered.
   * Always sent; optional in the type only so that fixtures written before it still compile.
   */
  look: z.string().nullable().optional(),
  /** The material its first shot shows; null for a video from the brief alone (always sent, as `look`). */
  opening_footage_id: z.number().int().nullable().optional(),
  /**
   * Why the plan chose this draft's hook, look, length and hour, in the reader's language
   * (docs/decisions/085): "Question hooks bring this shop 2.1× the plays of bold claims",
   * "Exploring: …", "Category prior: …". Null for a render asked for by hand or made before.
   */
  reason: z.string().nullable().optional(),
  duration: z.number().nullable(),
  video_url: z.string().nullable(),
  /**
   * The same MP4 as a download named `<shop>-<yyyy-mm-dd>-<lang>-<n>.mp4` (the plan day, else the
   * day it was asked for in the merchant's zone; n its number among that day's videos in that
   * language). Always sent with `video_url`; optional in the type only so that fixtures written
   * before it still compile.
   */
  download_url: z.string().nullable().optional(),
  cover_url: z.string().nullable(),
  url_expires_at: isoTime.nullable(),
  timings: renderTimings,
  create_time: isoTime,
  /**
   * The quality gate's checks of the finished video (docs/decisions/080), in plain words in the
   * reader's language: picture (black or frozen), loudness, duration, safe_zone, language.
   * Empty until the video is made, and for videos made before the gate.
   */
  quality: z.array(renderQualityCheck),
});
export type Render = z.infer<typeof render>;

/**
 * What waits for the studio in the review queue (docs/decisions/074): `pending` a finished render
 * whose draft is undecided, `failed` a render that failed, `changes_requested` an approved draft
 * whose post's merchant asked for changes.
 */
export const REVIEW_STATES = ['pending', 'failed', 'changes_requested'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const RENDER_LIST_SORTS = ['plan_day'] as const;

export const renderByIdRequest = z.strictObject({ id });
export const renderListRequest = z.strictObject({
  ...pageQuery,
  merchant_id: id.optional(),
  state: z.enum(RENDER_STATES, { error: 'validation.invalid_option' }).optional(),
  draft: z.enum(DRAFT_STATES, { error: 'validation.invalid_option' }).optional(),
  /** The plan day, or the day it was asked for for renders by hand (the merchant's own day with merchant_id, else UTC). */
  date: isoDate.optional(),
  /** The script's language. */
  language: z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' }).optional(),
  /** The review queue's states: see REVIEW_STATES. */
  review: z.enum(REVIEW_STATES, { error: 'validation.invalid_option' }).optional(),
  /** `plan_day`: oldest plan day first (the day asked for, for renders by hand), then id; left out, newest first. */
  sort: z.enum(RENDER_LIST_SORTS, { error: 'validation.invalid_option' }).optional(),
});
/** One merchant's line of the review queue's counts. */
export const reviewCount = z.object({
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  pending: z.number().int(),
  failed: z.number().int(),
  changes_requested: z.number().int(),
});
export type ReviewCount = z.infer<typeof reviewCount>;
export const renderListResponse = pageOf(render).extend({
  /**
   * The review queue's counts per merchant of the caller's scope, under the list's language and
   * date filters (not its merchant, state, review or page): only merchants with something to do.
   */
  by_merchant: z.array(reviewCount),
});

// ---------------------------------------------------------------------------------------------
// The daily plan

export const PLAN_PER_DAY_MAX = 10;
export const PLAN_DEFAULT_MIX: Record<ScriptLanguage, number> = { en: 2, es: 2, zh: 1 };

const mixCount = integer(0, PLAN_PER_DAY_MAX);
export const planMix = z.strictObject({ en: mixCount, es: mixCount, zh: mixCount });

export const plan = z.object({
  merchant_id: z.number().int(),
  enabled: z.boolean(),
  /** How many of each language a day; their sum is the videos a day. */
  mix: planMix,
  per_day: z.number().int(),
  /** Drafts wait for the studio's approval; off, they become posts as soon as they are rendered. */
  studio_review: z.boolean(),
  /** Posts wait for the merchant's approval through its review link. */
  merchant_approval: z.boolean(),
  /** The hour (merchant's time) the day's run starts. */
  run_hour: z.number().int(),
  time_zone: z.string(),
  last_run_date: z.string().nullable(),
  update_time: isoTime.nullable(),
});
export type Plan = z.infer<typeof plan>;

export const planGetRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required') });
export const planUpdateRequest = z
  .strictObject({
    merchant_id: idOf('creative.merchant_required'),
    enabled: z.boolean({ error: 'validation.expected_boolean' }).optional(),
    mix: planMix.optional(),
    studio_review: z.boolean({ error: 'validation.expected_boolean' }).optional(),
    merchant_approval: z.boolean({ error: 'validation.expected_boolean' }).optional(),
    run_hour: integer(0, 23).optional(),
  })
  .refine((value) => !value.mix || value.mix.en + value.mix.es + value.mix.zh <= PLAN_PER_DAY_MAX, {
    error: 'creative.plan_too_many',
    path: ['mix'],
  })
  .refine((value) => !value.mix || value.mix.en + value.mix.es + value.mix.zh >= 1, { error: 'creative.plan_empty', path: ['mix'] });

export const planRunRequest = z.strictObject({ merchant_id: idOf('creative.merchant_required'), date: isoDate });
export const planRunResponse = z.object({
  merchant_id: z.number().int(),
  date: z.string(),
  /** False when the day had already run or another run is making it: this call started nothing. */
  created: z.boolean(),
  /**
   * True while the day's scripts are being written (in the background: a language model may take
   * its time); its renders appear as they are queued, and `renders` lists those already there.
   */
  preparing: z.boolean(),
  renders: z.array(render),
});

// ---------------------------------------------------------------------------------------------
// Drafts

export const draftApproveRequest = z.strictObject({
  id,
  /** Where it goes; left out, every platform the merchant has connected (the sandbox when none). */
  platforms: z
    .array(z.enum(PUBLISH_TARGETS, { error: 'validation.invalid_option' }), { error: 'validation.invalid_option' })
    .min(1, { error: 'video.platforms_required' })
    .max(PUBLISH_TARGETS.length, { error: 'validation.too_big' })
    .optional(),
  /** When; left out, the next free slot of the day at sensible hours in the merchant's time. */
  schedule_at: isoDateTime.nullable().optional(),
  /** Ask the merchant to approve the post first; left out, as the plan says. */
  require_approval: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
export const draftRejectRequest = z.strictObject({
  id,
  reason: plainString({ multiline: true })
    .trim()
    .min(1, { error: 'creative.reason_required' })
    .max(DRAFT_REASON_MAX, { error: 'validation.too_long' }),
  /** Send the reason to the merchant too; left out, it stays the studio's own note. */
  share_with_merchant: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});

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

/**
 * Render progress on the notification stream (NOTIFICATION_STREAM_PATH): an event named
 * `render` for every change of state and every few percent, to each reader whose scope holds
 * the merchant.
 */
export const RENDER_STREAM_EVENT = 'render';
export const renderProgress = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  state: z.enum(RENDER_STATES),
  progress: z.number().int(),
});
export type RenderProgress = z.infer<typeof renderProgress>;

// ---------------------------------------------------------------------------------------------
// The review queue's actions and the script desk (docs/decisions/074)

/** The most drafts one bulk approval takes: a studio's busy morning several times over. */
export const BULK_APPROVE_MAX = 500;

export const draftBulkApproveRequest = z.strictObject({
  /** The drafts to approve; an id named twice is answered once. */
  ids: z
    .array(id, { error: 'validation.invalid_option' })
    .min(1, { error: 'creative.drafts_required' })
    .max(BULK_APPROVE_MAX, { error: 'validation.too_big' }),
  platforms: draftApproveRequest.shape.platforms,
  require_approval: draftApproveRequest.shape.require_approval,
});
/** One draft's answer: its render when approved, else why not; each draft succeeds or fails alone. */
export const bulkApproveResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  render: render.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResult>;
export const draftBulkApproveResponse = z.object({ results: z.array(bulkApproveResult) });

/** Renders a failed or cancelled render again, as the same render. */
export const renderRetryRequest = z.strictObject({ id });

export const scriptListRequest = z.strictObject({
  ...pageQuery,
  merchant_id: idOf('creative.merchant_required'),
  language: z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' }).optional(),
  /** True: only the desk's scripts; false: only those off it; left out, all. */
  desk: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
export const scriptListResponse = pageOf(script);

export const scriptUpdateRequest = z.strictObject({
  id,
  body: scriptBody.optional(),
  /** False takes the script off the desk (discarded); true puts it back. */
  desk: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
