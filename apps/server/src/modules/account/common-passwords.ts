import { installCommonPasswordCheck } from '@nearcast/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (ASVS 6.2.4): the ranked list zxcvbn-ts ships (MIT), about 49,000
 * entries drawn from real password leaks. People dress a common word up the way every guessing
 * tool undoes first (`Password123!`, `P@ssw0rd`, `Summer2024!`), so a password is compared
 * after that dressing is taken off (docs/decisions/054):
 * - the whole password, lower-cased and with look-alike substitutions undone, against the whole list;
 * - its core (leading and trailing digits and symbols dropped) against the 1,000 most common
 *   entries, the site's own name, and the seasons and months in English and Spanish.
 */
const BASE_RANK = 1_000;

/** Words a password of this site is guessed from first, whatever their rank in the list. */
const OBVIOUS_WORDS = [
  'nearcast',
  // Seasons and months, the usual base of a password changed on a schedule (`Summer2024!`).
  'spring', 'summer', 'autumn', 'fall', 'winter',
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'primavera', 'verano', 'otono', 'invierno',
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'setiembre', 'octubre', 'noviembre', 'diciembre',
];

/** Look-alike characters and the letter they stand for; `1` stands for `i` or `l`, so both are tried. */
const SUBSTITUTIONS: Record<string, string>[] = [
  { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '3': 'e', $: 's', '5': 's', '7': 't' },
  { '@': 'a', '4': 'a', '0': 'o', '1': 'l', '3': 'e', $: 's', '5': 's', '7': 't' },
];

let common: { all: Set<string>; bases: Set<string> } | null = null;

function commonPasswords() {
  if (!common) {
    const ranked = dictionary['passwords-common'].map((password) => password.toLowerCase());
    common = { all: new Set(ranked), bases: new Set([...ranked.slice(0, BASE_RANK), ...OBVIOUS_WORDS]) };
  }
  return common;
}

/** Lower case, accents off (`Otoño` is `otono`), compatibility forms folded (full-width digits). */
function simplified(password: string): string {
  return password.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Digits, punctuation and spaces at either end: the part people add to meet a rule. */
function core(text: string): string {
  return text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

function undoSubstitutions(text: string, map: Record<string, string>): string {
  return [...text].map((char) => map[char] ?? char).join('');
}

/**
 * The forms a password is compared in: as typed, and with its substitutions undone before or
 * after its ends are dropped (`P@ssw0rd123` is `password`, `Welcom3!` is `welcome`).
 */
function forms(password: string): { whole: Set<string>; cores: Set<string> } {
  const plain = simplified(password);
  const whole = new Set([plain]);
  const cores = new Set([core(plain)]);
  for (const map of SUBSTITUTIONS) {
    whole.add(undoSubstitutions(plain, map));
    cores.add(undoSubstitutions(core(plain), map));
    cores.add(core(undoSubstitutions(plain, map)));
  }
  cores.delete('');
  return { whole, cores };
}

export function isCommonPassword(password: string): boolean {
  const { all, bases } = commonPasswords();
  const { whole, cores } = forms(password);
  return [...whole].some((form) => all.has(form)) || [...cores].some((form) => bases.has(form));
}

/** Every `newPassword()` field of the contract refuses these from now on, in this process. */
export function refuseCommonPasswords(): void {
  installCommonPasswordCheck(isCommonPassword);
}
