import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Exportacao, ExportacaoParams } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayFollowExports } from './policy.js';
import { sendFile } from './download.js';
import { fileHeaders } from './service.js';

/**
 * A large export's progress and file (issue 39, decision 048): for whom asked for it and for
 * the admins of its city. The lists' own routes answer `?formato=` (modules/exports/service.ts).
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireUser(mayFollowExports);

  app.get(
    '/v1/adm/exportacoes/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Situação de uma exportação grande (pendente, rodando, pronta, falha, expirada), linhas escritas e progresso; url do arquivo quando pronta',
        security: bearer,
        params: ExportacaoParams,
        response: { 200: Exportacao, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => app.exporter.status(currentUser(req), req.params.id),
  );

  app.get(
    '/v1/adm/exportacoes/:id/arquivo',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'O arquivo de uma exportação pronta (CSV ou XLSX; 409 ainda não pronta, 410 expirada ou falhou)',
        security: bearer,
        params: ExportacaoParams,
        response: { ...erros(400, 401, 403, 404, 409, 410) },
      },
    },
    async (req, reply) => {
      const file = await app.exporter.file(currentUser(req), req.params.id);
      reply.type(file.mime).headers(fileHeaders(file.nome));
      if (file.path !== undefined) return sendFile(reply, file.path, file.size);
      // From object storage: its stream, cut off if the reader goes away.
      reply.raw.once('close', () => file.body.destroy());
      return reply.header('content-length', String(file.size)).send(file.body as never); // a stream, not JSON
    },
  );
};
