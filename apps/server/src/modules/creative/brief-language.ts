import { LOCALIZED_BRIEF_FIELDS, SCRIPT_LANGUAGES, storedMessage, type Brief, type LocalizedBriefField, type ScriptLanguage } from '@nearcast/contract';
import { rewriteHours } from './hours-format.js';
import { fitsLanguage, spaceHanLatin } from './language-detect.js';

/**
 * The brief as one language's videos read it (docs/decisions/077): its own offer, call to action
 * and hours, never another language's. Hours typed in another language are rewritten when they
 * follow a simple pattern; an offer or call to action is never borrowed (the writers leave the
 * offer out and use the template library's native call to action instead).
 */
export type LanguageBrief = Omit<Brief, LocalizedBriefField | 'translated'> & Record<LocalizedBriefField, string>;

export function briefIn(brief: Brief | LanguageBrief, language: ScriptLanguage): LanguageBrief {
  // A view already (a writer handed one by its caller, a test's flat brief) is used as it is.
  if (typeof brief.offer === 'string' && typeof brief.hours === 'string' && typeof brief.call_to_action === 'string') return brief as LanguageBrief;
  const full = brief as Brief;
  const { translated: _translated, ...rest } = full;
  return {
    ...rest,
    offer: full.offer[language].trim(),
    call_to_action: full.call_to_action[language].trim(),
    hours: hoursIn(full, language),
  };
}

/** The language's own hours, else another language's rewritten when it is a simple pattern, else none. */
export function hoursIn(brief: Pick<Brief, 'hours'>, language: ScriptLanguage): string {
  const own = brief.hours[language].trim();
  if (own) return own;
  for (const other of SCRIPT_LANGUAGES) {
    const text = brief.hours[other].trim();
    if (other === language || !text) continue;
    const rewritten = rewriteHours(text, language);
    if (rewritten) return rewritten;
  }
  return '';
}

/** Chinese output with a space between Han and Latin runs; other languages as they are. */
export function typesetFor(text: string, language: ScriptLanguage): string {
  return language === 'zh' ? spaceHanLatin(text) : text;
}

/** Words by which a call to action asks the viewer to phone. */
const ASKS_TO_CALL: Record<ScriptLanguage, RegExp> = {
  en: /\b(call|phone|ring)\b/i,
  es: /(^|[^\p{L}])(ll[aá]m|telefone)/iu,
  zh: /打电话|致电|来电|电话/,
};

export function asksToCall(text: string, language: ScriptLanguage): boolean {
  return ASKS_TO_CALL[language].test(text);
}

/**
 * What a video of a language does differently because of the brief, as stored messages for the
 * render's notes: a text the other languages have and this one lacks (so left out, or the
 * library's own call to action used), and a call to action that asks to call a shop without a
 * phone number (the end card then shows none).
 */
export function briefLanguageNotes(brief: Brief, language: ScriptLanguage): string[] {
  const notes: string[] = [];
  const has = (field: LocalizedBriefField) => SCRIPT_LANGUAGES.some((other) => brief[field][other].trim() !== '');
  if (!brief.offer[language].trim() && has('offer')) notes.push(storedMessage(`creative.note.no_offer_${language}`));
  if (!brief.call_to_action[language].trim() && has('call_to_action')) notes.push(storedMessage(`creative.note.no_call_to_action_${language}`));
  if (!hoursIn(brief, language) && has('hours')) notes.push(storedMessage(`creative.note.no_hours_${language}`));
  if (!brief.phone.trim() && asksToCall(brief.call_to_action[language], language)) notes.push(storedMessage('creative.note.call_without_phone'));
  return notes;
}

/** The per-language texts of a brief that do not read as their slot's language: field → languages. */
export function mismatchedTexts(texts: Partial<Record<LocalizedBriefField, Partial<Record<ScriptLanguage, string>>>>): Array<{ field: LocalizedBriefField; language: ScriptLanguage }> {
  const found: Array<{ field: LocalizedBriefField; language: ScriptLanguage }> = [];
  for (const field of LOCALIZED_BRIEF_FIELDS) {
    for (const language of SCRIPT_LANGUAGES) {
      // An update names only the languages it changes.
      const text = texts[field]?.[language] ?? '';
      if (text.trim() && !fitsLanguage(text, language)) found.push({ field, language });
    }
  }
  return found;
}
