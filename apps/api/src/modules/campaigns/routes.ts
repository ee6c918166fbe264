import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CampanhaPublica, CampanhaResumo, CampanhasQuery, CidadeQuery } from '@praca/contract';
import { sendFromCache } from '../../plugins/city-cache-store.js';
import { today } from '../../lib/clock.js';
import { erros } from '../../plugins/openapi.js';
import * as service from './service.js';

export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/campanhas',
    {
      schema: {
        tags: ['campanhas'],
        summary: 'Campanhas em andamento ou por vir na cidade (com ETag)',
        querystring: CampanhasQuery,
        response: { 200: z.array(CampanhaPublica), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      // The refine makes sure one of the two is there.
      const cod = (req.query.cod_cidade ?? req.query.codcidade)!;
      const day = today();
      sendFromCache(
        req,
        reply,
        app.cityCache.get('campanhas', cod, day, () => service.listForConsumers(app.db, cod, day)),
      );
    },
  );

  // The home's carousel (decision 042): the spec's list above carries every campaign's shops,
  // which grows with the city; this answer does not.
  app.get(
    '/v1/campanhas/resumo',
    {
      schema: {
        tags: ['campanhas'],
        summary:
          'Campanhas em andamento ou por vir na cidade, sem a lista de estabelecimentos ' +
          '(a página inicial; com ETag; 304 quando não mudou)',
        querystring: CidadeQuery,
        response: { 200: z.array(CampanhaResumo), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      const cod = req.query.cod_cidade;
      const day = today();
      sendFromCache(
        req,
        reply,
        app.cityCache.get('campanhas-resumo', cod, day, () =>
          service.listSummariesForConsumers(app.db, cod, day),
        ),
      );
    },
  );
};
