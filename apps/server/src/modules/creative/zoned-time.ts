// Time in a merchant's zone: the plan's days, the drafts' posting hours and a render's day are
// all counted on the merchant's own calendar.

/** The calendar day (YYYY-MM-DD) it is in `zone` at `at`. */
export function localDate(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The hour of the day (0–23) it is in `zone` at `at`. */
export function localHour(at: Date, zone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(hour) % 24;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant a wall-clock time (fractional hours) of a day is in `zone`. */
export function zonedTime(day: string, hours: number, zone: string): Date {
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  const guess = new Date(`${day}T${String(whole).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`);
  // The zone's offset at that moment, read back from how the zone writes the guess.
  const offsetOf = (at: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
    return asUtc - at.getTime();
  };
  const first = new Date(guess.getTime() - offsetOf(guess));
  return new Date(guess.getTime() - offsetOf(first));
}

