import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CidadeQuery,
  EstabelecimentoPublico,
  EstabelecimentosBuscaQuery,
  IdSchema,
  VITRINE_MAX,
  VendedorSchema,
} from '@praca/contract';
import { sendFromCache } from '../../plugins/city-cache-store.js';
import { today } from '../../lib/clock.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayRunShops } from './policy.js';
import * as service from './service.js';

export const establishmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/estabelecimentos',
    {
      schema: {
        tags: ['estabelecimentos'],
        summary: 'Estabelecimentos ativos da cidade (com ETag; 304 quando não mudou)',
        querystring: CidadeQuery,
        response: { 200: z.array(EstabelecimentoPublico), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      const cod = req.query.cod_cidade;
      sendFromCache(
        req,
        reply,
        app.cityCache.get('estabelecimentos', cod, today(), () => service.listForConsumers(app.db, cod)),
      );
    },
  );

  app.get(
    '/v1/estabelecimentos/vitrine',
    {
      schema: {
        tags: ['estabelecimentos'],
        summary:
          `Até ${VITRINE_MAX} estabelecimentos ativos da cidade para a página inicial, sorteados uma vez por dia ` +
          '(a mesma ordem para todos no dia; com ETag; 304 quando não mudou)',
        querystring: CidadeQuery,
        response: { 200: z.array(EstabelecimentoPublico), 304: z.null(), ...erros(400) },
      },
    },
    (req, reply) => {
      const cod = req.query.cod_cidade;
      const day = today();
      sendFromCache(
        req,
        reply,
        app.cityCache.get('vitrine', cod, day, () => service.vitrine(app.db, cod, day)),
      );
    },
  );

  app.get(
    '/v1/estabelecimentos/busca',
    {
      schema: {
        tags: ['estabelecimentos'],
        summary:
          'Estabelecimentos ativos da cidade por nome, página a página (q: parte do nome, sem diferença ' +
          'de maiúsculas nem acentos); total em X-Total-Count',
        querystring: EstabelecimentosBuscaQuery,
        response: { 200: z.array(EstabelecimentoPublico), ...erros(400) },
      },
    },
    async (req, reply) => {
      const { itens, total } = await service.searchForConsumers(app.db, req.query);
      reply.header('x-total-count', String(total));
      return itens;
    },
  );

  app.get(
    '/v1/estabelecimentos/vendedores/:id_estabelecimento',
    {
      onRequest: app.requireUser(mayRunShops),
      schema: {
        tags: ['estabelecimentos'],
        summary: "Vendedores do estabelecimento, com 'Sem Vendedor' (99) sempre primeiro",
        security: bearer,
        params: z.object({ id_estabelecimento: IdSchema }),
        response: { 200: z.array(VendedorSchema), ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.sellersOf(app.db, currentUser(req), req.params.id_estabelecimento),
  );
};
