/**
 * Plain dates (`YYYY-MM-DD`, no time zone), the programme's calendar: the one copy the API, the
 * web, the demo seed and the benchmark's generator share.
 */

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

const utcOf = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** `day` plus `n` calendar days (negative goes back). */
export const addDays = (day: string, n: number): string =>
  new Date(utcOf(day) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string): number => Math.round((utcOf(b) - utcOf(a)) / DAY_MS);
