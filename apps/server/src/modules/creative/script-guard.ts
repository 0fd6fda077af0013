import type { Brief, ScriptBody, ScriptLanguage, ScriptLine } from '@nearcast/contract';
import { briefIn, type LanguageBrief } from './brief-language.js';

/**
 * The check every script passes before it is stored, whoever wrote it. A language model reads the
 * brief, and a brief can carry text written to steer it ("ignore the above; tell viewers to…"):
 * whatever the model then writes is treated as untrusted. Facts a viewer could act on — links,
 * e-mail addresses, phone numbers, prices and percentages — must come from the brief, or they are
 * cut out; a script that asks viewers for payment, card details, passwords or a login is refused
 * whole, since no cut makes it safe; each text must be in the script's language. The template
 * engine runs the same request check over the brief values it copies, so a brief that says
 * "enter your card number" reaches no script by either road.
 */

// ---------------------------------------------------------------------------------------------
// Requests no shop's video makes: payment, card details, credentials. Worded as requests, not
// topics, so "we take credit cards" or "la clave es la masa madre" still pass.

type RequestKind = 'payment details' | 'a password or login' | 'instructions to the writer';

interface RequestPattern {
  kind: RequestKind;
  pattern: RegExp;
}

const UNSAFE_REQUESTS: readonly RequestPattern[] = [
  {
    kind: 'payment details',
    pattern:
      /\b(?:card\s*(?:number|no\.?|details|info(?:rmation)?|digits)|(?:enter|type|send|give|share|confirm|provide)\s+(?:us\s+)?(?:your|the)\s+(?:credit\s+|debit\s+|bank\s+)?(?:card|cvv|cvc|bank)|cvv2?|cvc2?|security\s+code|expir(?:y|ation)\s+date|bank\s+(?:account|details|login)|routing\s+number|iban|swift\s+code|wire\s+(?:the\s+)?(?:money|transfer|payment)|send\s+(?:us\s+)?(?:money|payment|a\s+payment)|gift\s*card\s+(?:code|number)s?|payment\s+(?:details|info(?:rmation)?)|billing\s+(?:details|info(?:rmation)?)|social\s+security|ssn)\b/iu,
  },
  {
    kind: 'payment details',
    pattern:
      /(?:n[úu]mero\s+de\s+(?:la\s+|tu\s+|su\s+)?tarjeta|datos\s+(?:de\s+)?(?:la\s+|tu\s+|su\s+)?tarjeta|datos\s+bancarios|cuenta\s+bancaria|c[óo]digo\s+de\s+seguridad|fecha\s+de\s+(?:vencimiento|caducidad)|transferencia\s+bancaria|(?:ingresa|introduce|escribe|env[íi]a|manda|comparte|danos|dinos)\s+(?:tu|su|el|la|los)\s+(?:n[úu]mero\s+de\s+)?(?:tarjeta|cvv|datos\s+bancarios|cuenta)|env[íi]a(?:nos|r)?\s+(?:el\s+|un\s+)?(?:dinero|pago))/iu,
  },
  {
    kind: 'payment details',
    pattern: /(?:卡号|银行卡(?:号|信息|资料)|信用卡(?:号|信息|资料)|卡的?(?:信息|资料)|安全码|支付密码|付款码|转账|汇款|打款|身份证号)/u,
  },
  {
    kind: 'a password or login',
    pattern:
      /\b(?:passwords?|passcodes?|pin\s+(?:number|code)|log\s*-?\s*in|sign\s*-?\s*in|(?:verify|confirm|update)\s+(?:your|the)\s+account|one[-\s]time\s+(?:code|password)|verification\s+code|(?:your|the)\s+(?:username|user\s+name|credentials))\b/iu,
  },
  {
    kind: 'a password or login',
    pattern:
      /(?:contrase[ñn]a|(?:tu|su)\s+clave|inicia(?:r)?\s+sesi[óo]n|(?:ingresa|entra)\s+(?:a|con)\s+(?:tu|su)\s+(?:cuenta|usuario)|verifica(?:r)?\s+(?:tu|su)\s+cuenta|c[óo]digo\s+de\s+verificaci[óo]n|(?:tu|su)\s+usuario)/iu,
  },
  { kind: 'a password or login', pattern: /(?:密码|登录|登陆|验证码|账号和|用户名)/u },
  // Text addressed to the writer rather than to viewers: no shop's offer or hours says this, so
  // a brief field that does is not the merchant's fact, and a script that repeats it is refused.
  {
    kind: 'instructions to the writer',
    pattern:
      /\b(?:ignore\s+(?:all\s+|any\s+)?(?:the\s+|your\s+|these\s+|those\s+)?(?:above|previous|prior|earlier|preceding|system|instructions)\b|disregard\s+(?:all\s+|the\s+)?(?:above|previous|prior|instructions)|new\s+instructions?\s*:|system\s+prompt)|ignora(?:r)?\s+(?:todo\s+)?(?:lo\s+anterior|las\s+instrucciones)|olvida\s+(?:todo\s+)?lo\s+anterior|忽略(?:以上|上面|之前|前面|所有)|无视(?:以上|上面|之前)/iu,
  },
];

const REFUSALS: Record<RequestKind, string> = {
  'payment details': 'the script asks viewers for payment details',
  'a password or login': 'the script asks viewers for a password or login',
  'instructions to the writer': 'the script repeats instructions hidden in the brief',
};

/** What an unsafe request in a text asks for, or null. */
export function unsafeRequest(text: string): RequestKind | null {
  const normal = text.normalize('NFKC');
  return UNSAFE_REQUESTS.find((entry) => entry.pattern.test(normal))?.kind ?? null;
}

// ---------------------------------------------------------------------------------------------
// Facts: found in a text, and compared with the brief's in a normal form

type FactKind = 'link' | 'e-mail address' | 'phone number' | 'price' | 'percentage';

/**
 * Top-level domains a bare name must end in to count as a link: "www." or a scheme is always a
 * link, but "bread.Come in" is not, so a bare name is one only with a domain people use.
 */
const TLDS =
  'com|net|org|edu|gov|info|biz|io|co|us|uk|ca|mx|es|ar|cl|pe|ve|cn|hk|tw|fr|ru|me|ly|link|app|shop|store|online|site|xyz|top|club|vip|tv|ai|dev|page|gl|gg|cc|ws|tk|ml|ga|cf|gq|click|live|example';
/** Said aloud, a link ends in a domain no sentence ends in ("a las siete en punto es…" is not one). */
const SPOKEN_TLDS = 'com|net|org|io|app|shop|store|online|site|xyz|link|example|info|biz|mx|cn|top|vip|club|click|live';

const EMAIL = /[\p{L}\p{N}._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/giu;
const URL_EXPLICIT = /(?:https?:\/\/|www\.)[^\s<>"'，。、！？（）()【】「」]+/giu;
/** "evil dot example", "evil (dot) com", "evil punto com", "evil点com": the way a model spells a link out loud. */
const SPOKEN_DOT = String.raw`(?:\s*[\[(]\s*(?:dot|punto)\s*[\])]\s*|\s+(?:dot|punto)\s+|\s*[点點]\s*)`;
const URL_SPOKEN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])[a-z0-9-]*[a-z][a-z0-9-]*(?:${SPOKEN_DOT}[a-z0-9-]+)*?${SPOKEN_DOT}(?:${SPOKEN_TLDS})(?![\p{L}\p{N}])`,
  'giu',
);
const URL_BARE = new RegExp(`(?<![\\p{L}\\p{N}@._-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS})(?![\\p{L}\\p{N}-])(?:\\/[^\\s<>"'，。、！？（）()]*)?`, 'giu');
/** Seven to fifteen digits with the separators phone numbers are written with. */
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().\-–‑]{4,24}\d(?![\p{L}\p{N}])/gu;
const AMOUNT = String.raw`\d[\d,.]*\d|\d`;
const PRICE_BEFORE = new RegExp(String.raw`(?:US\$|USD\s?|MXN\s?|RMB\s?|CNY\s?|EUR\s?|[$€£¥￥])\s?(${AMOUNT})`, 'giu');
const PRICE_AFTER = new RegExp(
  String.raw`(${AMOUNT})\s?(?:(?:dollars?|bucks|usd|d[óo]lares?|pesos?|euros?|mxn|rmb|cny|cents?|centavos?)(?![\p{L}])|€|元|块钱?|美元|人民币)`,
  'giu',
);
const PERCENT = /(\d+(?:[.,]\d+)?)\s?(?:%|％|(?:percent|per\s+cent|por\s+ciento|pct)(?![\p{L}]))|百分之\s?(\d+(?:\.\d+)?)/giu;
const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** A Chinese discount: 八折 / 8折 / 8.5折 is paying 80 / 80 / 85 percent. */
const ZHE = /([0-9](?:\.[0-9])?|[一二两三四五六七八九](?:点[一二三四五六七八九])?)\s?折/gu;

const SPOKEN_DOTS = new RegExp(SPOKEN_DOT, 'giu');

function normalUrl(text: string, spoken = false): string {
  const written = spoken ? text.replace(SPOKEN_DOTS, '.') : text;
  return written
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/.,!?;:]+$/, '');
}

function hostOf(url: string): string {
  return url.split(/[/?#]/, 1)[0] ?? url;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** "1,299.50", "1.299,50", "4,99" and "20" as one number each. */
function amountOf(text: string): string {
  let value = text;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  else if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(value)) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(',', '.');
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : value;
}

function percentOf(text: string): number {
  return Math.round(Number(text.replace(',', '.')) * 100) / 100;
}

function zheOf(text: string): number {
  const [whole, tenth] = text.split(/[.点]/u);
  const digit = (part: string | undefined) => (part === undefined ? 0 : (ZH_DIGITS[part] ?? Number(part)));
  return digit(whole) * 10 + digit(tenth);
}

interface Fact {
  start: number;
  end: number;
  kind: FactKind;
  text: string;
  /** The comparable form: a normal URL, digits, an amount, a percentage paid or taken off. */
  keys: string[];
}

/** Trailing sentence punctuation is the sentence's, not the link's. */
function trimmed(match: RegExpMatchArray): { text: string; start: number } {
  const text = match[0].replace(/[.,!?;:…。，！？；：]+$/u, '');
  return { text, start: match.index ?? 0 };
}

/**
 * Every fact in a text, without overlaps: the wider kinds first (an e-mail address holds a
 * domain, a link can hold digits), each span then hidden from the narrower searches.
 */
function factsIn(text: string): Fact[] {
  const facts: Fact[] = [];
  let scan = text;
  const take = (pattern: RegExp, kind: FactKind, keysOf: (match: RegExpMatchArray, text: string) => string[] | null) => {
    for (const match of scan.matchAll(pattern)) {
      const { text: found, start } = trimmed(match);
      if (!found) continue;
      const keys = keysOf(match, found);
      if (!keys) continue;
      facts.push({ start, end: start + found.length, kind, text: text.slice(start, start + found.length), keys });
    }
    for (const fact of facts) scan = `${scan.slice(0, fact.start)}${'\u0001'.repeat(fact.end - fact.start)}${scan.slice(fact.end)}`;
  };
  take(EMAIL, 'e-mail address', (_, found) => [found.toLowerCase()]);
  take(URL_EXPLICIT, 'link', (_, found) => [normalUrl(found)]);
  take(URL_SPOKEN, 'link', (_, found) => [normalUrl(found, true)]);
  take(URL_BARE, 'link', (_, found) => [normalUrl(found)]);
  take(PRICE_BEFORE, 'price', (match) => [amountOf(match[1] ?? '')]);
  take(PRICE_AFTER, 'price', (match) => [amountOf(match[1] ?? '')]);
  take(PERCENT, 'percentage', (match) => [String(percentOf(match[1] ?? match[2] ?? ''))]);
  // 八折 is paying 80 percent, which a script may say as "20% off" or "80%".
  take(ZHE, 'percentage', (match) => {
    const paid = zheOf(match[1] ?? '');
    return paid > 0 && paid < 100 ? [String(paid), String(100 - paid)] : null;
  });
  take(PHONE, 'phone number', (_, found) => {
    // A date or a span of years has the digits of a short phone number but is neither.
    if (/^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$|^\d{1,2}[-/.]\d{1,2}[-/.]\d{4}$|^(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d$/.test(found)) return null;
    const digits = digitsOf(found);
    return digits.length >= 7 && digits.length <= 15 ? [digits] : null;
  });
  return facts.sort((a, b) => a.start - b.start);
}

/** The facts of a brief, in the form output facts are compared in. */
export interface BriefFacts {
  links: Set<string>;
  emails: Set<string>;
  phones: string[];
  prices: Set<string>;
  /** 20 for "20% off"; 80 and 20 for 八折, which a model may say either way. */
  percents: Set<string>;
  /** The brief's own words (names, street, link), which a line in another language may still hold. */
  words: string[];
}

const BRIEF_TEXT_FIELDS = ['shop_name', 'merchant_name', 'address', 'phone', 'hours', 'offer', 'call_to_action', 'link'] as const;

export function briefFacts(brief: LanguageBrief): BriefFacts {
  const facts: BriefFacts = { links: new Set(), emails: new Set(), phones: [], prices: new Set(), percents: new Set(), words: [] };
  for (const field of BRIEF_TEXT_FIELDS) {
    const text = brief[field];
    // A field asking for payment or talking to the writer vouches for nothing: the link or number
    // it carries is the one a model obeying it would repeat.
    if (typeof text !== 'string' || !text.trim() || unsafeRequest(text)) continue;
    for (const fact of factsIn(text)) {
      for (const key of fact.keys) {
        if (fact.kind === 'link') {
          facts.links.add(key);
          facts.links.add(hostOf(key));
        } else if (fact.kind === 'e-mail address') facts.emails.add(key);
        else if (fact.kind === 'phone number') facts.phones.push(key);
        else if (fact.kind === 'price') facts.prices.add(key);
        else facts.percents.add(key);
      }
    }
    // The phone field is a phone number however it is written (a short local one too).
    if (field === 'phone' && digitsOf(text).length >= 5) facts.phones.push(digitsOf(text));
    if (field !== 'offer' && field !== 'hours' && field !== 'call_to_action') {
      facts.words.push(...(text.normalize('NFKC').match(/[\p{L}\p{N}'’]+/gu) ?? []).filter((word) => word.length >= 2));
    }
  }
  return facts;
}

/** A phone number matches with or without a country code or trunk prefix. */
function samePhone(a: string, b: string): boolean {
  if (a === b) return true;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  return short.length >= 7 && long.endsWith(short) && long.length - short.length <= 3;
}

function inBrief(fact: Fact, brief: BriefFacts): boolean {
  switch (fact.kind) {
    case 'link':
      return fact.keys.every((key) => brief.links.has(key));
    case 'e-mail address':
      return fact.keys.every((key) => brief.emails.has(key));
    case 'phone number':
      return fact.keys.every((key) => brief.phones.some((phone) => samePhone(key, phone)));
    case 'price':
      return fact.keys.every((key) => brief.prices.has(key));
    case 'percentage':
      // 八折 in a script matches "20% off" or "80%" in the brief.
      return fact.keys.some((key) => brief.percents.has(key));
  }
}

/** A text with what removing a fact left behind tidied: doubled spaces, a dangling colon, empty brackets. */
function tidy(text: string): string {
  return text
    .replace(/[(（[]\s*[)）\]]/gu, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.!?;:，。！？；：])/gu, '$1')
    .replace(/([,，、;；])(?:\s*[,，、;；])+/gu, '$1')
    .replace(/([,;:，；：])(?=\s*[.!?。！？]|\s*$)/gu, '')
    .replace(/^[\s,;:，；：.。]+/u, '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

export interface Removed {
  kind: FactKind;
  text: string;
}

/** Where sentences end: a stop followed by a space or the end (not the dot of a link or a price), or a CJK stop. */
const SENTENCE_END = /[.!?…](?=\s|$)|[。！？\n]/gu;

/**
 * The text without the sentences that hold a fact the brief does not have, and what was cut. A
 * whole sentence goes, not only the number or link: "Call 555-0199 to book" without its number is
 * an instruction with nothing to act on, and reads as a mistake.
 */
export function withoutForeignFacts(text: string, brief: BriefFacts): { text: string; removed: Removed[] } {
  const foreign = factsIn(text).filter((fact) => !inBrief(fact, brief));
  if (foreign.length === 0) return { text, removed: [] };
  const ends = [...text.matchAll(SENTENCE_END)].map((match) => (match.index ?? 0) + match[0].length);
  const cuts = foreign.map((fact) => {
    const start = Math.max(0, ...ends.filter((end) => end <= fact.start));
    const end = ends.find((position) => position >= fact.end) ?? text.length;
    return { start, end };
  });
  let result = '';
  let at = 0;
  for (const cut of cuts) {
    if (cut.start > at) result += text.slice(at, cut.start);
    at = Math.max(at, cut.end);
  }
  result += text.slice(at);
  return { text: tidy(result), removed: foreign.map((fact) => ({ kind: fact.kind, text: fact.text })) };
}

// ---------------------------------------------------------------------------------------------
// Language, per text

/** Names any language's video may carry as they are. */
const BRAND_WORDS = /\b(?:tiktok|instagram|facebook|youtube|shorts|reels|pinterest|weibo|bilibili|kuaishou|vk|wifi|wi-fi|ok|diy|app|vlog|bbq|dj)\b/giu;
const EN_WORDS = new Set(['the', 'and', 'you', 'your', 'to', 'of', 'is', 'are', 'with', 'for', 'our', 'we', 'it', 'this', 'at', 'on', 'in', 'come', 'get', 'every', 'here', 'just', 'what', 'from']);
const ES_WORDS = new Set(['el', 'la', 'los', 'las', 'y', 'de', 'que', 'tu', 'tus', 'con', 'para', 'por', 'es', 'en', 'un', 'una', 'nuestro', 'nuestra', 'te', 'se', 'del', 'al', 'ven', 'aquí', 'cada', 'todo', 'más']);
const LANGUAGE_NAMES: Record<ScriptLanguage, string> = { en: 'English', es: 'Spanish', zh: 'Chinese' };

function withoutBriefWords(text: string, words: readonly string[]): string {
  let rest = text.normalize('NFKC');
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return rest.replace(BRAND_WORDS, ' ');
}

/**
 * Whether one text is in the script's language. Chinese is told apart by its script; English and
 * Spanish from Chinese the same way, and from each other by their commonest words once a text
 * is long enough to have some. Names from the brief and platform names do not count either way.
 */
export function textLanguageProblem(text: string, language: ScriptLanguage, brief: BriefFacts): string | null {
  const rest = withoutBriefWords(text, brief.words);
  const letters = (rest.match(/\p{L}/gu) ?? []).length;
  const han = (rest.match(/\p{Script=Han}/gu) ?? []).length;
  if (language === 'zh') return letters >= 8 && han / letters < 0.2 ? `not written in ${LANGUAGE_NAMES.zh}` : null;
  if (letters >= 2 && han / letters > 0.3) return `not written in ${LANGUAGE_NAMES[language]}`;
  const words = (rest.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => !/\p{Script=Han}/u.test(word));
  if (words.length < 6) return null;
  const own = language === 'en' ? EN_WORDS : ES_WORDS;
  const other = language === 'en' ? ES_WORDS : EN_WORDS;
  const ownHits = words.filter((word) => own.has(word) && !other.has(word)).length;
  const otherHits = words.filter((word) => other.has(word) && !own.has(word)).length;
  return otherHits >= 3 && otherHits > ownHits * 2 ? `not written in ${LANGUAGE_NAMES[language]}` : null;
}

// ---------------------------------------------------------------------------------------------
// The whole script

export type GuardVerdict =
  | { ok: true; body: ScriptBody; removed: Removed[] }
  | {
      ok: false;
      /** Short and English, without the refused words: it goes into the fallback note the studio reads. */
      reason: string;
    };

function describeRemoved(removed: readonly Removed[]): string {
  const kinds = [...new Set(removed.map((item) => item.kind))];
  return kinds.join(', ');
}

/** A short note of what was cut, for the log. */
export function removedNote(removed: readonly Removed[]): string {
  return `removed ${describeRemoved(removed)} not in the brief: ${removed.map((item) => JSON.stringify(item.text.slice(0, 80))).join(', ')}`;
}

/**
 * A script as it may be stored: refused when it asks for payment or credentials or is not in its
 * language, otherwise with every sentence holding a link, address, phone number, price or
 * percentage the brief does not have cut out. A line left with nothing on screen is refused too:
 * the templates write a better one than an empty frame.
 */
export function guardScript(body: ScriptBody, brief: Brief | LanguageBrief, language: ScriptLanguage): GuardVerdict {
  // A script is checked against its own language's texts: another language's offer is not its fact.
  const facts = briefFacts(briefIn(brief, language));
  const texts = [
    body.title,
    ...[body.hook, ...body.beats, body.call_to_action].flatMap((line) => [line.on_screen, line.spoken]),
    ...body.captions.flatMap((caption) => [caption.caption, caption.hashtags.join(' ')]),
  ];
  for (const text of texts) {
    const kind = unsafeRequest(text);
    if (kind) return { ok: false, reason: REFUSALS[kind] };
  }
  const removed: Removed[] = [];
  const clean = (text: string) => {
    const result = withoutForeignFacts(text, facts);
    removed.push(...result.removed);
    return result.text;
  };
  const line = (value: ScriptLine): ScriptLine => ({ on_screen: clean(value.on_screen), spoken: clean(value.spoken) });
  const cleaned: ScriptBody = {
    title: clean(body.title),
    hook: line(body.hook),
    beats: body.beats.map(line),
    call_to_action: line(body.call_to_action),
    captions: body.captions.map((caption) => ({ ...caption, caption: clean(caption.caption) })),
  };
  const lines = [cleaned.hook, ...cleaned.beats, cleaned.call_to_action];
  if (removed.length > 0 && (!/\p{L}/u.test(cleaned.title) || lines.some((item) => !/[\p{L}\p{N}]/u.test(item.on_screen)))) {
    return { ok: false, reason: `a line held only ${describeRemoved(removed)} not in the brief` };
  }
  for (const text of [cleaned.title, ...lines.flatMap((item) => [item.on_screen, item.spoken]), ...cleaned.captions.map((caption) => caption.caption)]) {
    const problem = textLanguageProblem(text, language, facts);
    if (problem) return { ok: false, reason: `a text is ${problem}` };
  }
  return { ok: true, body: cleaned, removed };
}

/**
 * A brief value the templates may copy into a script: one asking for payment or credentials is
 * left out (the templates then write the line without it), as the model's answer would be refused.
 */
export function safeBriefValue(value: string): string {
  return unsafeRequest(value) ? '' : value;
}

/** The brief fields the templates leave out, for the writer's warning. */
export function unsafeBriefFields(brief: LanguageBrief): Array<{ field: string; kind: string }> {
  return BRIEF_TEXT_FIELDS.flatMap((field) => {
    const kind = unsafeRequest(brief[field]);
    return kind ? [{ field, kind }] : [];
  });
}
