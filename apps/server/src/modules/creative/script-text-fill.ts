import { SCRIPT_LIMITS, type ScriptLanguage, type ScriptLine, type ScriptTone } from '@nearcast/contract';
import { type CategoryScripts, type LanguageScripts, type LineTemplate, type SlotValues } from './script-library/index.js';
import { type LanguageBrief } from './brief-language.js';
import { placeNameIn } from './place-names.js';
import { safeBriefValue } from './script-guard.js';



/**
 * Filling a library line with the brief's own words: values cleaned of control characters and
 * clipped to the limits, places named as the language names them, and a line used only when
 * everything it needs is in the brief.
 */

// ---------------------------------------------------------------------------------------------
// Filling texts

export type Values = Readonly<Record<string, string>>;

// eslint-disable-next-line no-control-regex -- brief text may carry control characters the screen cannot show
export const CONTROL = /[\u0000-\u001F\u007F]+/g;

/**
 * Brief text as one clean line. Everything the templates copy from the brief comes through here,
 * so a value asking viewers for payment or a login (script-guard.ts) is left out as if empty.
 */
export function cleanValue(value: string): string {
  return safeBriefValue(value.normalize('NFC').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim());
}

/** A value placed mid-sentence: its own closing punctuation would double the template's. */
export function tidyValue(value: string): string {
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

export function alternatives(template: LineTemplate): readonly string[] {
  return typeof template.on_screen === 'string' ? [template.on_screen] : template.on_screen;
}

/** The brief as slot values: in full, and shortened for lines that would not fit otherwise. */
export interface BriefValues {
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
export function streetOf(address: string): string {
  const text = cleanValue(address);
  if (!text) return '';
  if (/\p{Script=Han}/u.test(text) && !/[,，]/.test(text)) return text.length <= 30 ? text : '';
  const first = text.split(/\s*[,，]\s*/)[0] ?? '';
  return first.length <= 48 ? first : '';
}

export function briefValues(brief: LanguageBrief, language: ScriptLanguage, library: LanguageScripts, category: CategoryScripts): BriefValues {
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

export function usable(template: LineTemplate, values: BriefValues, tone: ScriptTone): boolean {
  if (template.tones && !template.tones.includes(tone)) return false;
  if (fillText(template.spoken, values.full) === null) return false;
  return alternatives(template).some((text) => fillText(text, values.full) !== null);
}

/** A line filled to the contract's limits: the first on-screen alternative that fits, full values before shortened ones. */
export function buildLine(template: LineTemplate, values: BriefValues, shortSpoken: boolean): ScriptLine {
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

