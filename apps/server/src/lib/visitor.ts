import { createHmac } from 'node:crypto';

/**
 * Telling people from programs and recognising a returning visitor without keeping who they
 * are: shared by the promotion links' funnel and the videos' short links (docs/decisions/083).
 */

/**
 * Browsers of people, not programs: crawlers, link previews and HTTP libraries name themselves
 * in their user agent, and a visit without one is not a person's either.
 */
const NOT_A_PERSON = /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|monitor|curl\/|wget\/|python-|httpclient|go-http-client|okhttp|java\/|node-fetch|axios\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === '' || NOT_A_PERSON.test(userAgent);
}

/** A keyed hash under a day's salt: the same text gives the same hash that day, and none can be reversed once the salt is gone. */
export function saltedHash(salt: string, text: string): string {
  return createHmac('sha256', salt).update(text).digest('base64url').slice(0, 32);
}

/** A visitor (address and browser) and its address alone, each hashed under the salt. */
export function visitorHashes(salt: string, client: { ip: string; userAgent: string | undefined }): { visitor: string; origin: string } {
  return { visitor: saltedHash(salt, `${client.ip}\n${client.userAgent}`), origin: saltedHash(salt, client.ip) };
}

/** A day as `YYYY-MM-DD` in UTC: visitor salts and counts are per UTC day. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);
