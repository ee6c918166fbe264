import type { FastifyPluginAsync } from 'fastify';

/**
 * The benchmarks' ceiling (issue 10, bench/README.md): the fastest this server can answer a
 * given response, i.e. the same status, headers and bytes replayed from memory with no database
 * and no serialisation. Only registered when the server runs with BENCH_CEILING=1.
 *
 * - `POST /__bench/ceiling {path, authorization?, headers?}` asks the app itself (inject) for
 *   `path` once, with those request headers (e.g. `accept-encoding`), and keeps the answer;
 * - `GET /__bench/ceiling?path=…` replays it.
 */
interface Captured {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Set per response by the server itself; copying them would be wrong or duplicated. */
const SKIPPED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export const benchCeiling: FastifyPluginAsync = async (app) => {
  const captured = new Map<string, Captured>();

  app.post<{ Body: { path?: unknown; authorization?: unknown; headers?: unknown } }>(
    '/__bench/ceiling',
    async (req, reply) => {
      const { path, authorization, headers: extra } = req.body ?? {};
      if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('/__bench')) {
        return reply.code(400).send({ erro: 'path inválido' });
      }
      const res = await app.inject({
        method: 'GET',
        url: path,
        headers: {
          ...(extra && typeof extra === 'object' ? (extra as Record<string, string>) : {}),
          ...(typeof authorization === 'string' ? { authorization } : {}),
        },
      });
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined && !SKIPPED.has(k.toLowerCase()))
          headers[k] = typeof v === 'number' ? String(v) : v;
      }
      captured.set(path, { statusCode: res.statusCode, headers, body: res.rawPayload });
      return { path, status: res.statusCode, bytes: res.rawPayload.length, etag: res.headers.etag ?? null };
    },
  );

  app.get<{ Querystring: { path?: string } }>('/__bench/ceiling', (req, reply) => {
    const hit = captured.get(req.query.path ?? '');
    if (!hit) return reply.code(404).send({ erro: 'nada capturado para este path' });
    return reply.code(hit.statusCode).headers(hit.headers).send(hit.body);
  });
};
