import { createHash } from 'node:crypto';
import type { Language, LiveInfo, LiveTimeStatus } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { ContentItemRow } from './repository.js';

/** The content service's values: what a change asks for, how an item is audited, a live event's times. */

/** A live event's place in time at `now` (start inclusive, end exclusive). */
export function liveTimeStatus(start: Date, durationMinutes: number, now: Date): LiveTimeStatus {
  if (now < start) return 'upcoming';
  return now.getTime() < start.getTime() + durationMinutes * 60_000 ? 'live' : 'ended';
}

/** How an author is named on what they wrote. */
export function authorNameOf(caller: Caller): string {
  const account = caller.account;
  return account.name || account.username || account.email;
}

/** What an add or update asks to change, in one shape for the three kinds of item. */
export interface Changes {
  title?: string;
  excerpt?: string;
  body_html?: string;
  cover_upload_id?: number | null;
  video_upload_id?: number | null;
  tags?: string[];
  language?: Language;
  translation_of?: number | null;
  link?: string;
  start_time?: string;
  time_zone?: string;
  duration_minutes?: number;
}

/**
 * An item as the audit log keeps it: what a reader compares between two versions. The body is
 * kept as its length and digest, which show that it changed without copying every article twice.
 */
export function auditView(row: ContentItemRow) {
  return {
    type: row.type,
    status: row.status,
    title: row.title,
    language: row.language,
    excerpt: row.excerpt,
    tags: row.tags,
    link: row.link,
    cover_key: row.coverKey,
    video_key: row.videoKey,
    live_start: row.liveStart?.toISOString() ?? null,
    live_time_zone: row.liveTimeZone,
    live_duration_minutes: row.liveDurationMinutes,
    body_length: row.bodyHtml.length,
    body_sha256: createHash('sha256').update(row.bodyHtml).digest('hex').slice(0, 16),
  };
}

/** A live event's times and state at `now`, or null for other items. */
export function liveOf(row: ContentItemRow, now: Date): LiveInfo | null {
  if (row.type !== 'live' || !row.liveStart || row.liveDurationMinutes === null) return null;
  return {
    start_time: row.liveStart.toISOString(),
    time_zone: row.liveTimeZone ?? 'UTC',
    duration_minutes: row.liveDurationMinutes,
    end_time: new Date(row.liveStart.getTime() + row.liveDurationMinutes * 60_000).toISOString(),
    link: row.link,
    time_status: liveTimeStatus(row.liveStart, row.liveDurationMinutes, now),
  };
}
