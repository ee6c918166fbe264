import { PROGRAMME_TIME_ZONE, dayIn } from '@praca/contract';

/** Plain-date helpers live in the contract (shared with the web); re-exported for the API. */
export { addDays, dayIn, daysBetween } from '@praca/contract';

/**
 * The programme's clock. Domain code asks {@link now} (never `new Date()`), so a test can set
 * the instant with {@link setClock} and walk past a contest's instant or a deadline.
 */
let fixed: number | null = null;
let offset = 0;

/** The current instant on the programme's clock. */
export function now(): Date {
  return new Date(fixed ?? Date.now() + offset);
}

/**
 * Tests only: `setClock(instant)` fixes the clock at that instant; `setClock(instant, {
 * running: true })` moves it there and lets it run; `setClock(null)` gives the real time back.
 */
export function setClock(at: Date | string | null, o: { running?: boolean } = {}): void {
  if (at === null) {
    fixed = null;
    offset = 0;
    return;
  }
  const t = new Date(at).getTime();
  if (o.running) {
    fixed = null;
    offset = t - Date.now();
  } else {
    fixed = t;
    offset = 0;
  }
}

let todayMinute = Number.NaN;
let todayValue = '';

/**
 * Today on the programme's clock (America/Sao_Paulo). Every hot read asks for it, so the answer
 * is kept for the current minute: a time zone's midnight always falls on a whole minute.
 */
export function today(at: Date = now()): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== todayMinute) {
    todayValue = dayIn(PROGRAMME_TIME_ZONE, at);
    todayMinute = minute;
  }
  return todayValue;
}

export const nowIso = (at: Date = now()): string => at.toISOString();

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PROGRAMME_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far the programme's clock is from UTC at an instant, in ms (−3 h for São Paulo). */
function zoneOffsetMs(at: number): number {
  const p = Object.fromEntries(zoneParts.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - at;
}

/** The instant a day (`YYYY-MM-DD`) shows `hora` (`HH:MM`) on the programme's clock. */
export function instantOnClock(day: string, hora = '00:00'): Date {
  const naive = Date.parse(`${day}T${hora}:00Z`);
  const guess = naive - zoneOffsetMs(naive);
  return new Date(naive - zoneOffsetMs(guess));
}
