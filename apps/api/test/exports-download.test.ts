import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFile } from '../src/modules/exports/download.js';

/**
 * The export's download through one reused buffer (modules/exports/download.ts): over a real
 * socket, a file of several reads arrives byte for byte with the reply's headers, and a client
 * that leaves half way ends the loop and closes the file.
 */
describe('an export file is sent through one reused buffer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-download-'));
  const file = path.join(dir, 'grande.csv');
  // Four reads and a bit, random bytes so a reused buffer sent twice could not go unseen.
  const bytes = randomBytes(4 * 256 * 1024 + 12_345);
  let app: FastifyInstance;
  let base: string;
  const closed: string[] = [];

  beforeAll(async () => {
    fs.writeFileSync(file, bytes);
    app = Fastify();
    app.get('/arquivo', async (_req, reply) => {
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="x.csv"');
      await sendFile(reply, file, bytes.length);
      closed.push('done');
    });
    app.get('/encolheu', async (_req, reply) => sendFile(reply, file, bytes.length + 100));
    app.get('/sumiu', async (_req, reply) => sendFile(reply, path.join(dir, 'nao-existe.csv'), 10));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('arrives whole, byte for byte, with the reply headers', async () => {
    const res = await fetch(`${base}/arquivo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a file gone before the reply answers through the error handler, not a broken socket', async () => {
    const res = await fetch(`${base}/sumiu`);
    expect(res.status).toBe(500);
  });

  it('a file shorter than its size cuts the connection, so the client does not wait for the rest', async () => {
    const res = await fetch(`${base}/encolheu`);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('a client that leaves half way ends the loop', async () => {
    closed.length = 0;
    const ac = new AbortController();
    const res = await fetch(`${base}/arquivo`, { signal: ac.signal });
    const reader = res.body!.getReader();
    await reader.read();
    ac.abort();
    await expect.poll(() => closed).toEqual(['done']);
    // The server still answers whole files afterwards.
    const again = await fetch(`${base}/arquivo`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
