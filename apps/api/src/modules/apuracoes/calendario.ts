import { instantOnClock } from '../../lib/clock.js';

/**
 * The Loteria Federal's calendar (issue 49), with no database: from one anchor the city copied
 * from Caixa's published calendar (`LOTERIA_FEDERAL_REFERENCIA`, `<concurso>:<YYYY-MM-DD>`)
 * and the draw weekdays (`LOTERIA_FEDERAL_DIAS`, default `qua,sab`), each contest number has
 * one date: the anchor's number on the anchor's day, and one more for every draw weekday after
 * it (one less for every draw weekday before it). A holiday that moves Caixa's calendar is the
 * one case where a number and its date disagree; scheduling then needs a written exception.
 */

export interface Calendario {
  concurso: number;
  dia: string;
  /** Draw weekdays, 0 = Sunday … 6 = Saturday. */
  dias: number[];
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'] as const;

/** `qua,sab` → [3, 6]; throws on a name that is not a weekday. */
export function parseDias(text: string): number[] {
  const out = new Set<number>();
  for (const raw of text.split(',')) {
    const name = raw
      .trim()
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .slice(0, 3);
    const i = WEEKDAYS.indexOf(name as (typeof WEEKDAYS)[number]);
    if (i < 0)
      throw new Error(`dia da semana desconhecido: '${raw.trim()}' (use dom,seg,ter,qua,qui,sex,sab)`);
    out.add(i);
  }
  if (out.size === 0) throw new Error('informe ao menos um dia de sorteio');
  return [...out].sort((a, b) => a - b);
}

/** `6789:2026-11-28` → the anchor; null when the text is not one. */
export function parseReferencia(text: string): { concurso: number; dia: string } | null {
  const m = /^\s*(\d{1,6})\s*:\s*(\d{4}-\d{2}-\d{2})\s*$/.exec(text);
  if (!m) return null;
  const dia = m[2];
  if (
    Number.isNaN(Date.parse(`${dia}T00:00:00Z`)) ||
    new Date(`${dia}T00:00:00Z`).toISOString().slice(0, 10) !== dia
  ) {
    return null;
  }
  return { concurso: Number(m[1]), dia };
}

const DAY_MS = 86_400_000;
/** The last day a contest's date may name (beyond it no number matches: `YYYY` has 4 digits). */
const LAST_DAY = Date.UTC(9999, 11, 31);

/** The date of contest `n` by the calendar; '' when it falls outside years 0001–9999. */
export function dataDoConcurso(cal: Calendario, n: number): string {
  let day = Date.parse(`${cal.dia}T00:00:00Z`);
  let k = n - cal.concurso;
  // Whole weeks first: each holds dias.length draws.
  const weeks = Math.trunc(k / cal.dias.length);
  day += weeks * 7 * DAY_MS;
  k -= weeks * cal.dias.length;
  const step = k > 0 ? 1 : -1;
  while (k !== 0) {
    day += step * DAY_MS;
    if (cal.dias.includes(new Date(day).getUTCDay())) k -= step;
  }
  if (!(day >= Date.UTC(1, 0, 1) && day <= LAST_DAY)) return '';
  return new Date(day).toISOString().slice(0, 10);
}

/**
 * The first contest whose instant (its day at `hora` in the programme's time zone) is at or
 * after `desde`: the next contest by the calendar, with no choice of number.
 */
export function proximoConcurso(
  cal: Calendario,
  hora: string,
  desde: Date,
): { concurso: number; data_concurso: string } {
  // Start from the anchor and jump close by days, then walk.
  const days = Math.floor((desde.getTime() - Date.parse(`${cal.dia}T00:00:00Z`)) / 86_400_000);
  let n = cal.concurso + Math.floor((days / 7) * cal.dias.length) - cal.dias.length - 1;
  while (instanteDoConcurso(dataDoConcurso(cal, n), hora).getTime() >= desde.getTime()) n -= cal.dias.length;
  while (instanteDoConcurso(dataDoConcurso(cal, n), hora).getTime() < desde.getTime()) n++;
  return { concurso: n, data_concurso: dataDoConcurso(cal, n) };
}

/** The instant of `dia` at `hora` (`HH:MM`) on the programme's clock (America/Sao_Paulo). */
export const instanteDoConcurso = (dia: string, hora: string): Date => instantOnClock(dia, hora);
