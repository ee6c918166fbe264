import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormatoExportacao } from '@praca/contract';
import { Exporter, type ExportAnswer, type ListaExportavel } from '../modules/exports/service.js';
import { currentUser } from './auth.js';

/** What the lists' routes use of the exporter: declare a list, answer its `?formato=` query. */
interface ExportDoor {
  /** Declares a list (at registration, so a job finds it on any instance). */
  list<Q extends object, R>(l: ListaExportavel<Q, R>): ListaExportavel<Q, R>;
  /** Answers a list's `?formato=` query for the request's caller: the file (200) or the job (202). */
  answer<Q extends object, R>(
    req: FastifyRequest,
    reply: FastifyReply,
    l: ListaExportavel<Q, R>,
    q: Q & { formato?: FormatoExportacao },
  ): Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Exports of the admin lists (modules/exports): lists, jobs and finished files. */
    exporter: Exporter;
    /** The exporter as the lists' routes use it, over HTTP. */
    exports: ExportDoor;
  }
}

/** Sends an export's answer: the job (202), or the file, dropped if the reader goes away. */
function sendExport(reply: FastifyReply, a: ExportAnswer): FastifyReply {
  if (a.status === 202) return reply.code(202).send(a.body);
  const out = a.body;
  reply.raw.once('close', () => {
    if (!out.readableEnded) out.destroy();
  });
  return reply.code(200).type(a.type).headers(a.headers).send(out);
}

/** One exporter for the app, on the root instance, after the job queue it enqueues on. */
export function registerExports(app: FastifyInstance): void {
  const exporter = new Exporter({
    db: app.db,
    dataDir: app.config.dataDir,
    store: app.storage,
    databaseUrl: app.config.DATABASE_URL,
    jobs: app.jobs,
    log: app.log,
    imediataMax: app.config.EXPORTACAO_IMEDIATA_MAX,
  });
  app.decorate('exporter', exporter);
  app.decorate('exports', {
    list: (l) => exporter.list(l),
    answer: async (req, reply, l, q) =>
      sendExport(reply, await exporter.answer({ user: currentUser(req), ip: req.ip }, l, q)),
  } satisfies ExportDoor);
}
