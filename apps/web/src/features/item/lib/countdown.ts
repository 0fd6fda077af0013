import type { LiveInfo, LiveTimeStatus } from '@nearcast/contract';

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left until `targetMs`, in whole units; null once it has passed. */
export function countdownTo(targetMs: number, nowMs: number): Countdown | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/**
 * The event's place in time on the reader's clock: the server's answer is a snapshot, and a
 * page left open across the start must turn from "upcoming" into "live now" by itself.
 */
export function timeStatusAt(live: Pick<LiveInfo, 'start_time' | 'end_time'>, nowMs: number): LiveTimeStatus {
  const start = Date.parse(live.start_time);
  const end = Date.parse(live.end_time);
  if (nowMs < start) return 'upcoming';
  if (nowMs < end) return 'live';
  return 'ended';
}
