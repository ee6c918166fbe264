import { PROGRAMME_TIME_ZONE } from '@praca/contract';

const DAY_MS = 86_400_000;

/** One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date (`YYYY-MM-DD`) of `now` in a time zone. */
export function dayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

let todayMinute = Number.NaN;
let todayValue = '';

/**
 * Today on the programme's clock (America/Sao_Paulo). Every hot read asks for it, so the answer
 * is kept for the current minute: a time zone's midnight always falls on a whole minute.
 */
export function today(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== todayMinute) {
    todayValue = dayIn(PROGRAMME_TIME_ZONE, now);
    todayMinute = minute;
  }
  return todayValue;
}

/** `day` plus `n` calendar days (negative goes back), on plain dates with no time zone. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  const t = (s: string) => {
    const [y, m, d] = s.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((t(b) - t(a)) / DAY_MS);
}

export const nowIso = (now: Date = new Date()): string => now.toISOString();
