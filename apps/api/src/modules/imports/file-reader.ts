import type ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, MSG_IMPORTACAO } from '@praca/contract';
import { HttpError } from '../../lib/errors.js';

/**
 * An import file read into a table (decision 049): the header row and the data rows, each
 * with its line as a spreadsheet numbers it (the header is line 1; empty rows keep their
 * number and are skipped). CSV is UTF-8 with or without BOM (a file that is not valid UTF-8
 * is read as Windows-1252, what older Excel writes), `;` or `,` or tab as detected on the
 * header line; XLSX is its first worksheet. A cell is text, or a number when an XLSX cell held
 * one (a CNPJ typed as a number lost its leading zeros; the checker puts them back).
 */

export type Cell = string | number;

interface ReadRow {
  linha: number;
  celulas: Cell[];
}

export interface ReadTable {
  formato: 'csv' | 'xlsx';
  cabecalho: string[];
  linhas: ReadRow[];
}

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** The old binary Excel format (.xls) and other OLE files. */
const isOle = (b: Buffer) =>
  b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

const tooMany = () =>
  new HttpError(413, MSG_IMPORTACAO.linhasDemais.replace('{n}', IMPORT_MAX_ROWS.toLocaleString('pt-BR')));

const isBlank = (cells: Cell[]) => cells.every((c) => (typeof c === 'string' ? c.trim() === '' : false));

export async function readTable(file: Buffer): Promise<ReadTable> {
  if (isZip(file)) return readXlsx(file);
  if (isOle(file) || file.subarray(0, 4096).includes(0))
    throw new HttpError(400, MSG_IMPORTACAO.formatoDesconhecido);
  return readCsv(file);
}

function decode(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

/** The separator the header line uses most, outside quotes: `;` (Brazilian Excel), `,` or tab. */
function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ';';
}

function readCsv(file: Buffer): ReadTable {
  const text = decode(file).replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch {
    throw new HttpError(400, MSG_IMPORTACAO.arquivoIlegivel);
  }
  if (records.length - 1 > IMPORT_MAX_ROWS) throw tooMany();
  const [cabecalho = [], ...rest] = records;
  const linhas: ReadRow[] = [];
  rest.forEach((celulas, i) => {
    if (!isBlank(celulas)) linhas.push({ linha: i + 2, celulas });
  });
  return { formato: 'csv', cabecalho: cabecalho.map((c) => c.trim()), linhas };
}

/** A day of a date cell, as stored (`YYYY-MM-DD`): Excel's dates are read as UTC. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

function cellValue(cell: ExcelJS.Cell): Cell {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'S' : 'N';
  if (v instanceof Date) return dayOf(v);
  if (typeof v === 'object' && 'result' in v) {
    const r = (v as { result?: unknown }).result;
    if (typeof r === 'number') return r;
    if (r instanceof Date) return dayOf(r);
    return r === undefined || r === null ? '' : String(r);
  }
  return cell.text ?? '';
}

async function readXlsx(file: Buffer): Promise<ReadTable> {
  // Loaded on first use, as the template's and the exports' (~9 MB of heap).
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    // exceljs's types predate Node's generic Buffer.
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, MSG_IMPORTACAO.arquivoIlegivel);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new HttpError(400, MSG_IMPORTACAO.arquivoVazio);
  if (sheet.rowCount - 1 > IMPORT_MAX_ROWS) throw tooMany();
  let cabecalho: string[] = [];
  const linhas: ReadRow[] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const celulas: Cell[] = [];
    for (let c = 1; c <= width; c++) celulas.push(cellValue(row.getCell(c)));
    if (number === 1) cabecalho = celulas.map((c) => String(c).trim());
    else if (!isBlank(celulas)) linhas.push({ linha: number, celulas });
  });
  return { formato: 'xlsx', cabecalho, linhas };
}
