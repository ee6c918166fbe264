import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../lib/errors.js';
import { readTable, type ReadLimits } from './file-reader.js';
import type { ReadAnswer } from './read-thread.js';

/** The worker thread of an import's reading (read-thread.ts starts it; issue 52). */
const { file, limits } = workerData as { file: Uint8Array; limits: ReadLimits };

async function main(): Promise<ReadAnswer> {
  try {
    const table = await readTable(Buffer.from(file.buffer, file.byteOffset, file.byteLength), limits);
    return { ok: true, table };
  } catch (err) {
    if (err instanceof HttpError)
      return { ok: false, status: err.statusCode, erro: err.message, message: err.message };
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

void main().then((answer) => {
  parentPort?.postMessage(answer);
});
