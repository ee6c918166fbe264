import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CupomCampanhaAdmin,
  CuponsCampanhaQuery,
  ExportacaoCriada,
  IdSchema,
  type FormatoExportacao,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { sendPage } from '../shared/admin.js';
import { mayAdministerCampaigns } from '../campaigns/policy.js';
import { COUPONS_COUNT_CAP, COUPONS_EXPORT, couponsPage } from './export.js';

type Query = z.output<typeof CuponsCampanhaQuery> & { id: number; formato?: FormatoExportacao };

/** A campaign's coupons for the admins of its city (issue 39), and their export. */
export const couponsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const couponsExport = app.exports.list(COUPONS_EXPORT);

  app.get(
    '/v1/adm/campanhas/:id/cupons',
    {
      onRequest: app.requireUser(mayAdministerCampaigns),
      schema: {
        tags: ['adm'],
        summary:
          `Cupons da campanha por número, com venda, estabelecimento e participante; total em X-Total-Count, contado até ${COUPONS_COUNT_CAP}. ` +
          'formato=csv|xlsx: todos num arquivo (202 com id_exportacao quando grande)',
        security: bearer,
        params: z.object({ id: IdSchema }),
        querystring: CuponsCampanhaQuery,
        response: { 200: z.array(CupomCampanhaAdmin), 202: ExportacaoCriada, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const q: Query = { ...req.query, id: req.params.id };
      if (q.formato) return app.exports.answer(req, reply, couponsExport, q);
      const page = await couponsPage(app.db, currentUser(req), q);
      reply.header('x-total-count-exact', String(page.exact));
      return sendPage(reply, page);
    },
  );
};
