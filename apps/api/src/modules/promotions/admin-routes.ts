import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListaQuery,
  MensagemResposta,
  PromocaoAdmin,
  PromocaoBody,
  PromocaoParams,
} from '@praca/contract';
import { adminDeps, sendPage, writeAnswer } from '../shared/admin.js';
import { bearer, erros } from '../../lib/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { mayAdministerPromotions } from './admin-policy.js';

/**
 * Admin promotions (spec §2 Promoções por Estabelecimento, §7 "Admin promocoes": POST 201,
 * PATCH 200, DELETE 202; issue 7). Admins of the shop's city only (the super-admin any city);
 * only the super-admin marks a promotion paid. Every write is audited in its transaction and
 * then drops the city's cached consumer lists.
 */
export const promotionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = adminDeps(app);
  const onRequest = app.requireUser(mayAdministerPromotions);
  const answer = writeAnswer(app);

  app.get(
    '/v1/adm/promocoes',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Promoções dos estabelecimentos da cidade, início mais recente primeiro (q: id, nome do estabelecimento ou código do produto); total em X-Total-Count',
        security: bearer,
        querystring: AdminListaQuery,
        response: { 200: z.array(PromocaoAdmin), ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(reply, await service.list(app.db, currentUser(req), req.query)),
  );

  app.get(
    '/v1/adm/promocoes/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Uma promoção',
        security: bearer,
        params: PromocaoParams,
        response: { 200: PromocaoAdmin, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getOne(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/v1/adm/promocoes',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Criar uma promoção; dat_final = dat_inicio + dias do plano − 1, sempre calculada pelo servidor (plano_dias, ou o plano deduzido de dat_inicio e dat_final); só o super-administrador marca ies_pago',
        security: bearer,
        body: PromocaoBody,
        response: { 201: PromocaoAdmin, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => answer(reply, 201, await service.create(deps, currentUser(req), req.body, req.ip)),
  );

  app.patch(
    '/v1/adm/promocoes/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Alterar uma promoção (só o que for enviado; sem plano_dias, o plano vem do intervalo de datas enviado); dat_final recalculada',
        security: bearer,
        params: PromocaoParams,
        body: PromocaoBody,
        response: { 200: PromocaoAdmin, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      answer(reply, 200, await service.update(deps, currentUser(req), req.params.id, req.body, req.ip)),
  );

  app.delete(
    '/v1/adm/promocoes/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Excluir uma promoção',
        security: bearer,
        params: PromocaoParams,
        response: { 202: MensagemResposta, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      answer(reply, 202, await service.remove(deps, currentUser(req), req.params.id, req.ip)),
  );
};
