import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FormatoExportacao } from '@praca/contract';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import type { Ganchos } from './writers.js';

/**
 * A large export's file written in a worker thread (decision 048). 2M rows of an export are
 * bounded in the server's thread too (a page at a time), but V8 sizes the heap for their garbage
 * rate: the young generation grew to 128 MB and the server's RSS from 215 to 448 MB. In a worker
 * with its own small heap (`resourceLimits`) the same rows are collected more often in less
 * memory, and the server's heap and page cache stay as the requests need them.
 */

/** What the worker is given (structured clone: plain data). */
export interface TarefaNaThread {
  /** The module that declares the list (`import.meta.url`) and the list's name in it. */
  modulo: string;
  lista: string;
  formato: FormatoExportacao;
  /** The list's query, as the request had it. */
  filtros: object;
  user: AuthUser;
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
 * The worker's heap: its modules take ~21 MB of it (the list's module graph, the contract's
 * schemas), a page of rows a few MB; the rest is room for garbage, collected often (measured
 * with the city's 2M sales: bench/README.md). A worker past its limit ends with
 * ERR_WORKER_OUT_OF_MEMORY, and the job is retried, then fails.
 */
const LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

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
