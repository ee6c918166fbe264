import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExportacaoCriada, VendaSchema, VendasAdmQuery } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { sendPage } from '../shared/admin.js';
import { CITY_SALES_COUNT_CAP, CITY_SALES_EXPORT, citySalesPage } from './export.js';
import { mayListCitySales } from './policy.js';

/** The city's sales for its admins (issue 39): the list an auditor filters and exports. */
export const salesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const salesExport = app.exports.list(CITY_SALES_EXPORT);

  app.get(
    '/v1/adm/vendas',
    {
      onRequest: app.requireUser(mayListCitySales),
      schema: {
        tags: ['adm'],
        summary:
          'Vendas da cidade, última registrada primeiro (filtros id_campanha, id_estabelecimento, de, ate: dia da venda); ' +
          `total em X-Total-Count, contado até ${CITY_SALES_COUNT_CAP} (X-Total-Count-Exact: false quando há mais). ` +
          'formato=csv|xlsx: todas as linhas filtradas num arquivo (202 com id_exportacao quando grande)',
        security: bearer,
        querystring: VendasAdmQuery,
        response: { 200: z.array(VendaSchema), 202: ExportacaoCriada, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      if (req.query.formato) return app.exports.answer(req, reply, salesExport, req.query);
      const page = await citySalesPage(app.db, currentUser(req), req.query);
      reply.header('x-total-count-exact', String(page.exact));
      return sendPage(reply, page);
    },
  );
};
