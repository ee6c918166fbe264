import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TurismoItem, TurismoQuery } from '@praca/contract';
import { sendFromCache } from '../../plugins/city-cache-store.js';
import { today } from '../../lib/clock.js';
import { erros } from '../../plugins/openapi.js';
import * as service from './service.js';

/**
 * The consumer tourism guide (spec §2 Turismo, §7 "GET turismo"; domain §2, §7). Public like
 * `/v1/avisos` and `/v1/estabelecimentos`: the /turismo page sits behind the login, the content
 * is the city's public guide. Cached per city, type and day with ETag/304; admin writes drop it.
 */
export const tourismRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/turismo',
    {
      schema: {
        tags: ['turismo'],
        summary: 'Itens de turismo ativos e dentro da validade da cidade, por descrição (com ETag)',
        querystring: TurismoQuery,
        response: { 200: z.array(TurismoItem), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      const { cod_cidade: cod, tipo } = req.query;
      const day = today();
      sendFromCache(
        req,
        reply,
        app.cityCache.get(`turismo:${tipo ?? 'todos'}`, cod, day, () =>
          service.listForConsumers(app.db, cod, day, tipo),
        ),
      );
    },
  );
};
