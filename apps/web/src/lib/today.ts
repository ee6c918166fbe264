import { PROGRAMME_TIME_ZONE, dayIn } from '@praca/contract/plain';

/** Today in the programme's clock (America/Sao_Paulo) as `YYYY-MM-DD`. */
export const todayIso = (now: Date = new Date()): string => dayIn(PROGRAMME_TIME_ZONE, now);

/** The programme's current year. */
export const currentYear = (now: Date = new Date()): number => Number(todayIso(now).slice(0, 4));
