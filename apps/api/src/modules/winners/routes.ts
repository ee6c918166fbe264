import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CidadeQuery, ContempladoPublico } from '@praca/contract';
import { sendFromCache } from '../../plugins/city-cache-store.js';
import { today } from '../../lib/clock.js';
import { erros } from '../../plugins/openapi.js';
import * as service from './service.js';

export const winnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/campanhas/contemplados',
    {
      schema: {
        tags: ['contemplados'],
        summary: 'Contemplados das campanhas da cidade, mais recentes primeiro (com ETag)',
        querystring: CidadeQuery,
        response: { 200: z.array(ContempladoPublico), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      const cod = req.query.cod_cidade;
      sendFromCache(
        req,
        reply,
        app.cityCache.get('contemplados', cod, today(), () => service.listForConsumers(app.db, cod)),
      );
    },
  );
};
