import {
  announcementAddRequest,
  LANGUAGES,
  type Announcement,
  type Language,
  type Role,
} from '@nearcast/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** What the announcement form holds while it is being written. */
export interface AnnouncementDraft {
  title: Record<Language, string>;
  body: Record<Language, string>;
  audience: Role[];
  marketing: boolean;
  when: 'now' | 'later';
  sendTime: Dayjs | null;
}

/** A field's place in the form, as the server names it in `data.fields` ('title.es-ES', 'audience'). */
export type DraftErrors = Record<string, string>;

const perLanguage = (value: string): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, value])) as Record<Language, string>;

export function emptyDraft(): AnnouncementDraft {
  return { title: perLanguage(''), body: perLanguage(''), audience: [], marketing: false, when: 'now', sendTime: null };
}

/** A scheduled announcement back in the form, to change it before it goes out. */
export function draftOf(announcement: Announcement): AnnouncementDraft {
  const title = perLanguage('');
  const body = perLanguage('');
  for (const language of LANGUAGES) {
    title[language] = announcement.title[language] ?? '';
    body[language] = announcement.body[language] ?? '';
  }
  return {
    title,
    body,
    audience: [...announcement.audience],
    marketing: announcement.marketing,
    when: 'later',
    sendTime: dayjs(announcement.send_time),
  };
}

export type DraftCheck =
  | { ok: true; body: { title: Partial<Record<Language, string>>; body: Partial<Record<Language, string>>; audience: Role[]; marketing: boolean; send_time: string | null } }
  | { ok: false; errors: DraftErrors };

/**
 * The request the draft makes, checked with the contract's own schema (so the form and the
 * server judge alike) plus what only the form knows: "at a time" needs a time, in the future.
 * Messages are keys: contract keys (`notification.*`, `validation.*`) or this feature's.
 */
export function checkDraft(draft: AnnouncementDraft, now: Dayjs = dayjs()): DraftCheck {
  const texts = (values: Record<Language, string>) =>
    Object.fromEntries(LANGUAGES.map((language) => [language, values[language].trim()]).filter(([, text]) => text !== '')) as Partial<
      Record<Language, string>
    >;
  const errors: DraftErrors = {};
  let sendTime: string | null = null;
  if (draft.when === 'later') {
    if (!draft.sendTime) errors.send_time = 'form.send_time_required';
    else if (!draft.sendTime.isAfter(now)) errors.send_time = 'form.send_time_past';
    // With its offset, as the contract asks: the server stores the instant, the reader sees their own clock.
    else sendTime = draft.sendTime.second(0).millisecond(0).format();
  }
  const body = { title: texts(draft.title), body: texts(draft.body), audience: draft.audience, marketing: draft.marketing, send_time: sendTime };
  const parsed = announcementAddRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || '_form';
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body };
}

/** The text of an announcement for a reader: their language, else English, else the first written. */
export function textFor(texts: Partial<Record<Language, string>>, language: Language): string {
  return texts[language] || texts['en-US'] || LANGUAGES.map((code) => texts[code]).find(Boolean) || '';
}
