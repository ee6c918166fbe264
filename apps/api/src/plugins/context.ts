import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration. */
    config: Config;
    /** Kysely on SQLite or PostgreSQL; repositories take it (or a transaction) first. */
    db: Db['db'];
    dialect: Db['dialect'];
  }
}

export function registerContext(app: FastifyInstance, config: Config, db: Db): void {
  app.decorate('config', config);
  app.decorate('db', db.db);
  app.decorate('dialect', db.dialect);
}
