import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { createJobs, type Jobs } from '../jobs/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work stored in the database (src/jobs): modules define handlers and enqueue. */
    jobs: Jobs;
  }
}

/**
 * One queue for the whole app, on the root instance. Modules define their handlers while they
 * register; the worker starts once the app is ready and stops before the services close (the
 * mailer and the push sender, plugins/services.ts), letting the running jobs finish.
 */
export async function registerJobs(
  app: FastifyInstance,
  db: Db,
  databaseUrl: string | undefined,
): Promise<void> {
  const jobs = await createJobs(db, databaseUrl, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
}
