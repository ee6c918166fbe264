import type { FastifyInstance } from 'fastify';
import { CityCache } from '../lib/city-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised consumer lists per city; writes to a city's content invalidate it. */
    cityCache: CityCache;
  }
}

export function registerCityCache(app: FastifyInstance): void {
  app.decorate('cityCache', new CityCache());
}
