import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/errors.js';
import type { ReadLimits, ReadTable } from './file-reader.js';

/**
 * An import's file read in a worker thread (issue 52): the streaming reader's garbage, and a
 * hostile file's, stay in a heap of its own capped by `resourceLimits`, so one upload cannot
 * grow the server's memory nor hold its event loop (`/health` answers meanwhile). A worker out
 * of memory is a file too large once inflated: 413.
 */
const LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/** read-worker.js next to this file in the build; read-worker.ts through tsx when the sources run (tests). */
const WORKER_URL = new URL(`./read-worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const EXEC_ARGV = WORKER_URL.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [];

export interface ReadJob {
  file: Uint8Array;
  limits: ReadLimits;
  /** The 413 text of a worker out of memory. */
  tooLarge: string;
}

export type ReadAnswer =
  { ok: true; table: ReadTable } | { ok: false; status?: number; erro?: string; message: string };

export function readTableInThread(job: ReadJob): Promise<ReadTable> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { file: job.file, limits: job.limits },
      transferList: [job.file.buffer as ArrayBuffer],
      resourceLimits: LIMITS,
      execArgv: EXEC_ARGV,
    });
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
      void worker.terminate();
    };
    worker.on('message', (m: ReadAnswer) =>
      settle(() =>
        m.ok
          ? resolve(m.table)
          : reject(
              m.status !== undefined && m.erro !== undefined
                ? new HttpError(m.status, m.erro)
                : new Error(m.message),
            ),
      ),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(413, job.tooLarge) : err)),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`a leitura da importação saiu (${code}) antes do fim`))),
    );
  });
}
