import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import type { FormatoExportacao } from '@praca/contract';
import { csvCell, numFmt, xlsxCell, type Coluna } from './columns.js';

/**
 * The two formats of an export, written page by page to a stream (the HTTP answer or a file):
 * a page is turned into bytes and written, the next page is read only once the stream has room
 * (backpressure), so memory stays bounded by a page whatever the list's size.
 */

/** Where an export's rows come from, once the list's rules have let the caller in. */
export interface Fonte<R> {
  /** How many rows the list has, counted up to `ate` + 1 at most (enough to choose sync or job). */
  contar(ate: number): Promise<number>;
  /** The rows, a page at a time, in the list's order. */
  paginas(): AsyncIterable<R[]>;
}

/** What a writer calls while it runs. */
export interface Ganchos {
  /** After each page, with the rows written so far. */
  progresso?(linhas: number): Promise<void> | void;
  /** After the last row, before the file is closed (the audit entry goes here). */
  antesDeFechar?(linhas: number): Promise<void>;
}

/** The stream was closed by its reader (a download cut short): stop reading the database. */
export class LeitorFoiEmbora extends Error {
  constructor() {
    super('o destino da exportação foi fechado');
  }
}

/** Waits until the stream wants more, or throws when it was closed meanwhile. */
async function room(out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new LeitorFoiEmbora();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  if (out.destroyed) throw new LeitorFoiEmbora();
}

/**
 * Every cell holding a line break (a bare `\r` or `\n` too: a spreadsheet ends a row at
 * either), a quote or the delimiter is quoted, so a name stored with one opens as one cell
 * (issue 52); csv-stringify alone quotes only the record delimiter `\r\n`.
 */
const CSV_OPTIONS = { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[\r\n";]/ } as const;

/**
 * CSV for Brazilian spreadsheets: UTF-8 with BOM, `;` between cells, CRLF, a header row; cells
 * as csvCell writes them (decimal comma, dd/mm/yyyy, formulas escaped), quoted as CSV_OPTIONS
 * says.
 */
async function writeCsv<R>(
  colunas: readonly Coluna<R>[],
  fonte: Fonte<R>,
  out: Writable,
  ganchos: Ganchos = {},
): Promise<number> {
  let linhas = 0;
  out.write(stringify([colunas.map((c) => c.titulo)], { ...CSV_OPTIONS, bom: true }));
  for await (const page of fonte.paginas()) {
    await room(out);
    if (page.length === 0) continue;
    out.write(
      stringify(
        page.map((row) => colunas.map((c) => csvCell(c, row))),
        CSV_OPTIONS,
      ),
    );
    linhas += page.length;
    await ganchos.progresso?.(linhas);
  }
  await room(out);
  await ganchos.antesDeFechar?.(linhas);
  out.end();
  return linhas;
}

/** The part of exceljs's sheet writer this module waits on (exceljs 4.4.0's internals). */
interface SheetStream {
  pipes?: { _writableState?: { needDrain?: boolean }; once(e: 'drain', f: () => void): unknown }[];
}

/**
 * Waits until the zip has taken the sheet's rows written so far. exceljs writes each committed
 * row into the sheet's part, which it pipes into the zip through a PassThrough without looking
 * at its backpressure; the deflate runs off the event loop, so a loop that never yields to it
 * (better-sqlite3 reads are synchronous: a page is read, written and the next one read without
 * one I/O turn) piles the whole sheet up in that PassThrough: 2M rows held the server at 4.4 GB
 * (decision 048). Waiting for its `drain` after each page keeps the rows in flight to a page.
 * Should exceljs's internals change, this degrades to one event-loop turn a page.
 */
async function zipRoom(sheet: ExcelJS.Worksheet): Promise<void> {
  const sink = (sheet as unknown as { stream?: SheetStream }).stream?.pipes?.[0];
  if (sink?._writableState?.needDrain) await new Promise<void>((resolve) => sink.once('drain', resolve));
  else await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Data rows of one XLSX sheet: Excel's 1,048,576 rows, the header included. */
const XLSX_SHEET_ROWS = 1_048_575;

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed as it is added, and the
 * next page is read once the zip has taken the last one (zipRoom), so the sheet is never held
 * whole. Numbers and dates are typed, with Brazilian number formats; the header row is bold
 * and frozen.
 */
async function writeXlsx<R>(
  titulo: string,
  colunas: readonly Coluna<R>[],
  fonte: Fonte<R>,
  out: Writable,
  ganchos: Ganchos = {},
  sheetRows = XLSX_SHEET_ROWS,
): Promise<number> {
  // exceljs loaded when a sheet is written: a CSV export's worker does without it (~10 MB).
  const { default: Excel } = await import('exceljs');
  // Fast deflate: the file is a download; level 1 writes it faster than the default.
  const book = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  book.creator = 'Praça';
  const newSheet = (n: number) => {
    // A sheet holds 1,048,576 rows at most: past them the list goes on in 'Vendas (2)'.
    const sheet = book.addWorksheet((n === 1 ? titulo : `${titulo} (${n})`).slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = colunas.map((c, i) => {
      const fmt = numFmt(c);
      return {
        header: c.titulo,
        key: String(i),
        width: c.largura ?? Math.max(10, Math.min(40, c.titulo.length + 2)),
        ...(fmt ? { style: { numFmt: fmt } } : {}),
      };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return sheet;
  };
  let sheets = 1;
  let sheet = newSheet(sheets);
  let inSheet = 0;
  let linhas = 0;
  for await (const page of fonte.paginas()) {
    await room(out);
    for (const row of page) {
      if (inSheet === sheetRows) {
        sheet.commit();
        sheet = newSheet(++sheets);
        inSheet = 0;
      }
      sheet.addRow(colunas.map((c) => xlsxCell(c, row))).commit();
      inSheet++;
    }
    linhas += page.length;
    await zipRoom(sheet);
    await ganchos.progresso?.(linhas);
  }
  await room(out);
  await ganchos.antesDeFechar?.(linhas);
  sheet.commit();
  await book.commit();
  return linhas;
}

export const MIME: Record<FormatoExportacao, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Writes the list in the format asked, answering how many rows it wrote. */
export function writeExport<R>(
  formato: FormatoExportacao,
  titulo: string,
  colunas: readonly Coluna<R>[],
  fonte: Fonte<R>,
  out: Writable,
  ganchos: Ganchos = {},
): Promise<number> {
  return formato === 'csv'
    ? writeCsv(colunas, fonte, out, ganchos)
    : writeXlsx(titulo, colunas, fonte, out, ganchos);
}
