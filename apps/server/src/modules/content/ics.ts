/**
 * An iCalendar file (RFC 5545) for one live event, so "add to calendar" works in every
 * calendar app without an account anywhere. Times are written in UTC: the calendar shows
 * them in the reader's own zone, which is what a viewer far from the host wants.
 */
export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  url: string;
  start: Date;
  durationMinutes: number;
  /** When the event was last changed, for calendars that update an imported copy. */
  stamp: Date;
  /** The live link, where people join. */
  location: string;
}

function utc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Line breaks in any spelling: CRLF, a bare CR or LF, and the Unicode breaks (NEL, LS, PS)
 * that some readers also split lines on. A bare CR left in a value would let a reader that
 * splits on it see the rest of the value as a property of its own (`…\rLOCATION:…`).
 */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** The other control characters, which RFC 5545 does not allow in a TEXT value (tab aside). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
function text(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n');
}

/** A URI or an identifier has no escaping: what cannot be in one is left out rather than let through. */
function bare(value: string): string {
  return value.replace(LINE_BREAK, '').replace(CONTROL, '');
}

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFile(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nearcast//Live events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${bare(event.uid)}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(event.description ? `${event.description}\n\n${event.url}` : event.url)}`,
    `URL:${bare(event.url)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
