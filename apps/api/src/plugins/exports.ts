import type { FastifyInstance } from 'fastify';
import { Exporter } from '../modules/exports/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exports of the admin lists (modules/exports): lists declare themselves here. */
    exports: Exporter;
  }
}

/** One exporter for the app, on the root instance, after the job queue it enqueues on. */
export function registerExports(app: FastifyInstance): void {
  app.decorate(
    'exports',
    new Exporter({
      db: app.db,
      dataDir: app.config.dataDir,
      databaseUrl: app.config.DATABASE_URL,
      jobs: app.jobs,
      log: app.log,
      imediataMax: app.config.EXPORTACAO_IMEDIATA_MAX,
    }),
  );
}
