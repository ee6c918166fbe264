import { PROGRAMME_TIME_ZONE, dayIn } from '@praca/contract';

/** Plain-date helpers live in the contract (shared with the web); re-exported for the API. */
export { addDays, dayIn, daysBetween } from '@praca/contract';

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

export const nowIso = (now: Date = new Date()): string => now.toISOString();
