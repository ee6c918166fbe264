import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema, PromocaoPublica } from '@praca/contract';
import { today } from '../../lib/clock.js';
import { erros } from '../../plugins/openapi.js';
import * as service from './service.js';

export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/promocoes/:id_estabelecimento',
    {
      schema: {
        tags: ['promocoes'],
        summary: 'Promoções pagas e vigentes de um estabelecimento',
        params: z.object({ id_estabelecimento: IdSchema }),
        // The web sends cod_cidade too; the shop already fixes the city.
        querystring: z.object({ cod_cidade: z.string().optional() }),
        response: { 200: z.array(PromocaoPublica), ...erros(400) },
      },
    },
    (req) => service.listForConsumers(app.db, req.params.id_estabelecimento, today()),
  );
};
