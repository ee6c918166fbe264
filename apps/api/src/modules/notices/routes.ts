import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AvisoPublico, CidadeQuery } from '@praca/contract';
import { sendFromCache } from '../../plugins/city-cache-store.js';
import { today } from '../../lib/clock.js';
import { erros } from '../../plugins/openapi.js';
import * as service from './service.js';

export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/avisos',
    {
      schema: {
        tags: ['avisos'],
        summary: 'Avisos válidos da cidade (com ETag)',
        querystring: CidadeQuery,
        response: { 200: z.array(AvisoPublico), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      const cod = req.query.cod_cidade;
      const day = today();
      sendFromCache(
        req,
        reply,
        app.cityCache.get('avisos', cod, day, () => service.listForConsumers(app.db, cod, day)),
      );
    },
  );
};
