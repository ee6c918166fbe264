import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CheckpointerData } from './checkpoint-worker.js';

/**
 * The worker's file next to this one: `checkpoint-worker.js` in the build (dist/), and
 * `checkpoint-worker.ts` when the sources run through tsx or vitest (the worker thread then
 * loads it with the same loader, or with Node's own type stripping).
 */
const WORKER_URL = new URL(
  `./checkpoint-worker${path.extname(fileURLToPath(import.meta.url))}`,
  import.meta.url,
);

/**
 * A worker thread that checkpoints the SQLite file's WAL every `everyMs` (PASSIVE: it never
 * waits for nor blocks the server's connection). Once the WAL passes `restartBytes` it syncs
 * the database file with no lock held, then RESTARTs the WAL, which holds the server's writes
 * only while it copies and syncs what was written since (decision 024).
 * `ready` settles once the worker has opened the file and runs (or has failed). `stop()` closes
 * its connection first, so the server's connection is the last one and leaves no WAL behind
 * when it closes. `onStop` runs if the worker fails or ends on its own.
 */
export function startCheckpointer(
  file: string,
  { everyMs = 200, restartBytes = 256 * 1024 * 1024, onStop = () => {} } = {},
): { ready: Promise<void>; stop(): Promise<void> } {
  const workerData: CheckpointerData = { file, everyMs, restartBytes };
  const worker = new Worker(WORKER_URL, { workerData });
  worker.unref();
  let stopping = false;
  // A worker that cannot open the file, or dies, only costs the speed-up: the connection's own
  // automatic checkpoint takes over (onStop).
  worker.on('error', (err) => process.emitWarning(`checkpoint do SQLite parado: ${err.message}`));
  worker.on('exit', () => {
    if (!stopping) onStop();
  });
  const ready = new Promise<void>((resolve) => {
    const onMessage = (m: unknown) => {
      if (m !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => resolve());
  });
  let stopped: Promise<void> | null = null;
  return {
    ready,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        stopping = true;
        const done = () => {
          clearTimeout(timeout);
          void worker.terminate().then(() => resolve());
        };
        const timeout = setTimeout(done, 2000);
        worker.on('message', (m) => {
          if (m === 'closed') done();
        });
        worker.once('exit', done);
        worker.postMessage('close');
      })),
  };
}
