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

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
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
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(event.description ? `${event.description}\n\n${event.url}` : event.url)}`,
    `URL:${event.url}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
