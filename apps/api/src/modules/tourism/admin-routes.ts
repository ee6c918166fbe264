import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MensagemResposta,
  TurismoAdminQuery,
  TurismoBody,
  TurismoItem,
  TurismoParams,
} from '@praca/contract';
import { adminDeps, sendPage, writeAnswer } from '../shared/admin.js';
import { bearer, erros } from '../../lib/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { mayAdministerTourism } from './policy.js';

/**
 * Admin tourism guide (spec §2 Turismo, §7 "Admin turismo"; issue 7: POST 201, PATCH 200,
 * DELETE 200). Admins of the item's city only (the super-admin any city). Every write is
 * audited in its transaction and then drops the city's cached consumer lists, so
 * `GET /v1/turismo` shows the change at once.
 */
export const tourismAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = adminDeps(app);
  const onRequest = app.requireUser(mayAdministerTourism);
  const answer = writeAnswer(app);

  app.get(
    '/v1/adm/turismo',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Itens de turismo da cidade (tipo 0–4 opcional), ativos ou não, mais recentes primeiro (q: id ou parte da descrição); total em X-Total-Count',
        security: bearer,
        querystring: TurismoAdminQuery,
        response: { 200: z.array(TurismoItem), ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(reply, await service.list(app.db, currentUser(req), req.query)),
  );

  app.get(
    '/v1/adm/turismo/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Um item de turismo',
        security: bearer,
        params: TurismoParams,
        response: { 200: TurismoItem, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getOne(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/v1/adm/turismo',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Criar um item de turismo (descrição e tipo obrigatórios; validade em validadeate ou validade_ate, vazia = sem prazo)',
        security: bearer,
        body: TurismoBody,
        response: { 201: TurismoItem, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => answer(reply, 201, await service.create(deps, currentUser(req), req.body, req.ip)),
  );

  app.patch(
    '/v1/adm/turismo/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Alterar um item de turismo (só o que for enviado)',
        security: bearer,
        params: TurismoParams,
        body: TurismoBody,
        response: { 200: TurismoItem, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      answer(reply, 200, await service.update(deps, currentUser(req), req.params.id, req.body, req.ip)),
  );

  app.delete(
    '/v1/adm/turismo/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Excluir um item de turismo',
        security: bearer,
        params: TurismoParams,
        response: { 200: MensagemResposta, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      answer(reply, 200, await service.remove(deps, currentUser(req), req.params.id, req.ip)),
  );
};
