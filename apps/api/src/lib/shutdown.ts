import type { FastifyInstance } from 'fastify';

/**
 * A graceful close of the HTTP side (issue 54), as a deploy or an orchestrator's SIGTERM needs:
 *
 * 1. the listening socket closes at once: a new connection is refused, so a load balancer moves
 *    on to another instance;
 * 2. a new request on a connection already open answers 503 and closes it (Fastify's own
 *    `return503OnClosing`), and idle kept-alive connections are closed as soon as they are idle;
 * 3. the requests in flight finish, and the running jobs (plugins/jobs.ts, a preClose hook) finish
 *    or go back to the queue, within `timeoutMs`; past it the connections left are cut;
 * 4. then the app's onClose hooks (services, store) run, and the promise settles: the caller
 *    closes the database and exits.
 */
export async function closeGracefully(app: FastifyInstance, timeoutMs: number): Promise<void> {
  const server = app.server;
  // Fastify's close calls server.close() itself too, later, and waits for its 'close' event
  // (all connections ended) either way.
  if (server.listening) server.close();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => {
    app.log.warn(`encerramento: prazo de ${timeoutMs} ms esgotado; fechando as conexões que restam`);
    server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(deadline);
  }
}
