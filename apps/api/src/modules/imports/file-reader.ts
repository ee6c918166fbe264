import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { parse } from 'csv-parse';
import { IMPORT_MAX_ROWS, MSG_IMPORTACAO } from '@praca/contract';
import { HttpError } from '../../lib/errors.js';

/**
 * An import file read into a table (decision 049): the header row and the data rows, each
 * with its line as a spreadsheet numbers it (the header is line 1; empty rows keep their
 * number and are skipped). CSV is UTF-8 with or without BOM (a file that is not valid UTF-8
 * is read as Windows-1252, what older Excel writes), `;` or `,` or tab as detected on the
 * header line; XLSX is its first worksheet. A cell is text, or a number when an XLSX cell held
 * one (a CNPJ typed as a number lost its leading zeros; the checker puts them back).
 *
 * Issue 52: both are read as streams (csv-parse's parser, exceljs's WorkbookReader), rows
 * counted as they come, so a file of millions of tiny rows stops at IMPORT_MAX_ROWS + 1 with
 * 413, never held whole; an XLSX is first checked from its zip directory: its parts may not
 * inflate past IMPORT_MAX_DESCOMPACTADO_BYTES, nor its shared strings (which the reader keeps
 * in memory) past 20 MB, nor come after more than 20 MB of sheets. read-thread.ts runs this in a worker thread
 * with a small heap of its own.
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

export interface ReadLimits {
  /** IMPORT_MAX_DESCOMPACTADO_BYTES. */
  maxInflatedBytes: number;
}

/** The shared strings a reader keeps whole: at most this many bytes inflated. */
const MAX_SHARED_STRINGS_BYTES = 20 * 1024 * 1024;

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** The old binary Excel format (.xls) and other OLE files. */
const isOle = (b: Buffer) =>
  b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

const tooMany = () =>
  new HttpError(413, MSG_IMPORTACAO.linhasDemais.replace('{n}', IMPORT_MAX_ROWS.toLocaleString('pt-BR')));

const tooInflated = (limits: ReadLimits) =>
  new HttpError(
    413,
    MSG_IMPORTACAO.descompactadoGrande.replace(
      '{mb}',
      (limits.maxInflatedBytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 }),
    ),
  );

const isBlank = (cells: Cell[]) => cells.every((c) => (typeof c === 'string' ? c.trim() === '' : false));

export async function readTable(file: Buffer, limits: ReadLimits): Promise<ReadTable> {
  if (isZip(file)) return readXlsx(file, limits);
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

async function readCsv(file: Buffer): Promise<ReadTable> {
  const text = decode(file).replace(/^\uFEFF/, '');
  const parser = Readable.from([text]).pipe(
    parse({
      delimiter: detectDelimiter(text.slice(0, 64 * 1024)),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
  let cabecalho: string[] | undefined;
  const linhas: ReadRow[] = [];
  let line = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (cabecalho === undefined) {
        cabecalho = record.map((c) => c.trim());
        continue;
      }
      line++;
      if (line - 1 > IMPORT_MAX_ROWS) throw tooMany();
      if (!isBlank(record)) linhas.push({ linha: line, celulas: record });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, MSG_IMPORTACAO.arquivoIlegivel);
  } finally {
    parser.destroy();
  }
  return { formato: 'csv', cabecalho: cabecalho ?? [], linhas };
}

/** A part of the zip as its central directory lists it. */
interface ZipEntry {
  name: string;
  inflated: number;
  offset: number;
}

/** The zip's central directory (no ZIP64: an XLSX under 20 MB needs none), or null when unreadable. */
function zipEntries(file: Buffer): ZipEntry[] | null {
  const from = Math.max(0, file.length - 65_557);
  let eocd = -1;
  for (let i = file.length - 22; i >= from; i--) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = file.readUInt16LE(at + 28);
    entries.push({
      inflated: file.readUInt32LE(at + 24),
      offset: file.readUInt32LE(at + 42),
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses, before reading, an XLSX built to be read whole: parts that say they inflate past the
 * limit, shared strings over 20 MB, or shared strings placed after more than 20 MB of sheets (a
 * streaming reader holds those sheets until it meets them).
 */
function checkZip(file: Buffer, limits: ReadLimits): void {
  const entries = zipEntries(file);
  if (!entries) throw new HttpError(400, MSG_IMPORTACAO.arquivoIlegivel);
  const total = entries.reduce((sum, e) => sum + e.inflated, 0);
  if (total > limits.maxInflatedBytes) throw tooInflated(limits);
  const shared = entries.find((e) => /^xl\/sharedStrings\.xml$/i.test(e.name));
  const sheets = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name));
  if (shared && shared.inflated > MAX_SHARED_STRINGS_BYTES) throw tooInflated(limits);
  // Excel and exceljs write the shared strings after the sheets; a streaming reader then holds
  // each sheet before them whole until it meets them: refused past 20 MB of such sheets.
  const heldSheets = shared ? sheets.filter((s) => s.offset < shared.offset) : [];
  if (heldSheets.reduce((sum, s) => sum + s.inflated, 0) > MAX_SHARED_STRINGS_BYTES)
    throw tooInflated(limits);
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
  if (typeof v === 'object' && 'richText' in v) {
    return (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('');
  }
  return cell.text ?? '';
}

/** The first worksheet, a row at a time through exceljs's streaming reader. */
async function readXlsx(file: Buffer, limits: ReadLimits): Promise<ReadTable> {
  checkZip(file, limits);
  // Loaded on first use, as the template's and the exports' (~9 MB of heap).
  const { default: Excel } = await import('exceljs');
  const source = Readable.from([file]);
  const reader = new Excel.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let cabecalho: string[] = [];
  const linhas: ReadRow[] = [];
  let rows = 0;
  let read = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        rows++;
        if (row.number - 1 > IMPORT_MAX_ROWS || rows - 1 > IMPORT_MAX_ROWS) throw tooMany();
        const width = Math.max(cabecalho.length, row.cellCount);
        const celulas: Cell[] = [];
        for (let c = 1; c <= width; c++) celulas.push(cellValue(row.getCell(c)));
        if (row.number === 1) cabecalho = celulas.map((c) => String(c).trim());
        else if (!isBlank(celulas)) linhas.push({ linha: row.number, celulas });
      }
      read = true;
      break;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, MSG_IMPORTACAO.arquivoIlegivel);
  } finally {
    source.destroy();
  }
  if (!read) throw new HttpError(400, MSG_IMPORTACAO.arquivoVazio);
  return { formato: 'xlsx', cabecalho, linhas };
}
