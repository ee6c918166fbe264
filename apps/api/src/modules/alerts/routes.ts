import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Alerta, AlertasQuery } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayReadAlerts } from './policy.js';
import * as service from './service.js';

/** Alerts for the city (issue 37): what looks wrong in a day's sales (and, issue 53, receipts), for the city's admins. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { thresholds } = app.services.alerts;

  app.get(
    '/v1/adm/alertas',
    {
      onRequest: app.requireUser(mayReadAlerts),
      schema: {
        tags: ['adm'],
        summary:
          'Alertas da cidade num dia (pico de vendas da loja, vendas repetidas para uma pessoa, valores logo abaixo de um limite, vendas de madrugada) ' +
          'e nas notas fiscais dos dias até ele (ALERTA_RECIBOS_DIAS: notas que a loja não informou, uma chave enviada por várias pessoas, doações concentradas numa entidade, vendas acima do total autorizado pela SEFAZ), ' +
          'cada um com a evidência, as vendas e as notas',
        security: bearer,
        querystring: AlertasQuery,
        response: { 200: z.array(Alerta), ...erros(400, 401, 403) },
      },
    },
    (req) => service.list(app.db, currentUser(req), req.query, thresholds),
  );
};
