import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { FormatoExportacao } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { Coluna } from './columns.js';
import type { Fonte, Ganchos } from './writers.js';

/**
 * A large export's file written in a worker thread (decision 048). 2M rows of an export are
 * bounded in the server's thread too (a page at a time), but V8 sizes the heap for their garbage
 * rate: the young generation grew to 128 MB and the server's RSS from 215 to 448 MB. In a worker
 * with its own small heap (`resourceLimits`) the same rows are collected more often in less
 * memory, and the server's heap and page cache stay as the requests need them.
 */

/**
 * A list's rows as the worker reads them: from a filter the list's rules already answered in the
 * server's thread (who may see what, checked as the caller when the job runs). Declared in a
 * module of its own that imports only kysely, the db types, the list's repository and presenter
 * and `@praca/contract/plain`: the worker loads it, and its heap is small (no services, no zod
 * schemas).
 */
export interface LinhasNaThread<F extends object, R> {
  lista: string;
  titulo: string;
  colunas: readonly Coluna<R>[];
  linhas(db: Kysely<Database>, f: F): Fonte<R>;
  /** The module that exports it (`import.meta.url`). */
  modulo: string;
}

/** What the worker is given (structured clone: plain data). */
export interface TarefaNaThread {
  /** The module that declares the list's rows (`LinhasNaThread.modulo`) and the list's name. */
  modulo: string;
  lista: string;
  formato: FormatoExportacao;
  /** The list's filter, from its rules in the server's thread (plain data). */
  filtro: object;
  /** The part file to write. */
  arquivo: string;
  /** SQLite: the file, opened read-only; null on PostgreSQL (`databaseUrl`, a pool of one). */
  sqliteFile: string | null;
  databaseUrl?: string;
}

/** From the worker. */
export type DaThread =
  | { tipo: 'total'; total: number }
  | { tipo: 'progresso'; linhas: number }
  | { tipo: 'antesDeFechar'; linhas: number }
  | { tipo: 'fim'; linhas: number }
  | { tipo: 'erro'; message: string; status?: number; erro?: string };

/** To the worker: the answer to `antesDeFechar`. */
export type ParaThread = { tipo: 'auditado' } | { tipo: 'falhou' };

/**
 * The worker's heap: its modules take ~4 MB of it for a CSV (the list's rows: kysely, its
 * repository and presenter) and ~12 MB for an XLSX (exceljs), a page of rows a few MB; the
 * rest is room for garbage, collected often. V8 fills the room it is given, so the cap, not
 * what the modules take, sets the worker's RSS: 32 MB measured 12 MB less RSS than 48 MB, and
 * 24/4 MB (old/young) 17 MB less than 32/8 again (CSV peak 291 → 274 MB, the XLSX after it
 * 306 → 276 MB), at the same speed (city's 2M sales: bench/README.md). A worker past its
 * limit ends with ERR_WORKER_OUT_OF_MEMORY, and the job is retried, then fails.
 */
const LIMITS = { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 };

/** worker.js next to this file in the build; worker.ts through tsx when the sources run (tests). */
const WORKER_URL = new URL(`./worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const EXEC_ARGV = WORKER_URL.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [];

export interface GanchosDaThread extends Ganchos {
  /** The list's whole count, once the worker has it. */
  total?(total: number): Promise<void>;
}

/** Runs the export in a worker thread, answering the rows it wrote (rejects as the writer would). */
export function exportInThread(t: TarefaNaThread, ganchos: GanchosDaThread): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: t, resourceLimits: LIMITS, execArgv: EXEC_ARGV });
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      reject(err);
      void worker.terminate();
    };
    // Messages are handled one at a time, in order (progress writes are awaited).
    let chain = Promise.resolve();
    worker.on('message', (m: DaThread) => {
      chain = chain
        .then(async () => {
          switch (m.tipo) {
            case 'total':
              await ganchos.total?.(m.total);
              break;
            case 'progresso':
              await ganchos.progresso?.(m.linhas);
              break;
            case 'antesDeFechar':
              try {
                await ganchos.antesDeFechar?.(m.linhas);
                worker.postMessage({ tipo: 'auditado' } satisfies ParaThread);
              } catch (err) {
                worker.postMessage({ tipo: 'falhou' } satisfies ParaThread);
                throw err;
              }
              break;
            case 'fim':
              settled = true;
              resolve(m.linhas);
              break;
            case 'erro':
              throw m.status !== undefined && m.erro !== undefined
                ? new HttpError(m.status, m.erro)
                : new Error(m.message);
          }
        })
        .catch((err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));
    });
    worker.on('error', (err) => fail(err));
    worker.on('exit', (code) => {
      void chain.then(() => fail(new Error(`a thread da exportação saiu (${code}) antes do fim`)));
    });
  });
}
