import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/types.js';
import { randomToken } from '../lib/crypto.js';
import { CityCache } from './city-cache-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised consumer lists per city; writes to a city's content invalidate it. */
    cityCache: CityCache;
  }
}

/** The PostgreSQL channel on which instances announce `<instance>:<cod_cidade>` invalidations. */
const CACHE_CHANNEL = 'praca_cidades';

/**
 * Each process keeps its own city cache (docs/decisions/003). With several API processes on
 * one PostgreSQL database, an invalidation is announced with NOTIFY (through the pool, after
 * the write committed) and every other instance, LISTENing on its own connection, forgets
 * that city. Should the listening connection drop, notifications may have been missed: the
 * whole cache is dropped then and again once it listens anew (retried every second).
 */
class CacheBus {
  private client?: pg.Client;
  private retry?: NodeJS.Timeout;
  private stopped = false;
  private readonly id = randomToken(9);

  constructor(
    private readonly url: string,
    private readonly db: Kysely<Database>,
    private readonly cache: CityCache,
    private readonly warn: (msg: string) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (m) => {
      const [from, cod] = (m.payload ?? '').split(':');
      if (from !== this.id && Number.isInteger(Number(cod))) this.cache.invalidateLocal(Number(cod));
    });
    client.on('error', (err) => this.lost(`conexão de avisos de cache perdida: ${err.message}`));
    client.on('end', () => this.lost('conexão de avisos de cache encerrada'));
    await client.connect();
    await client.query(`listen ${CACHE_CHANNEL}`);
    this.client = client;
    this.cache.clear();
  }

  publish(codCidade: number): void {
    sql`select pg_notify(${CACHE_CHANNEL}, ${`${this.id}:${codCidade}`})`
      .execute(this.db)
      .catch((err: unknown) => this.warn(`aviso de cache não enviado: ${String(err)}`));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private lost(why: string): void {
    if (this.stopped || this.retry) return;
    this.warn(why);
    this.client = undefined;
    this.cache.clear();
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start().catch((err: unknown) => this.lost(`sem avisos de cache: ${String(err)}`));
    }, 1000);
  }
}

export function registerCityCache(
  app: FastifyInstance,
  opts: { dialect: 'sqlite' | 'postgres'; databaseUrl?: string; db: Kysely<Database> },
): void {
  const cache = new CityCache();
  app.decorate('cityCache', cache);
  if (opts.dialect !== 'postgres' || !opts.databaseUrl) return;
  const bus = new CacheBus(opts.databaseUrl, opts.db, cache, (m) => app.log.warn(m));
  cache.onInvalidate = (cod) => bus.publish(cod);
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.stop());
}
