import { PROGRAMME_TIME_ZONE } from '@praca/contract/plain';

/** Today in the programme's clock (America/Sao_Paulo) as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: PROGRAMME_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The programme's current year. */
export const currentYear = (now: Date = new Date()): number => Number(todayIso(now).slice(0, 4));
