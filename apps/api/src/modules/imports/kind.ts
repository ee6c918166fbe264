import type { Kysely } from 'kysely';
import type { ImportColumn } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { foldForSearch } from '../../db/search-text.js';
import type { Cell } from './file-reader.js';

/**
 * What one kind of import (establishments, tourism items) tells the import service: its
 * columns, how it checks rows (the editor's schemas, then the database in bulk) and how it
 * stores the valid ones in the caller's transaction, in batches.
 */

/** A data row by column name (every known column present, '' when the file lacks it). */
export interface RawRow {
  linha: number;
  valores: Record<string, Cell>;
}

export interface RowProblem {
  coluna: string;
  mensagem: string;
}

export interface CheckedRow<P> {
  linha: number;
  /** The row as it will be stored (the cell as read where it is invalid), for the preview. */
  dados: Record<string, unknown>;
  erros: RowProblem[];
  /** What to store; present only when `erros` is empty. */
  plan?: P;
}

export interface ImportContext {
  codCidade: number;
  /** The city's name and state: a shop's address defaults to them. */
  cidade: string;
  uf: string;
  basePath: string;
  dialect: Dialect;
}

export interface ImportKind<P> {
  /** The audit log's entity. */
  entidade: 'estabelecimento' | 'turismo';
  colunas: readonly ImportColumn[];
  /** Other spellings of a column's name in the first row (folded: lower case, no accents, `_`). */
  aliases: Record<string, string>;
  check(db: Kysely<Database>, ctx: ImportContext, rows: RawRow[]): Promise<CheckedRow<P>[]>;
  /** Stores the plans in the caller's transaction; answers the new ids in the plans' order. */
  store(trx: Kysely<Database>, ctx: ImportContext, plans: P[]): Promise<number[]>;
}

/** A cell as text ('' when empty). */
export const textOf = (c: Cell | undefined): string =>
  c === undefined ? '' : typeof c === 'number' ? String(c) : c;

/**
 * S/N of a flag cell: S, N, Sim, Não (any case, with or without accent), 1 or 0; '' when empty,
 * null when it is none of them.
 */
export function simNao(c: Cell | undefined): 'S' | 'N' | '' | null {
  const t = foldForSearch(textOf(c).trim());
  if (t === '') return '';
  if (['s', 'sim', '1', 'true', 'verdadeiro'].includes(t)) return 'S';
  if (['n', 'nao', '0', 'false', 'falso'].includes(t)) return 'N';
  return null;
}

/** A key for duplicates: folded, spaces collapsed. */
export const dupKey = (...parts: string[]): string =>
  parts.map((p) => foldForSearch(p.normalize('NFC')).replace(/\s+/g, ' ').trim()).join('\u0000');

/** `rows` in slices of `size`, for batched statements. */
export function* batches<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
