import { PROGRAMME_TIME_ZONE } from '@praca/contract/plain';

/**
 * The columns of an exported list, declared once per list and used by both formats
 * (issue 39, decision 048): the CSV writes each value as Brazilian spreadsheets read it
 * (decimal comma, dd/mm/yyyy), the XLSX types it (numbers as numbers, dates as dates) and
 * gives it a Brazilian number format.
 */

/**
 * - `texto`: a string (CSV: escaped against formula injection);
 * - `id`: an integer shown without thousands separators;
 * - `inteiro`: a count (`#,##0`);
 * - `decimal`: a number with `casas` decimal places (default 2);
 * - `dinheiro`: reais with 2 decimal places;
 * - `data`: a day `YYYY-MM-DD` (dd/mm/yyyy);
 * - `instante`: an ISO instant, shown on the programme's clock (dd/mm/yyyy hh:mm).
 */
export type TipoColuna = 'texto' | 'id' | 'inteiro' | 'decimal' | 'dinheiro' | 'data' | 'instante';

export type Valor = string | number | boolean | null | undefined;

export interface Coluna<R> {
  titulo: string;
  tipo: TipoColuna;
  valor: (row: R) => Valor;
  /** Decimal places of a `decimal` column (2 when absent). */
  casas?: number;
  /** Width in characters in the XLSX. */
  largura?: number;
}

/** A column, with its type spelt once: `col('Valor', 'dinheiro', (v) => v.valor_venda)`. */
export const col = <R>(
  titulo: string,
  tipo: TipoColuna,
  valor: (row: R) => Valor,
  extra: Partial<Coluna<R>> = {},
): Coluna<R> => ({
  titulo,
  tipo,
  valor,
  ...extra,
});

/** 'Sim' or 'Não' for a flag, as the screens write it. */
export const simNao = (v: boolean | string | null | undefined): string =>
  v === true || v === 'S' ? 'Sim' : 'Não';

// --- CSV ------------------------------------------------------------------------------------

/**
 * OWASP's CSV injection rule: a cell that starts with = + - @, a tab or a carriage return is
 * read as a formula by spreadsheets; a leading apostrophe makes it text.
 */
const escapeFormula = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (anything else as it came). */
function dayBr(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: PROGRAMME_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant's wall-clock parts on the programme's clock. */
function wallClock(
  iso: string,
): { y: number; mo: number; d: number; h: number; mi: number; s: number } | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const p: Record<string, string> = {};
  for (const part of clock.formatToParts(t)) p[part.type] = part.value;
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** A number with a decimal comma and no thousands separator (what a pt-BR spreadsheet parses). */
const decimalComma = (n: number, casas?: number): string =>
  (casas === undefined ? String(n) : n.toFixed(casas)).replace('.', ',');

/** A value as the CSV cell's text. */
export function csvCell<R>(c: Coluna<R>, row: R): string {
  const v = c.valor(row);
  if (v === null || v === undefined || v === '') return '';
  switch (c.tipo) {
    case 'id':
    case 'inteiro':
      return typeof v === 'number' ? String(v) : escapeFormula(String(v));
    case 'dinheiro':
      return typeof v === 'number' ? decimalComma(v, 2) : escapeFormula(String(v));
    case 'decimal':
      return typeof v === 'number' ? decimalComma(v, c.casas ?? 2) : escapeFormula(String(v));
    case 'data':
      return escapeFormula(dayBr(String(v)));
    case 'instante': {
      const w = wallClock(String(v));
      return w
        ? `${twoDigits(w.d)}/${twoDigits(w.mo)}/${w.y} ${twoDigits(w.h)}:${twoDigits(w.mi)}`
        : escapeFormula(String(v));
    }
    default:
      return escapeFormula(typeof v === 'boolean' ? simNao(v) : String(v));
  }
}

// --- XLSX -----------------------------------------------------------------------------------

/** The cell's number format (Excel's codes; a pt-BR Excel shows them with its own separators). */
export function numFmt<R>(c: Coluna<R>): string | undefined {
  switch (c.tipo) {
    case 'id':
      return '0';
    case 'inteiro':
      return '#,##0';
    case 'dinheiro':
      return '#,##0.00';
    case 'decimal': {
      const casas = c.casas ?? 2;
      return casas > 0 ? `#,##0.${'0'.repeat(casas)}` : '#,##0';
    }
    case 'data':
      return 'dd/mm/yyyy';
    case 'instante':
      return 'dd/mm/yyyy hh:mm';
    default:
      return undefined;
  }
}

/**
 * A value as the XLSX cell holds it: numbers as numbers; days and instants as dates (the wall
 * clock of the programme, written as UTC so the spreadsheet shows those figures); text as text.
 */
export function xlsxCell<R>(c: Coluna<R>, row: R): string | number | Date | null {
  const v = c.valor(row);
  if (v === null || v === undefined || v === '') return null;
  switch (c.tipo) {
    case 'id':
    case 'inteiro':
    case 'dinheiro':
    case 'decimal':
      return typeof v === 'number' ? v : String(v);
    case 'data': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
      return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : String(v);
    }
    case 'instante': {
      const w = wallClock(String(v));
      return w ? new Date(Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s)) : String(v);
    }
    default:
      return typeof v === 'boolean' ? simNao(v) : String(v);
  }
}
