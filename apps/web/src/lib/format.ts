/** pt-BR formatting: one module for every number and date on screen (architecture.md). */

/*
 * Formatters are made on first use and kept: creating one loads the locale's data, a long task
 * on a slow phone, and the home page needs none at load (decision 016).
 */
let money: Intl.NumberFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * `R$ 1.234,56`, with Intl's no-break space (U+00A0) between `R$` and the number: money never
 * wraps on a phone (issue 51).
 */
export function formatMoney(value: number | string | null | undefined): string {
  const n = toNumber(value);
  money ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  return money.format(n).replace(/\s/g, '\u00a0');
}

/** `1.234,5678` with a fixed number of decimals. */
export function formatNumber(value: number | string | null | undefined, decimals = 0): string {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, f);
  }
  return f.format(toNumber(value));
}

/** `45,5 %` from a fraction (0.455) with the given decimals. */
export function formatPercent(fraction: number, decimals = 0): string {
  return `${formatNumber(fraction * 100, decimals)} %`;
}

/**
 * `dd/mm/yyyy` from `YYYY-MM-DD`, an ISO instant or a Date. A plain date is taken as is,
 * never shifted by the time zone; an instant is shown in the programme's zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'America/Sao_Paulo',
  });
  return dateFormat.format(d);
}

/** `dd/mm/yyyy hh:mm` of an instant in the programme's zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  dateTimeFormat ??= new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  });
  const parts = dateTimeFormat.format(d);
  return parts.replace(',', '');
}

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}
