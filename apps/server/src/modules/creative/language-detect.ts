import type { ScriptLanguage } from '@nearcast/contract';

/**
 * Which of the video languages a short text is written in, from its script and its common
 * words. Brief texts and script lines are a sentence or two, too short for statistical models;
 * Han characters decide Chinese, and among Latin texts the words every English or Spanish
 * sentence is built with (articles, prepositions, the verbs of a call to action) and Spanish's
 * own letters decide between the two.
 *
 * `latin`: Latin letters with nothing that tells English from Spanish (a brand, a dish name),
 * `other`: another script (Cyrillic, Arabic, Hangul…) or a mix no language owns, null: no
 * letters at all (prices, times, emoji), which fits every language.
 */
export type DetectedLanguage = ScriptLanguage | 'latin' | 'other' | null;

const ENGLISH = new Set(
  `the and for to of with at on in your our every off free call order book today now an is are we you get come open daily
  this that it its all from by or our us here near best new try visit only just more than per each day week weekend
  monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun am pm until closed
  two three four five first one buy any over after before ahead table tables class classes trial
  made fresh homemade love taste hours stop drop ask see join find counter`
    .split(/\s+/)
    .filter(Boolean),
);
const SPANISH = new Set(
  `el la los las de del y para con en tu tus su sus por cada gratis hoy ahora llama llámanos pide reserva ven vengan abierto abiertos
  lunes martes miércoles jueves viernes sábado domingo lun mar mié jue vie sáb dom todos todas días día semana fin
  un una unos unas al nuestro nuestra nuestros es son te nos que más solo aquí cerca mejor nuevo nueva prueba visita
  dos tres cuatro cinco primer primera compra cualquier antes después mesa clase clases horario llamar pedido mostrador
  hecho fresco casero casera sabor horas pasa pregunta descubre encuentra`
    .split(/\s+/)
    .filter(Boolean),
);
const SPANISH_LETTERS = /[ñáéíóúü¿¡]/giu;
const HAN = /\p{Script=Han}/gu;
const LETTER = /\p{L}/u;
const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Hangul}\p{Script=Thai}\p{Script=Greek}\p{Script=Devanagari}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The Latin words of a text, lower case, apostrophes kept inside words ("we're"). */
export function latinWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{Script=Latin}]+(?:['’][\p{Script=Latin}]+)*/gu) ?? [];
}

export function detectLanguage(text: string): DetectedLanguage {
  if (!LETTER.test(text)) return null;
  const han = text.match(HAN)?.length ?? 0;
  const words = latinWords(text);
  // A Chinese sentence may name a brand in Latin letters ("Taco Tuesday 两个塔可 5 美元"): Han
  // characters carry about a word each, so Chinese wins while they are at least as many.
  if (han > 0 && han >= words.length) return 'zh';
  if (words.length === 0) return han > 0 ? 'zh' : OTHER_SCRIPT.test(text) ? 'other' : 'latin';
  let english = 0;
  let spanish = (text.match(SPANISH_LETTERS)?.length ?? 0) * 1.5;
  for (const word of words) {
    if (ENGLISH.has(word)) english += 1;
    if (SPANISH.has(word)) spanish += 1;
    if (/['’]s$|n['’]t$|['’](re|ll|ve|m)$/.test(word)) english += 1;
  }
  if (han > 0) return 'other';
  if (english === spanish) return OTHER_SCRIPT.test(text) ? 'other' : 'latin';
  return english > spanish ? 'en' : 'es';
}

/**
 * Whether a text may stand in a language's place: Chinese must read as Chinese; English and
 * Spanish take their own and undecided Latin text (a dish name, a brand), never the other one.
 */
export function fitsLanguage(text: string, language: ScriptLanguage): boolean {
  const detected = detectLanguage(text);
  if (detected === null || detected === language) return true;
  return detected === 'latin' && language !== 'zh';
}

/** The language a text is written in for the slot it should go to; English when nothing tells. */
export function slotOf(text: string): ScriptLanguage {
  const detected = detectLanguage(text);
  return detected === 'zh' || detected === 'es' ? detected : 'en';
}

/**
 * Chinese typesetting puts a space between Han characters and Latin letters ("在 Carmen's Tacos
 * 吃"), which also keeps a CJK font from drawing the Latin run as if it were part of the Han one.
 * Digits stay joined ("上午11点"), as Chinese hours and prices are written.
 */
export function spaceHanLatin(text: string): string {
  return text
    .replace(/(\p{Script=Han})(?=[\p{Script=Latin}])/gu, '$1 ')
    .replace(/([\p{Script=Latin}])(?=\p{Script=Han})/gu, '$1 ');
}
