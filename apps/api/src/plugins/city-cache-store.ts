import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The content codings a cached answer can be sent in, best first. */
export type Coding = 'br' | 'gzip' | 'identity';

/**
 * A serialised answer and its validator, kept as bytes: sending it copies nothing and encodes
 * nothing. The compressed forms are made once, on the first request that accepts them
 * (docs/journal/017-hot-reads-as-bytes.md).
 */
export class CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  private br?: Buffer;
  private gzip?: Buffer;

  constructor(json: string) {
    this.body = Buffer.from(json, 'utf8');
    this.etag = `"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  /** The bytes for a coding; answers under 1 kB are not worth compressing. */
  bytes(coding: Coding): Buffer {
    if (coding === 'br') {
      this.br ??= brotliCompressSync(this.body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
        },
      });
      return this.br;
    }
    if (coding === 'gzip') {
      this.gzip ??= gzipSync(this.body, { level: 9 });
      return this.gzip;
    }
    return this.body;
  }

  private readonly headerSets: Partial<Record<Coding, Record<string, string>>> = {};

  /** The answer's headers in a coding, made once: one `reply.headers` call per request. */
  headers(coding: Coding): Record<string, string> {
    let h = this.headerSets[coding];
    if (!h) {
      h = {
        etag: this.etagFor(coding),
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        'content-type': 'application/json; charset=utf-8',
      };
      if (coding !== 'identity') h['content-encoding'] = coding;
      this.headerSets[coding] = h;
    }
    return h;
  }

  /** The validator of one coding: a strong ETag names one sequence of bytes. */
  etagFor(coding: Coding): string {
    return coding === 'identity' ? this.etag : `${this.etag.slice(0, -1)}-${coding}"`;
  }

  /** Whether `If-None-Match` names this answer in any coding. */
  matches(ifNoneMatch: string): boolean {
    const base = this.etag.slice(1, -1);
    return ifNoneMatch.split(',').some((raw) => {
      const t = raw.trim().replace(/^W\//, '');
      return t === this.etag || t === `"${base}-br"` || t === `"${base}-gzip"` || t === '*';
    });
  }
}

/** Smaller than this, an answer goes out as it is (a compressed frame would not be smaller). */
const COMPRESS_FROM = 1024;

/** The best coding `Accept-Encoding` allows (q=0 refuses one), for an answer of `size` bytes. */
function codingFor(acceptEncoding: string | undefined, size: number): Coding {
  if (!acceptEncoding || size < COMPRESS_FROM) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
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
  /** Bumped by `clear()`, so a load that raced it is not kept either. */
  private generation = 0;
  /** Told of every invalidation made here (the PostgreSQL bus tells the other instances). */
  onInvalidate?: (codCidade: number) => void;
  /**
   * Told of every invalidation this process applies, its own and other instances' (null: all
   * cities), so other per-city caches (the webhooks of issue 39) ride on the same bus.
   */
  readonly listeners = new Set<(codCidade: number | null) => void>();

  constructor(private readonly maxEntries = 2000) {}

  /** The kept answer (no promise, so a hit costs no trip through the microtask queue), or its load. */
  get(
    kind: string,
    codCidade: number,
    day: string,
    load: () => Promise<unknown>,
  ): CachedAnswer | Promise<CachedAnswer> {
    const version = this.versions.get(codCidade) ?? 0;
    const generation = this.generation;
    const key = `${kind}|${codCidade}|${day}|${version}|${generation}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending; // many readers of a cold city share one query
    const promise = load()
      .then((value) => {
        const answer = new CachedAnswer(JSON.stringify(value));
        // Only keep it if no write invalidated the city meanwhile.
        if ((this.versions.get(codCidade) ?? 0) === version && this.generation === generation)
          this.remember(key, answer);
        return answer;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  /** Forget everything cached for a city (call after its content changed), here and elsewhere. */
  invalidate(codCidade: number): void {
    this.invalidateLocal(codCidade);
    this.onInvalidate?.(codCidade);
  }

  /** Forget a city's answers in this process only (what another instance's write asks for). */
  invalidateLocal(codCidade: number): void {
    this.versions.set(codCidade, (this.versions.get(codCidade) ?? 0) + 1);
    const prefix = `|${codCidade}|`;
    for (const key of this.entries.keys()) if (key.includes(prefix)) this.entries.delete(key);
    for (const listener of this.listeners) listener(codCidade);
  }

  /** Forget every city's answers (e.g. when invalidations from elsewhere may have been missed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
    for (const listener of this.listeners) listener(null);
  }

  private remember(key: string, answer: CachedAnswer): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, answer);
  }
}

/**
 * `sendCached` for what `CityCache.get` gave: at once on a hit, after the load otherwise (a
 * failed load goes to the error handler). For handlers that return nothing and send.
 */
export function sendFromCache(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | Promise<CachedAnswer>,
): void {
  if (answer instanceof CachedAnswer) sendCached(req, reply, answer);
  else
    answer.then(
      (a) => sendCached(req, reply, a),
      (err: unknown) => reply.send(err),
    );
}

/**
 * Sends a cached answer in the best coding the client accepts, or 304 when it already holds
 * this version. `Vary: Accept-Encoding` keeps shared caches from mixing the codings.
 */
function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const coding = codingFor(req.headers['accept-encoding'], answer.body.length);
  const inm = req.headers['if-none-match'];
  if (inm && answer.matches(inm)) {
    const { 'content-type': _type, 'content-encoding': _coding, ...validators } = answer.headers(coding);
    return reply.headers(validators).code(304).send();
  }
  return reply.headers(answer.headers(coding)).send(answer.bytes(coding));
}
