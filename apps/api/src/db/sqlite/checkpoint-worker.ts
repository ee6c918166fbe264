import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * The checkpoint worker thread (started by `startCheckpointer` in checkpointer.ts; README.md
 * here). It runs in its own thread on its own connection, so no request waits for a checkpoint.
 * Under Node's type stripping this file must stay plain JavaScript with type annotations.
 */
export interface CheckpointerData {
  file: string;
  everyMs: number;
  restartBytes: number;
}

const port = parentPort;
if (port) run(workerData as CheckpointerData, port);

function run({ file, everyMs, restartBytes }: CheckpointerData, port: NonNullable<typeof parentPort>): void {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 1000');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  // For fdatasync: a checkpoint that cannot reach the WAL's end (writes keep coming) copies
  // pages into the database file without syncing it; the sync comes with the first one that
  // does, and would otherwise hold every writer while the kernel writes out hundreds of MB.
  const dbFd = fs.openSync(file, 'r');
  const passive = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0];

  const checkpoint = () => {
    try {
      // Under a steady stream of writes a PASSIVE checkpoint keeps the file up to date but the
      // WAL never starts over. Past restartBytes, RESTART waits for the writer's group to end
      // and holds the next one while it copies the last frames, syncs the file and starts the
      // WAL from the top. The file is synced here first, with no lock held (and the frames
      // written meanwhile copied, again until a sync comes quick), so RESTART has little left.
      if (passive().log * pageSize > restartBytes) {
        for (let round = 0; round < 3; round++) {
          const start = Date.now();
          fs.fdatasyncSync(dbFd);
          passive();
          if (Date.now() - start < 20) break;
        }
        db.pragma('wal_checkpoint(RESTART)');
      }
    } catch {
      // busy or locked: the next tick tries again
    }
  };

  const timer = setInterval(checkpoint, everyMs);
  port.postMessage('ready');
  port.on('message', () => {
    clearInterval(timer);
    try {
      passive();
    } catch {
      // busy: the server's connection, closing last, checkpoints what is left
    }
    db.close();
    fs.closeSync(dbFd);
    port.postMessage('closed');
  });
}
