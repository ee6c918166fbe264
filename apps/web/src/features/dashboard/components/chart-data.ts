import type { PainelSeriesResposta } from '@praca/contract';
import { addDays } from '@praca/contract/plain';

/**
 * The charts' data as tables: each chart's columns and rows, shared by its table alternative
 * and its 'Baixar CSV' file, so both say exactly what the chart draws.
 */

type Cell = string | number;

export interface ChartTable {
  /** The file's name without extension. */
  file: string;
  columns: { label: string; kind: 'text' | 'day' | 'int' | 'money' }[];
  rows: Cell[][];
}

/** `YYYY-MM-DD` as `dd/mm/aaaa`. */
export const brDay = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function salesTable(s: PainelSeriesResposta): ChartTable {
  return {
    file: `vendas-por-dia_${s.de}_${s.ate}`,
    columns: [
      { label: 'Dia', kind: 'day' },
      { label: 'Vendas', kind: 'int' },
      { label: 'Total (R$)', kind: 'money' },
      { label: 'Cupons', kind: 'int' },
    ],
    rows: s.vendas_por_dia.map((d) => [d.dia, d.num_vendas, d.sum_vendas, d.num_cupons]),
  };
}

export function peopleTable(s: PainelSeriesResposta): ChartTable {
  return {
    file: `novos-participantes-por-semana_${s.de}_${s.ate}`,
    columns: [
      { label: 'Semana de', kind: 'day' },
      { label: 'Até', kind: 'day' },
      { label: 'Novos participantes', kind: 'int' },
    ],
    rows: s.participantes_por_semana.map((w) => [w.semana, addDays(w.semana, 6), w.num_participantes]),
  };
}

export function topShopsTable(s: PainelSeriesResposta): ChartTable {
  return {
    file: `estabelecimentos-que-mais-venderam_${s.de}_${s.ate}`,
    columns: [
      { label: 'Estabelecimento', kind: 'text' },
      { label: 'Vendas', kind: 'int' },
      { label: 'Total (R$)', kind: 'money' },
      { label: 'Cupons', kind: 'int' },
    ],
    rows: s.top_estabelecimentos.map((e) => [
      e.nom_estabelecimento,
      e.num_vendas,
      e.sum_vendas,
      e.num_cupons,
    ]),
  };
}

export function progressTable(s: PainelSeriesResposta): ChartTable | null {
  const p = s.progresso_campanha;
  if (!p) return null;
  return {
    file: `andamento-da-campanha_${p.id_campanha}`,
    columns: [
      { label: 'Campanha', kind: 'text' },
      { label: 'Cupons emitidos', kind: 'int' },
      { label: 'Apurações agendadas', kind: 'int' },
      { label: 'Apurações realizadas', kind: 'int' },
    ],
    rows: [[p.den_campanha, p.cupons_emitidos, p.apuracoes_agendadas, p.apuracoes_apuradas]],
  };
}

/** A cell as Brazilian spreadsheets read it: days `dd/mm/aaaa`, money with a decimal comma, no thousands separator. */
function csvCell(value: Cell, kind: ChartTable['columns'][number]['kind']): string {
  let text: string;
  if (kind === 'day') text = brDay(String(value));
  else if (kind === 'money') text = Number(value).toFixed(2).replace('.', ',');
  else text = String(value);
  // A text starting like a formula is read as text (spreadsheet formula injection).
  if (kind === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as a CSV file's text: UTF-8 BOM, `;` between cells, CRLF between lines, a header row. */
export function toCsv(t: ChartTable): string {
  const lines = [
    t.columns.map((c) => csvCell(c.label, 'text')).join(';'),
    ...t.rows.map((r) => r.map((v, i) => csvCell(v, t.columns[i]!.kind)).join(';')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A shop's name for a chart's axis (issue 51): whole when it fits in `max` characters, else cut
 * at the last word boundary that fits (or mid-word when one word is longer) and ended with '…'.
 * The chart's tooltip shows the whole name.
 */
export function axisName(name: string, max = 18): string {
  const chars = Array.from(name.trim());
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const atBoundary = /[\s,.;:–-]/.test(chars[max - 1]!);
  const cut = atBoundary ? head : space >= Math.floor(max / 2) ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,.;:–-]+$/, '')}…`;
}

let axisMoney: Intl.NumberFormat | undefined;

/** A money axis's tick: 'R$ 500', 'R$ 1,2 mil', 'R$ 3 mi' (pt-BR, compact; no-break space). */
export function formatMoneyTick(value: number): string {
  axisMoney ??= new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return axisMoney.format(value).replace(/\s/g, '\u00a0');
}
