import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContempladoAdmin, ContempladoBody, ContempladoParams, ContempladosQuery } from '@praca/contract';
import { bearer, erros } from '../../lib/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { mayAdministerWinners } from './policy.js';

/**
 * Admin winners (spec §2 Winners, Winner dialog, §3 Winner, §7; issue 6). Only admins of the
 * campaign's city: the super-admin any city, an admin its own (403 otherwise). Every write is
 * audited in its transaction and then drops the city's cached consumer lists, so the consumer
 * winners list shows the change at once.
 */
export const winnersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.WinnerDeps = { db: app.db, dialect: app.dialect };
  const onRequest = app.requireUser(mayAdministerWinners);
  const invalidate = (cidades: number[]) => cidades.forEach((c) => app.cityCache.invalidate(c));

  app.get(
    '/v1/adm/contemplados',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Contemplados das campanhas da cidade, sorteio mais recente primeiro (q: nome do contemplado ou campanha); total em X-Total-Count',
        security: bearer,
        querystring: ContempladosQuery,
        response: { 200: z.array(ContempladoAdmin), ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { itens, total } = await service.list(app.db, currentUser(req), req.query);
      reply.header('x-total-count', String(total));
      return itens;
    },
  );

  app.get(
    '/v1/adm/contemplados/:id_sorteado',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Um contemplado, numa lista de um item (o cliente usa o primeiro, spec §7)',
        security: bearer,
        params: ContempladoParams,
        response: { 200: z.array(ContempladoAdmin), ...erros(400, 401, 403, 404) },
      },
    },
    async (req) => [await service.getOne(app.db, currentUser(req), req.params.id_sorteado)],
  );

  app.post(
    '/v1/adm/contemplados',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Registrar um contemplado; com id_sorteio (número do cupom na campanha) participante, loja e venda vêm do cupom, que sai dos próximos sorteios',
        security: bearer,
        body: ContempladoBody,
        response: { 201: ContempladoAdmin, ...erros(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const { resposta, cidades } = await service.create(deps, currentUser(req), req.body, req.ip);
      invalidate(cidades);
      return reply.code(201).send(resposta);
    },
  );

  app.patch(
    '/v1/adm/contemplados/:id_sorteado',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Alterar um contemplado (só o que for enviado; fotos, se enviado, é a lista inteira)',
        security: bearer,
        params: ContempladoParams,
        body: ContempladoBody,
        response: { 200: ContempladoAdmin, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { resposta, cidades } = await service.update(
        deps,
        currentUser(req),
        req.params.id_sorteado,
        req.body,
        req.ip,
      );
      invalidate(cidades);
      return resposta;
    },
  );

  app.delete(
    '/v1/adm/contemplados/:id_sorteado',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Excluir um contemplado e suas fotos; o registro de um sorteio fica, e um cupom vinculado à mão volta aos sorteios',
        security: bearer,
        params: ContempladoParams,
        response: { 200: z.object({ mensagem: z.string() }), ...erros(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { resposta, cidades } = await service.remove(
        deps,
        currentUser(req),
        req.params.id_sorteado,
        req.ip,
      );
      invalidate(cidades);
      return resposta;
    },
  );
};
