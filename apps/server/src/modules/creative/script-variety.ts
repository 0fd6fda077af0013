import type { ScriptLanguage } from '@nearcast/contract';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';
import { textKey, type WrittenScript } from './script-writing.js';

/**
 * What keeps a merchant's drafts from repeating what the studio turned down and a day's drafts
 * from sharing a title (docs/decisions/075).
 */

/** Rejected titles and hooks stay out of the merchant's scripts this long. */
export const REJECTED_MEMORY_DAYS = 30;

/**
 * Added to a title another draft of the day already has, in the script's own language: the
 * writer looks for another title first, and this is what tells two left alike apart.
 */
export const TITLE_SUFFIXES: Record<ScriptLanguage, (n: number) => string> = {
  en: (n) => ` (part ${n})`,
  es: (n) => ` (parte ${n})`,
  zh: (n) => `（第${n}弹）`,
};

/** The normalised titles and hooks the merchant's scripts avoid now, with the day's titles given. */
export async function avoidedTexts(db: Db, merchantId: number, now: Date, dayTitles: readonly string[] = []): Promise<Set<string>> {
  const rejected = await repo.rejectedTexts(db, merchantId, new Date(now.getTime() - REJECTED_MEMORY_DAYS * 86_400_000));
  const keys = [...rejected.flatMap((item) => [item.title, item.hook]), ...dayTitles].filter((text) => text.trim() !== '').map(textKey);
  return new Set(keys);
}

/**
 * Gives each script a title no other script of the batch, no draft of its day and no rejected
 * draft has: a title already taken gets the language's suffix with the next free number.
 */
export function distinctTitles(scripts: WrittenScript[], language: ScriptLanguage, avoid: ReadonlySet<string>): WrittenScript[] {
  const taken = new Set(avoid);
  return scripts.map((script) => {
    let title = script.body.title;
    for (let n = 2; taken.has(textKey(title)); n++) {
      const suffix = TITLE_SUFFIXES[language](n);
      title = `${script.body.title.slice(0, 100 - suffix.length)}${suffix}`;
    }
    taken.add(textKey(title));
    return title === script.body.title ? script : { ...script, body: { ...script.body, title } };
  });
}
