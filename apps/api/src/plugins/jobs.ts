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
 * mailer and the push sender, plugins/services.ts), letting the running jobs finish within
 * SHUTDOWN_TIMEOUT_MS and giving the others back to the queue (issue 54).
 */
export async function registerJobs(
  app: FastifyInstance,
  db: Db,
  databaseUrl: string | undefined,
): Promise<void> {
  const jobs = await createJobs(db, databaseUrl, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop({ timeoutMs: app.config.SHUTDOWN_TIMEOUT_MS }));
}

/**
 * Issue 52: a periodic job. Every `everyMs` (the first time `firstMs` after the app is ready)
 * this instance adds a `name` job to the durable queue, which any instance runs (with its
 * retries). The schedule itself is not stored: each start sets it again, and a periodic job's
 * handler works from what the database holds, so a run missed while no server ran is caught up
 * by the next one. Several instances each add theirs; a handler re-run does nothing twice.
 */
export function enqueueEvery(
  app: FastifyInstance,
  name: string,
  o: { everyMs: number; firstMs: number },
): void {
  let timer: NodeJS.Timeout | undefined;
  const add = () =>
    void app.jobs
      .enqueue(app.db, name, {})
      .catch((err: unknown) => app.log.error({ err, tarefa: name }, 'tarefa periódica não agendada'));
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      add();
      timer = setInterval(add, o.everyMs).unref();
    }, o.firstMs).unref();
  });
  app.addHook('preClose', async () => {
    clearTimeout(timer);
    clearInterval(timer);
  });
}
