import fs from 'node:fs';
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
  if (clockFile !== null) readClockFile();
  return new Date(fixed ?? Date.now() + offset);
}

let clockFile: string | null = null;
let clockFileCheckedAt = 0;
let clockFileSeen = '';

/**
 * Tests with several processes (issue 54; TEST_CLOCK_FILE, refused in production by the
 * config): every process reads the programme's clock from `file`, looked at again whenever the
 * clock is asked and 20 ms have passed, so a test that writes it ({@link ClockFile}) and waits a
 * moment moves every instance's clock at once. No file, or `{}`: the real time.
 */
export function watchClockFile(file: string | null): void {
  clockFile = file;
  clockFileCheckedAt = 0;
  clockFileSeen = '';
  if (file === null) setClock(null);
  else readClockFile();
}

/**
 * What TEST_CLOCK_FILE holds: the clock fixed at an instant, or running `deslocamento_ms` ahead
 * of the real time (negative: behind).
 */
export type ClockFile = { fixo: string } | { deslocamento_ms: number } | Record<string, never>;

function readClockFile(): void {
  const at = Date.now();
  if (at - clockFileCheckedAt < 20) return;
  clockFileCheckedAt = at;
  try {
    const st = fs.statSync(clockFile!, { throwIfNoEntry: false });
    const seen = st ? `${st.mtimeMs}:${st.size}:${st.ino}` : 'nenhum';
    if (seen === clockFileSeen) return;
    const c = st ? (JSON.parse(fs.readFileSync(clockFile!, 'utf8')) as Partial<Record<string, unknown>>) : {};
    if (typeof c.fixo === 'string') setClock(c.fixo);
    else if (typeof c.deslocamento_ms === 'number') {
      fixed = null;
      offset = c.deslocamento_ms;
    } else setClock(null);
    clockFileSeen = seen;
  } catch {
    // Being written: read again next time.
  }
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
