import fs from 'node:fs/promises';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** One read's size: large enough for the socket, one buffer for the whole file. */
const CHUNK = 256 * 1024;

/**
 * Sends an export's file through one buffer, reused for every read (issue 39's bound on the
 * server's memory). `fs.createReadStream` allocates a fresh 64 KB buffer per read; over a 270 MB
 * file those are freed only when V8 next collects, and glibc keeps the pages it got back
 * (+53 MB of RSS against +11 MB here, same speed: bench/README.md, exports). The next read
 * waits for the socket to have taken the last one, so the buffer is never overwritten while
 * queued. The file is opened before the reply is taken over, so a file swept in between still
 * answers through the error handler. A client that goes away ends the loop.
 */
export async function sendFile(reply: FastifyReply, path: string, size: number): Promise<void> {
  const handle = await fs.open(path, 'r');
  reply.hijack();
  const res = reply.raw;
  try {
    res.writeHead(reply.statusCode, {
      ...reply.getHeaders(),
      'content-length': String(size),
    } as OutgoingHttpHeaders);
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (let at = 0; at < size;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, size - at), at);
      if (bytesRead === 0) throw new Error('the file got shorter than its size'); // cut, not a hang
      at += bytesRead;
      if (!(await written(res, buffer.subarray(0, bytesRead)))) return;
    }
    res.end();
  } catch (err) {
    reply.log.warn({ err }, 'export download interrupted');
    res.destroy();
  } finally {
    await handle.close();
  }
}

/** Resolves when the socket has taken `chunk` (true) or the client went away (false). */
function written(res: ServerResponse, chunk: Buffer): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const gone = () => resolve(false);
    res.once('close', gone);
    res.write(chunk, (err) => {
      res.off('close', gone);
      resolve(!err);
    });
  });
}
