import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminListaQuery, AvisoAdmin, AvisoBody, AvisoParams, MensagemResposta } from '@praca/contract';
import { adminDeps, sendPage, writeAnswer } from '../shared/admin.js';
import { bearer, erros } from '../../lib/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { isAdmin } from '../auth/policy.js';
import * as service from './admin-service.js';

/**
 * Admin notices (spec §2 Avisos, §7 "Admin avisos": POST, PATCH and DELETE answer 202; issue 7).
 * Admins of the notice's city only (the super-admin any city). Every write is audited in its
 * transaction and then drops the city's cached consumer lists, so `GET /v1/avisos` shows the
 * change at once.
 */
export const noticesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = adminDeps(app);
  const onRequest = app.requireUser(isAdmin);
  const answer = writeAnswer(app);

  app.get(
    '/v1/adm/avisos',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Avisos da cidade, válidos ou vencidos, mais recentes primeiro (q: id ou parte do título); total em X-Total-Count',
        security: bearer,
        querystring: AdminListaQuery,
        response: { 200: z.array(AvisoAdmin), ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(reply, await service.list(app.db, currentUser(req), req.query)),
  );

  app.get(
    '/v1/adm/avisos/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Um aviso',
        security: bearer,
        params: AvisoParams,
        response: { 200: AvisoAdmin, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getOne(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/v1/adm/avisos',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Criar um aviso (título e validade obrigatórios; HTML da mensagem higienizado; imagem guardada como caminho)',
        security: bearer,
        body: AvisoBody,
        response: { 202: AvisoAdmin, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => answer(reply, 202, await service.create(deps, currentUser(req), req.body, req.ip)),
  );

  app.patch(
    '/v1/adm/avisos/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Alterar um aviso (só o que for enviado)',
        security: bearer,
        params: AvisoParams,
        body: AvisoBody,
        response: { 202: AvisoAdmin, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      answer(reply, 202, await service.update(deps, currentUser(req), req.params.id, req.body, req.ip)),
  );

  app.delete(
    '/v1/adm/avisos/:id',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Excluir um aviso',
        security: bearer,
        params: AvisoParams,
        response: { 202: MensagemResposta, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      answer(reply, 202, await service.remove(deps, currentUser(req), req.params.id, req.ip)),
  );
};
