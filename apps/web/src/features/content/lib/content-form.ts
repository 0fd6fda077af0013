import type { ContentItem, ContentType, Language } from '@nearcast/contract';
import type { SaveRequest } from '../api/save-content';
import { wallTimeIn, zonedIso } from './zoned-time';

/** A new item the editor opens on: its type, and its language when it translates another. */
export interface NewItem {
  type: ContentType;
  language?: Language;
  translationOf?: number | null;
}

/** A file shown in the form: what the server stores (the upload id) and what the browser shows. */
export interface FormFile {
  id: number;
  url: string | null;
  name?: string;
}

/** The editor's fields, as the form holds them (the body lives in the rich-text editor). */
export interface ContentFormValues {
  title: string;
  excerpt: string;
  language: Language;
  tags: string[];
  cover: FormFile | null;
  video: FormFile | null;
  translation_of: number | null;
  /** Live event: where to watch; landing page: the call to action. */
  link: string;
  /** Live event: the wall-clock start `YYYY-MM-DDTHH:mm` in `time_zone`. */
  start: string;
  time_zone: string;
  duration_minutes: number | null;
}

/** The form of a new item of `type`: a landing page's call to action goes to the plans. */
export function emptyValues(type: ContentType, language: Language, timeZone: string, translationOf: number | null = null): ContentFormValues {
  return {
    title: '',
    excerpt: '',
    language,
    tags: [],
    cover: null,
    video: null,
    translation_of: translationOf,
    link: type === 'landing' ? '/plans' : '',
    start: '',
    time_zone: timeZone,
    duration_minutes: type === 'live' ? 60 : null,
  };
}

/** The form of a saved item. */
export function valuesOf(item: ContentItem, fallbackZone: string): ContentFormValues {
  const zone = item.live?.time_zone || fallbackZone;
  return {
    title: item.title,
    excerpt: item.excerpt,
    language: item.language,
    tags: item.tags,
    cover: item.cover_upload_id === null ? null : { id: item.cover_upload_id, url: item.cover_url },
    video: item.video_upload_id === null ? null : { id: item.video_upload_id, url: item.video_url },
    translation_of: null,
    link: item.link || item.live?.link || '',
    start: item.live ? (wallTimeIn(item.live.start_time, zone) ?? '') : '',
    time_zone: zone,
    duration_minutes: item.live?.duration_minutes ?? null,
  };
}

/**
 * What to send for a save. A new item sends everything (`publish` publishes it at once); a
 * saved one sends only what changed, so an untouched cover or video is not claimed twice and
 * an update never touches the status (spec §4: update keeps it). A start time that is not a
 * time goes as it is typed, so the server's message lands under the field.
 */
export function toSaveRequest(
  type: ContentType,
  values: ContentFormValues,
  bodyHtml: string,
  saved: ContentItem | null,
  publish: boolean,
): SaveRequest {
  const start = values.start ? (zonedIso(values.start, values.time_zone) ?? values.start) : '';
  const common = {
    title: values.title,
    excerpt: values.excerpt,
    body_html: bodyHtml,
    cover_upload_id: values.cover?.id ?? null,
    tags: values.tags,
    language: values.language,
    translation_of: values.translation_of,
  };
  if (!saved) {
    if (type === 'live') {
      return {
        kind: 'add-live',
        body: { ...common, start_time: start, time_zone: values.time_zone, duration_minutes: values.duration_minutes ?? 0, link: values.link, publish },
      };
    }
    return {
      kind: 'add',
      body: { ...common, type, link: values.link, video_upload_id: type === 'article' ? (values.video?.id ?? null) : null, publish },
    };
  }

  const before = valuesOf(saved, values.time_zone);
  const body: Extract<SaveRequest, { kind: 'update' }>['body'] & Extract<SaveRequest, { kind: 'update-live' }>['body'] = { id: saved.id };
  if (values.title !== before.title) body.title = values.title;
  if (values.excerpt !== before.excerpt) body.excerpt = values.excerpt;
  if (bodyHtml !== saved.body_html) body.body_html = bodyHtml;
  if ((values.cover?.id ?? null) !== (before.cover?.id ?? null)) body.cover_upload_id = values.cover?.id ?? null;
  if (type === 'article' && (values.video?.id ?? null) !== (before.video?.id ?? null)) body.video_upload_id = values.video?.id ?? null;
  if (values.tags.join('\n') !== before.tags.join('\n')) body.tags = values.tags;
  if (values.language !== before.language) body.language = values.language;
  if (values.translation_of !== null) body.translation_of = values.translation_of;
  if (type !== 'article' && values.link !== before.link) body.link = values.link;
  if (type === 'live') {
    if (values.start !== before.start || values.time_zone !== before.time_zone) {
      body.start_time = start;
      body.time_zone = values.time_zone;
    }
    if (values.duration_minutes !== before.duration_minutes) body.duration_minutes = values.duration_minutes ?? 0;
  }
  // A live event changes through the spec's /v1/live/update; the body never has a video for it.
  return type === 'live' ? { kind: 'update-live', body } : { kind: 'update', body };
}

/** Whether a save would change anything (an update of nothing but the id is not sent). */
export function changesSomething(request: SaveRequest): boolean {
  return (request.kind !== 'update' && request.kind !== 'update-live') || Object.keys(request.body).length > 1;
}
