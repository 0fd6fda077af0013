import type { ScriptLanguage } from '@nearcast/contract';

/**
 * Opening hours rewritten into another language, for the simple patterns merchants type
 * ("Mon–Sat 11 am – 10 pm", "Daily 10 am – 9 pm", "Mon–Fri 3 – 9 pm, Sat 9 am – 2 pm",
 * "11:00–22:00"). Anything else (a holiday note, "closed Sundays", "till late") is not guessed
 * at: the caller leaves hours out of that language rather than show English in its video.
 */

interface Span {
  /** Day indexes 0 (Monday) – 6, `daily` when said so, null when the text names no days. */
  days: [number, number] | 'daily' | null;
  from: number;
  to: number;
}

const DAY_NAMES: Record<string, number> = {
  mon: 0, monday: 0, tue: 1, tues: 1, tuesday: 1, wed: 2, wednesday: 2, thu: 3, thur: 3, thurs: 3, thursday: 3,
  fri: 4, friday: 4, sat: 5, saturday: 5, sun: 6, sunday: 6,
};
const DAY = `(${Object.keys(DAY_NAMES).sort((a, b) => b.length - a.length).join('|')})\\.?`;
const DASH = '\\s*(?:–|—|-|to|through|thru)\\s*';
const TIME = '(noon|midnight|\\d{1,2}(?::\\d{2})?\\s*(?:[ap]\\.?m\\.?)?)';
const DAYS = new RegExp(`^(?:(daily|every day|everyday)|${DAY}(?:${DASH}${DAY})?)$`, 'i');
const RANGE = new RegExp(`^${TIME}${DASH}${TIME}$`, 'i');

/** Minutes after midnight, and whether the text said am or pm. */
function timeOf(text: string): { minutes: number; meridiem: 'am' | 'pm' | null } | null {
  const value = text.trim().toLowerCase();
  if (value === 'noon') return { minutes: 12 * 60, meridiem: null };
  if (value === 'midnight') return { minutes: 24 * 60, meridiem: null };
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([ap])?/.exec(value);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3] === 'a' ? 'am' : match[3] === 'p' ? 'pm' : null;
  if (minute > 59 || hour > 24 || (meridiem && (hour < 1 || hour > 12))) return null;
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  return { minutes: hour * 60 + minute, meridiem };
}

function rangeOf(text: string): { from: number; to: number } | null {
  const match = RANGE.exec(text.trim());
  if (!match) return null;
  const from = timeOf(match[1]!);
  const to = timeOf(match[2]!);
  if (!from || !to) return null;
  // "3 – 9 pm": the first time takes the second's half of the day, unless that puts it after the end ("11 – 2 pm").
  if (from.meridiem === null && to.meridiem === 'pm' && from.minutes < 12 * 60) {
    const afternoon = from.minutes + 12 * 60;
    if (afternoon < to.minutes) from.minutes = afternoon;
  }
  return { from: from.minutes, to: to.minutes };
}

function daysOf(text: string): Span['days'] | undefined {
  const match = DAYS.exec(text.trim());
  if (!match) return undefined;
  if (match[1]) return 'daily';
  const first = DAY_NAMES[match[2]!.toLowerCase()]!;
  const last = match[3] ? DAY_NAMES[match[3].toLowerCase()]! : first;
  return [first, last];
}

/** The spans of an hours text, or null when any part of it is not a simple pattern. */
export function parseHours(text: string): Span[] | null {
  const parts = text.split(/\s*[,;]\s*/).filter(Boolean);
  if (parts.length === 0) return null;
  const spans: Span[] = [];
  for (const part of parts) {
    const match = /^(.*?)\s*((?:noon|midnight|\d).*)$/i.exec(part.trim());
    if (!match) return null;
    const days = match[1] ? daysOf(match[1].replace(/:$/, '')) : null;
    const range = rangeOf(match[2]!);
    if (days === undefined || !range) return null;
    spans.push({ days, ...range });
  }
  return spans;
}

const ES_DAYS = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'];
const ZH_DAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const EN_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 9:00, 22:00: the 24-hour clock Spanish signs use. */
function clock(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${hour}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 上午11点, 晚上10点半: the part of the day, then a 12-hour clock, as Chinese signs write it. */
function zhClock(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  if (minutes === 24 * 60) return '午夜12点';
  const period = hour < 6 ? '凌晨' : hour < 12 ? '上午' : hour === 12 ? '中午' : hour < 18 ? '下午' : '晚上';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${period}${twelve}点${minute === 0 ? '' : minute === 30 ? '半' : `${minute}分`}`;
}

function enClock(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The spans written the way a language writes hours. */
export function formatHours(spans: readonly Span[], language: ScriptLanguage): string {
  const parts = spans.map((span) => {
    if (language === 'zh') {
      const days = span.days === null ? '' : span.days === 'daily' ? '每天' : span.days[0] === span.days[1] ? ZH_DAYS[span.days[0]] : `${ZH_DAYS[span.days[0]]}至${ZH_DAYS[span.days[1]]}`;
      return `${days ? `${days} ` : ''}${zhClock(span.from)}–${zhClock(span.to)}`;
    }
    const names = language === 'es' ? ES_DAYS : EN_DAYS;
    const every = language === 'es' ? 'todos los días' : 'Daily';
    const days = span.days === null ? '' : span.days === 'daily' ? every : span.days[0] === span.days[1] ? names[span.days[0]] : `${names[span.days[0]]}–${names[span.days[1]]}`;
    const times = language === 'es' ? `${clock(span.from)}–${clock(span.to)}` : `${enClock(span.from)} – ${enClock(span.to)}`;
    return days ? `${days} ${times}` : times;
  });
  return parts.join(language === 'zh' ? '，' : ', ');
}

/** An hours text rewritten into a language; null when it is not a simple pattern. */
export function rewriteHours(text: string, language: ScriptLanguage): string | null {
  const spans = parseHours(text);
  return spans ? formatHours(spans, language) : null;
}
