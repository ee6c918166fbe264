import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditoriaItem, AuditoriaQuery, ExportacaoCriada, ExportavelQuery } from '@praca/contract';
import { AUDIT_EXPORT } from './export.js';

const Query = AuditoriaQuery.extend(ExportavelQuery.shape);
import { sendPage } from '../shared/admin.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { AUDIT_COUNT_CAP } from './repository.js';
import { mayReadAudit } from './policy.js';
import * as service from './service.js';

/** The audit log screen's list (issue 11, domain §10): admins of the city, the super-admin any. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const auditExport = app.exports.list(AUDIT_EXPORT);

  app.get(
    '/v1/adm/auditoria',
    {
      onRequest: app.requireUser(mayReadAudit),
      schema: {
        tags: ['adm'],
        summary:
          'Registro de auditoria da cidade, mais recente primeiro (filtros q: nome ou e-mail do autor, id_usuario, entidade, de, ate); ' +
          `total em X-Total-Count, contado até ${AUDIT_COUNT_CAP} (X-Total-Count-Exact: false quando há mais)`,
        security: bearer,
        querystring: Query,
        response: { 200: z.array(AuditoriaItem), 202: ExportacaoCriada, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => {
      if (req.query.formato) return app.exports.answer(req, reply, auditExport, req.query);
      const page = await service.list(app.db, currentUser(req), req.query);
      reply.header('x-total-count-exact', String(page.exact));
      return sendPage(reply, page);
    },
  );
};
