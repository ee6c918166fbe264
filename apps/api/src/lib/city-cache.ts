import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A serialised answer and its validator. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * The hottest reads of the product (a city's shops, campaigns, winners, notices) are built
 * once per city and kept serialised with their ETag. Any write to a city's content calls
 * `invalidate(cod_cidade)`. The key also holds the programme's day, so content that expires
 * at midnight (notices, campaigns) is rebuilt on the first read of the new day.
 */
export class CityCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  private readonly versions = new Map<number, number>();

  constructor(private readonly maxEntries = 2000) {}

  async get(
    kind: string,
    codCidade: number,
    day: string,
    load: () => Promise<unknown>,
  ): Promise<CachedAnswer> {
    const key = `${kind}|${codCidade}|${day}|${this.versions.get(codCidade) ?? 0}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending; // many readers of a cold city share one query
    const promise = load()
      .then((value) => {
        const body = JSON.stringify(value);
        const answer = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        // Only keep it if no write invalidated the city meanwhile.
        if (key.endsWith(`|${this.versions.get(codCidade) ?? 0}`)) this.remember(key, answer);
        return answer;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  /** Forget everything cached for a city (call after its content changed). */
  invalidate(codCidade: number): void {
    this.versions.set(codCidade, (this.versions.get(codCidade) ?? 0) + 1);
    const prefix = `|${codCidade}|`;
    for (const key of this.entries.keys()) if (key.includes(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private remember(key: string, answer: CachedAnswer): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, answer);
  }
}

/** Sends a cached answer, or 304 when the client already holds this version. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === answer.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
