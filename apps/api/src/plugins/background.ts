import type { FastifyInstance } from 'fastify';

/** Work run after an answer was sent: counted, so that closing the app waits for it. */
interface Background {
  /** Runs `task` now without waiting for it; its error is logged. */
  run(task: () => Promise<void>): void;
  /** Settles once nothing is running (tasks started meanwhile included). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mails and codes written after the answer (modules/account): see `Background`. */
    background: Background;
  }
}

/**
 * One registry for the whole app, on the root instance: the account module's answers do not
 * wait for their e-mail, and the app's close, and the tests that check what a request wrote,
 * wait for `idle()`.
 */
export function registerBackground(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  app.decorate('background', {
    run(task) {
      const p: Promise<void> = task()
        .catch((err: unknown) => app.log.error({ err }, 'tarefa em segundo plano falhou'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  } satisfies Background);
}
