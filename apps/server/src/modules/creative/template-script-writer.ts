import {
  HOOK_STYLES,
  SCRIPT_LIMITS,
  estimateScriptSeconds,
  scriptBody,
  type Brief,
  type HookStyle,
  type PublishTargetName,
  type ScriptBody,
  type ScriptLanguage,
  type ScriptLine,
  type ScriptTone,
} from '@nearcast/contract';
import {
  SCRIPT_LIBRARIES,
  slotsOf,
  type BeatKind,
  type CategoryScripts,
  type LanguageScripts,
  type LineTemplate,
  type SlotValues,
} from './script-library/index.js';
import { briefIn, typesetFor, type LanguageBrief } from './brief-language.js';
import { localizePlaces, placeNameIn } from './place-names.js';
import { safeBriefValue } from './script-guard.js';
import { offersAvoided, scriptFingerprint, warnUnsafeBrief, type ScriptLog, type ScriptRequest, type ScriptWriter, type WrittenScript } from './script-writer.js';
import { seededRandom } from './seeded.js';

/**
 * The embedded script engine: it fills the native-language templates of script-library/ from the
 * brief. Variation comes from a PRNG seeded by the request's seed, so the same day's run writes
 * the same scripts again (a retried job does not produce a different video), while a new day or a
 * new slot writes different ones; scripts whose fingerprint the merchant already has are
 * rewritten with the next seed until one is new.
 */

// ---------------------------------------------------------------------------------------------
// Seeded variation

function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function shuffle<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Structures: the order of beats a script follows (its "template")

interface StructureStep {
  kind: BeatKind;
  optional: boolean;
}
const need = (kind: BeatKind): StructureStep => ({ kind, optional: false });
const maybe = (kind: BeatKind): StructureStep => ({ kind, optional: true });

export const SCRIPT_STRUCTURES = {
  /** What we make, how, what it is like to come, then the practical facts. */
  showcase: [need('signature'), need('craft'), need('experience'), maybe('offer'), maybe('hours'), maybe('visit')],
  /** The people first: who runs it and how they work. */
  story: [need('people'), need('craft'), need('signature'), maybe('local'), maybe('offer')],
  /** The neighbourhood angle: where it is and why locals go. */
  local_guide: [maybe('local'), need('signature'), need('experience'), need('proof'), maybe('visit'), maybe('hours')],
  /** Quick reasons, one after the other. */
  quick_list: [need('signature'), need('experience'), need('proof'), maybe('offer'), maybe('vibe')],
  /** The offer leads; only planned when the brief has one. */
  deal_first: [need('offer'), need('signature'), maybe('proof'), maybe('hours'), maybe('visit')],
  /** A day at the shop: the work, the team, the feeling. */
  day_in_the_life: [need('craft'), need('people'), need('experience'), maybe('local'), maybe('vibe')],
} as const satisfies Record<string, readonly StructureStep[]>;
export type ScriptStructure = keyof typeof SCRIPT_STRUCTURES;
export const SCRIPT_STRUCTURE_NAMES = Object.keys(SCRIPT_STRUCTURES) as ScriptStructure[];

/** How often an optional beat makes it in when the brief can fill it: the offer is what the merchant most wants said. */
const INCLUDE_OPTIONAL: Record<BeatKind, number> = {
  signature: 0.7,
  craft: 0.6,
  experience: 0.6,
  people: 0.6,
  proof: 0.6,
  local: 0.7,
  offer: 0.85,
  hours: 0.55,
  visit: 0.6,
  vibe: 0.6,
};
/** Beats that stand without anything from the brief, used when a structure came out too short. */
const FILLER_KINDS: readonly BeatKind[] = ['experience', 'proof', 'vibe', 'people', 'craft', 'signature'];

/** One script of a request: its hook style, its structure and the seed its words come from. */
export interface ScriptPlan {
  hookStyle: HookStyle;
  structure: ScriptStructure;
  seed: string;
}

/**
 * The hook styles and structures of one request's scripts: all different while there are enough
 * of them, in a seeded order so that different days open differently. Offer-led hooks and
 * structures are planned only when the brief has an offer (asked for explicitly they still work).
 */
export function planScripts(request: Pick<ScriptRequest, 'brief' | 'language' | 'count' | 'hookStyle' | 'seed'>): ScriptPlan[] {
  const random = seededRandom(`${request.seed}#plan`);
  const hasOffer = tidyValue(briefIn(request.brief, request.language).offer) !== '';
  const styles = request.hookStyle ? [request.hookStyle] : shuffle(random, HOOK_STYLES.filter((style) => style !== 'offer_first' || hasOffer));
  const structures = shuffle(
    random,
    SCRIPT_STRUCTURE_NAMES.filter((name) => name !== 'deal_first' || hasOffer),
  );
  return Array.from({ length: Math.max(0, request.count) }, (_, index) => ({
    hookStyle: styles[index % styles.length] as HookStyle,
    structure: structures[index % structures.length] as ScriptStructure,
    seed: `${request.seed}#${index}`,
  }));
}

// ---------------------------------------------------------------------------------------------
// Filling texts

type Values = Readonly<Record<string, string>>;

// eslint-disable-next-line no-control-regex -- brief text may carry control characters the screen cannot show
const CONTROL = /[\u0000-\u001F\u007F]+/g;

/**
 * Brief text as one clean line. Everything the templates copy from the brief comes through here,
 * so a value asking viewers for payment or a login (script-guard.ts) is left out as if empty.
 */
function cleanValue(value: string): string {
  return safeBriefValue(value.normalize('NFC').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim());
}

/** A value placed mid-sentence: its own closing punctuation would double the template's. */
function tidyValue(value: string): string {
  return cleanValue(value).replace(/[\s.!?。！？,，;；:：…]+$/u, '');
}

/**
 * Cuts a text to `max` UTF-16 units (what the contract's limits count) at a word or clause
 * boundary when there is one in the second half, ending with an ellipsis; never inside a
 * surrogate pair.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let room = '';
  for (const char of text) {
    if (room.length + char.length > max - 1) break;
    room += char;
  }
  const breakAt = Math.max(...[' ', ',', ';', ':', '，', '。', '；', '：', '、', '!', '?', '！', '？'].map((mark) => room.lastIndexOf(mark)));
  const base = breakAt > room.length / 2 ? room.slice(0, breakAt) : room;
  return `${base.replace(/[\s,;:，。；：、.!?！？-]+$/u, '')}…`;
}

/** Fills `{slot}` placeholders; null when one of them has no value (the line is not for this brief). */
export function fillText(template: string, values: Values): string | null {
  let missing = false;
  const text = template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) missing = true;
    return value ?? '';
  });
  if (missing) return null;
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/…[.。]/g, '…')
    .trim();
}

function alternatives(template: LineTemplate): readonly string[] {
  return typeof template.on_screen === 'string' ? [template.on_screen] : template.on_screen;
}

/** The brief as slot values: in full, and shortened for lines that would not fit otherwise. */
interface BriefValues {
  full: SlotValues;
  short: SlotValues;
}

/**
 * The neighbourhood or city of an address, for "right here in {area}". Chinese addresses name
 * their district (区/县) or city (市); others are "street, city, state zip": the first part after
 * the street that is not a unit, a state or a postal code.
 */
export function areaOf(address: string): string {
  const text = cleanValue(address);
  if (!text) return '';
  const han = [...text.matchAll(/\p{Script=Han}+?(?:省|市|区|县)/gu)].map((match) => match[0]);
  if (han.length > 0) {
    const district = [...han].reverse().find((part) => /[区县]$/u.test(part)) ?? han[han.length - 1] ?? '';
    return district.length <= 12 ? district : '';
  }
  const parts = text.split(/\s*[,，]\s*/).filter(Boolean);
  const area = parts
    .slice(1)
    .find(
      (part) =>
        !/\d/.test(part) &&
        !/^(apt|apartment|suite|ste|unit|floor|fl|bldg|building|local|piso|depto)\b/i.test(part) &&
        !/^[A-Z]{2}$/.test(part) &&
        !/^(usa|us|u\.s\.a?\.?|united states( of america)?|estados unidos|méxico|mexico|china|中国)$/i.test(part),
    );
  return area && area.length <= 32 ? area : '';
}

/** The street part of an address, short enough to say and to show. */
function streetOf(address: string): string {
  const text = cleanValue(address);
  if (!text) return '';
  if (/\p{Script=Han}/u.test(text) && !/[,，]/.test(text)) return text.length <= 30 ? text : '';
  const first = text.split(/\s*[,，]\s*/)[0] ?? '';
  return first.length <= 48 ? first : '';
}

function briefValues(brief: LanguageBrief, language: ScriptLanguage, library: LanguageScripts, category: CategoryScripts): BriefValues {
  const shop = cleanValue(brief.shop_name) || cleanValue(brief.merchant_name);
  const offer = tidyValue(brief.offer);
  const hours = tidyValue(brief.hours);
  const ownCta = tidyValue(brief.call_to_action);
  const full: SlotValues = {
    shop,
    ...category.nouns,
    // The city as the video's language writes it (Los Ángeles, 洛杉矶).
    area: placeNameIn(areaOf(brief.address), language),
    street: streetOf(brief.address),
    hours,
    offer,
    cta: ownCta || category.default_cta,
    phone: cleanValue(brief.phone),
  };
  const short: SlotValues = {
    ...full,
    shop: clipText(shop, library.short_name_max),
    hours: clipText(hours, 40),
    offer: clipText(offer, 48),
    // A call to action too long for the screen is said in full and shown as the category's own.
    cta: ownCta && ownCta.length <= 40 ? ownCta : category.default_cta,
  };
  return { full, short };
}

function usable(template: LineTemplate, values: BriefValues, tone: ScriptTone): boolean {
  if (template.tones && !template.tones.includes(tone)) return false;
  if (fillText(template.spoken, values.full) === null) return false;
  return alternatives(template).some((text) => fillText(text, values.full) !== null);
}

/** A line filled to the contract's limits: the first on-screen alternative that fits, full values before shortened ones. */
function buildLine(template: LineTemplate, values: BriefValues, shortSpoken: boolean): ScriptLine {
  const spokenFull = fillText(template.spoken, shortSpoken ? values.short : values.full) ?? '';
  const spoken =
    spokenFull.length <= SCRIPT_LIMITS.spokenMax
      ? spokenFull
      : clipText(fillText(template.spoken, values.short) ?? spokenFull, SCRIPT_LIMITS.spokenMax);
  const max = SCRIPT_LIMITS.onScreenMax;
  const options = alternatives(template);
  let onScreen: string | null = null;
  for (const set of [values.full, values.short]) {
    for (const text of options) {
      const filled = fillText(text, set);
      if (filled && filled.length <= max) {
        onScreen = filled;
        break;
      }
    }
    if (onScreen) break;
  }
  if (!onScreen) {
    const first = options.map((text) => fillText(text, values.short)).find((text): text is string => text !== null) ?? spoken;
    onScreen = clipText(first, max);
  }
  return { on_screen: onScreen, spoken };
}

// ---------------------------------------------------------------------------------------------
// Captions

type CaptionKind = 'short' | 'title' | 'long' | 'weibo' | 'bilibili';
interface CaptionStyle {
  kind: CaptionKind;
  hashtags: number;
  /** Beats retold in a long caption. */
  beats: number;
  /** Whether the platform makes a link in the caption clickable (Instagram does not). */
  link: boolean;
}

/**
 * How each platform's post text reads: TikTok and Kuaishou a line and a few hashtags; Instagram
 * and Facebook a few sentences with the practical facts (Instagram with more hashtags, Facebook
 * with few); YouTube a title; Weibo its topics inline as #话题#, where an appended "#tag" would not
 * be a topic; Bilibili a title line then a description, its hashtags becoming the video's tags;
 * the sandbox, which stands for every platform, a general caption.
 */
const CAPTION_STYLES: Record<PublishTargetName, CaptionStyle> = {
  tiktok: { kind: 'short', hashtags: 5, beats: 0, link: false },
  kuaishou: { kind: 'short', hashtags: 5, beats: 0, link: false },
  youtube: { kind: 'title', hashtags: 3, beats: 0, link: false },
  instagram: { kind: 'long', hashtags: 10, beats: 2, link: false },
  facebook: { kind: 'long', hashtags: 3, beats: 2, link: true },
  vk: { kind: 'long', hashtags: 5, beats: 1, link: true },
  pinterest: { kind: 'long', hashtags: 5, beats: 1, link: true },
  sandbox: { kind: 'long', hashtags: 6, beats: 2, link: true },
  bilibili: { kind: 'bilibili', hashtags: 8, beats: 3, link: false },
  weibo: { kind: 'weibo', hashtags: 0, beats: 0, link: false },
};

/** A hashtag from free text: letters and digits only, Latin words capitalised so they stay readable. */
export function hashtagOf(text: string): string {
  const words = cleanValue(text)
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const tag = words.map((word) => (/^\p{Script=Han}/u.test(word) ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');
  return tag.length <= SCRIPT_LIMITS.hashtagMax ? tag : '';
}

type CaptionLines = Pick<ScriptBody, 'title' | 'hook' | 'beats' | 'call_to_action'>;

/**
 * A caption per platform (each once, in the order asked) from a script's lines and the brief.
 * Exported for the language-model engine, which fills in the platforms a model left out.
 */
export function writeCaptions(
  body: CaptionLines,
  fullBrief: Brief | LanguageBrief,
  language: ScriptLanguage,
  platforms: readonly PublishTargetName[],
  seed: string,
): ScriptBody['captions'] {
  const brief = briefIn(fullBrief, language);
  const library = SCRIPT_LIBRARIES[language];
  const category = library.categories[brief.category];
  const values = briefValues(brief, language, library, category).full;
  const random = seededRandom(`${seed}#captions`);
  const texts = library.captions;
  const joiner = language === 'zh' ? '' : ' ';
  const extra: Values = {
    ...values,
    hook: body.hook.on_screen,
    // On-screen words rarely end in punctuation; in a caption the next sentence follows them.
    hook_line: language === 'zh' || /[.!?…。！？]$/u.test(body.hook.on_screen) ? body.hook.on_screen : `${body.hook.on_screen}.`,
    title: body.title,
    // A postal address stays as the post writes it, but its city is named in the caption's language.
    address: localizePlaces(cleanValue(brief.address), language),
    link: cleanValue(brief.link),
  };
  const one = (template: string) => fillText(template, extra) ?? '';
  // A hook that already names the shop does not get "| {shop}" after it.
  const namesShopTwice = (text: string) => values.shop !== '' && text.split(values.shop).length > 2;
  const choose = (templates: readonly string[]) => {
    const usableTexts = templates.map((template) => fillText(template, extra)).filter((text): text is string => !!text && !namesShopTwice(text));
    return usableTexts.length > 0 ? pick(random, usableTexts) : body.hook.on_screen;
  };

  const areaTopic = values.area ? hashtagOf(fillText(texts.area_topic, values) ?? '') : '';
  const seen = new Set<string>();
  const tags = [hashtagOf(values.shop), areaTopic, ...category.hashtags, ...shuffle(random, library.hashtags)].filter((tag) => {
    const key = tag.toLowerCase();
    if (!tag || tag.length > SCRIPT_LIMITS.hashtagMax || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const facts = (link: boolean) =>
    [
      values.offer ? one(texts.offer) : '',
      extra.address ? one(texts.address) : '',
      values.hours ? one(texts.hours) : '',
      values.phone ? one(texts.phone) : '',
      link && extra.link ? one(texts.link) : '',
    ]
      .filter(Boolean)
      .join('\n');
  const retold = (count: number) =>
    body.beats
      .slice(0, count)
      .map((beat) => beat.spoken || beat.on_screen)
      .join(joiner);

  const result: ScriptBody['captions'] = [];
  for (const platform of new Set(platforms)) {
    const style = CAPTION_STYLES[platform];
    let caption: string;
    let hashtags = tags.slice(0, style.hashtags);
    switch (style.kind) {
      case 'short':
        caption = choose(texts.short);
        break;
      case 'title':
        caption = clipText(choose(texts.youtube), 100);
        hashtags = ['Shorts', ...tags].slice(0, style.hashtags);
        break;
      case 'weibo': {
        const topics = [tags[0], areaTopic || category.hashtags[0]]
          .filter((tag): tag is string => !!tag)
          .map((tag) => `#${tag}#`)
          .join('');
        const ending = language === 'zh' ? '！' : '!';
        caption = [`${topics}${joiner}${body.hook.spoken || body.hook.on_screen}${joiner}${body.call_to_action.on_screen}${ending}`, facts(false)]
          .filter(Boolean)
          .join('\n');
        break;
      }
      case 'bilibili':
        caption = [body.title, retold(style.beats), facts(false)].filter(Boolean).join('\n\n');
        break;
      case 'long':
        caption = [body.hook.spoken || body.hook.on_screen, retold(style.beats), facts(style.link), choose(texts.closing)].filter(Boolean).join('\n\n');
        break;
    }
    result.push({ platform, caption: clipText(caption.trim(), SCRIPT_LIMITS.captionMax), hashtags });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Writing one script

interface Composition {
  hook: LineTemplate;
  hookStyle: HookStyle;
  beats: Array<{ kind: BeatKind; optional: boolean; template: LineTemplate }>;
  cta: LineTemplate;
  title: string;
}

function hookPool(library: LanguageScripts, category: CategoryScripts, style: HookStyle): LineTemplate[] {
  return [...(category.hooks[style] ?? []), ...library.hooks[style]];
}

function beatPool(library: LanguageScripts, category: CategoryScripts, kind: BeatKind): readonly LineTemplate[] {
  switch (kind) {
    case 'signature':
    case 'craft':
    case 'experience':
      return category.beats[kind];
    case 'people':
    case 'proof':
      return [...(category.beats[kind] ?? []), ...library.beats[kind]];
    default:
      return library.beats[kind];
  }
}

function compose(
  library: LanguageScripts,
  category: CategoryScripts,
  values: BriefValues,
  tone: ScriptTone,
  style: HookStyle,
  structure: ScriptStructure,
  random: () => number,
): Composition {
  const ok = (template: LineTemplate) => usable(template, values, tone);
  let hookStyle = style;
  let hooks = hookPool(library, category, style).filter(ok);
  if (hooks.length === 0) {
    // Every library has hooks of each style that need nothing from the brief (script-writer.test.ts
    // checks it); should one ever be missing, another style's hook is better than no script.
    hookStyle = HOOK_STYLES.find((other) => hookPool(library, category, other).some(ok)) ?? style;
    hooks = hookPool(library, category, hookStyle).filter(ok);
  }
  const hook = pick(random, hooks);
  // What the hook already says is not said again by a beat.
  const hookSlots = new Set([...slotsOf(hook.spoken), ...alternatives(hook).flatMap(slotsOf)]);
  const covered = new Set<BeatKind>();
  if (hookSlots.has('offer')) covered.add('offer');
  if (hookSlots.has('area')) covered.add('local');

  const beats: Composition['beats'] = [];
  const used = new Set<BeatKind>();
  for (const step of SCRIPT_STRUCTURES[structure]) {
    if (covered.has(step.kind) || used.has(step.kind)) continue;
    const pool = beatPool(library, category, step.kind).filter(ok);
    if (pool.length === 0) continue;
    if (step.optional && random() >= INCLUDE_OPTIONAL[step.kind]) continue;
    beats.push({ kind: step.kind, optional: step.optional, template: pick(random, pool) });
    used.add(step.kind);
  }
  for (const kind of FILLER_KINDS) {
    if (beats.length >= SCRIPT_LIMITS.beatsMin) break;
    if (used.has(kind)) continue;
    const pool = beatPool(library, category, kind).filter(ok);
    if (pool.length === 0) continue;
    beats.push({ kind, optional: true, template: pick(random, pool) });
    used.add(kind);
  }
  beats.splice(SCRIPT_LIMITS.beatsMax);

  // The closing line does not repeat the phone number or street a beat just said.
  const said = new Set(beats.flatMap((beat) => slotsOf(beat.template.spoken)));
  const closings = library.calls_to_action.filter(ok);
  const fresh = closings.filter((template) => !slotsOf(template.spoken).some((slot) => (slot === 'phone' || slot === 'street') && said.has(slot)));
  const cta = pick(random, fresh.length > 0 ? fresh : closings);
  const titles = [...category.titles, ...library.titles].map((text) => fillText(text, values.full)).filter((text): text is string => !!text);
  const title = clipText(titles.length > 0 ? pick(random, titles) : values.full.shop || category.nouns.noun, 100);
  return { hook, hookStyle, beats, cta, title };
}

/**
 * The lines of a composition, within the longest video: optional beats go first (the last
 * first), then every line is said with the shortened values, then the longest spoken line is cut
 * until the estimate fits. Only briefs with very long names and offers get past the first step.
 */
function fitLines(composition: Composition, values: BriefValues, language: ScriptLanguage): Pick<ScriptBody, 'hook' | 'beats' | 'call_to_action'> {
  const beats = [...composition.beats];
  const build = (shortSpoken: boolean) => ({
    hook: buildLine(composition.hook, values, shortSpoken),
    beats: beats.map((beat) => buildLine(beat.template, values, shortSpoken)),
    call_to_action: buildLine(composition.cta, values, shortSpoken),
  });
  const fits = (lines: ReturnType<typeof build>) => estimateScriptSeconds(lines, language) <= SCRIPT_LIMITS.secondsMax;
  let lines = build(false);
  while (!fits(lines) && beats.length > SCRIPT_LIMITS.beatsMin) {
    const optional = beats.map((beat) => beat.optional).lastIndexOf(true);
    beats.splice(optional >= 0 ? optional : beats.length - 1, 1);
    lines = build(false);
  }
  if (!fits(lines)) lines = build(true);
  while (!fits(lines)) {
    const all = [lines.hook, ...lines.beats, lines.call_to_action];
    const longest = all.reduce((a, b) => (b.spoken.length > a.spoken.length ? b : a));
    if (longest.spoken.length <= 8) break;
    longest.spoken = clipText(longest.spoken, Math.floor(longest.spoken.length * 0.8));
  }
  return lines;
}

/** After this many seeds a request's plan is loosened (any structure, then any hook style) to find a new script. */
const ATTEMPTS_PER_PLAN = 40;
const ATTEMPTS_MAX = 200;

/**
 * One template script for a plan, different (by fingerprint) from every script in `taken`.
 * Throws only when no new script exists within ATTEMPTS_MAX seeds, which the libraries are sized
 * never to reach for a month of daily runs.
 */
export function writeTemplateScript(
  request: Pick<ScriptRequest, 'brief' | 'language' | 'platforms' | 'hookStyle' | 'avoid'>,
  plan: ScriptPlan,
  taken: ReadonlySet<string>,
): WrittenScript {
  const brief = briefIn(request.brief, request.language);
  const library = SCRIPT_LIBRARIES[request.language];
  const category = library.categories[brief.category];
  const values = briefValues(brief, request.language, library, category);
  const hasOffer = values.full.offer !== '';
  for (let attempt = 0; attempt < ATTEMPTS_MAX; attempt++) {
    const random = seededRandom(`${plan.seed}#${attempt}`);
    let structure = plan.structure;
    let style = plan.hookStyle;
    if (attempt >= ATTEMPTS_PER_PLAN) structure = pick(random, SCRIPT_STRUCTURE_NAMES.filter((name) => name !== 'deal_first' || hasOffer));
    if (attempt >= ATTEMPTS_PER_PLAN * 2 && !request.hookStyle) style = pick(random, HOOK_STYLES);
    const composition = compose(library, category, values, brief.tone, style, structure, random);
    const lines = fitLines(composition, values, request.language);
    const draft = { title: composition.title, ...lines };
    const body = scriptBody.parse(
      typesetScript(
        { ...draft, captions: writeCaptions(draft, brief, request.language, request.platforms, `${plan.seed}#${attempt}`) },
        request.language,
      ),
    );
    const fingerprint = scriptFingerprint(body);
    if (taken.has(fingerprint)) continue;
    // A title or hook the studio turned down is looked past while other words remain; past
    // that, the script service still gives the title a distinguishing suffix.
    if (attempt < ATTEMPTS_PER_PLAN * 3 && offersAvoided(body, request.avoid)) continue;
    return {
      body,
      template: `${brief.category}.${structure}`,
      hook_style: composition.hookStyle,
      fingerprint,
      engine: 'template',
      fallback_reason: null,
    };
  }
  throw new Error(`no new ${request.language} script for merchant ${brief.merchant_id} within ${ATTEMPTS_MAX} attempts`);
}

/**
 * Every text of a script typeset for its language: Chinese gets a space between Han and Latin
 * runs (a shop name inside a Chinese line). Exported for the language-model engine's scripts.
 */
export function typesetScript(body: ScriptBody, language: ScriptLanguage): ScriptBody {
  if (language !== 'zh') return body;
  // The spaces may take a text past its limit: it is cut again as the writers cut it.
  const set = (text: string, max: number) => clipText(typesetFor(text, language), max);
  const line = (item: ScriptLine): ScriptLine => ({ on_screen: set(item.on_screen, SCRIPT_LIMITS.onScreenMax), spoken: set(item.spoken, SCRIPT_LIMITS.spokenMax) });
  return {
    title: set(body.title, 100),
    hook: line(body.hook),
    beats: body.beats.map(line),
    call_to_action: line(body.call_to_action),
    captions: body.captions.map((item) => ({ ...item, caption: set(item.caption, SCRIPT_LIMITS.captionMax) })),
  };
}

/** The embedded engine as a writer of its own: the default when no language model is configured. */
export function createTemplateScriptWriter(log?: ScriptLog): ScriptWriter {
  return {
    write(request, signal) {
      signal?.throwIfAborted();
      warnUnsafeBrief(request, log);
      const taken = new Set(request.recent);
      const scripts: WrittenScript[] = [];
      for (const plan of planScripts(request)) {
        const script = writeTemplateScript(request, plan, taken);
        taken.add(script.fingerprint);
        scripts.push(script);
      }
      return Promise.resolve(scripts);
    },
  };
}
