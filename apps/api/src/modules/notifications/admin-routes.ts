import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EnvioNotificacao,
  EnviosNotificacaoQuery,
  NotificacaoAdminBody,
  NotificacaoAdminQuery,
  RegistrationPatchBody,
  RegistrationPatchResposta,
  RegistrationQuery,
  ResultadoEnvioNotificacao,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as service from './admin-service.js';
import { maySendNotifications } from './policy.js';

/**
 * The admin push form and the registration tokens (issue 8; spec §7 "POST notificacao",
 * "pushnotification/registration"). Admins of the city only, the super-admin any city.
 */
export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.notifications;
  app.jobs.define<service.PushBatch>(
    service.PUSH_BATCH_JOB,
    (job, ctx) => service.sendBatch(deps, job, ctx),
    {
      maxAttempts: 6,
      backoffMs: 5_000,
    },
  );
  const onRequest = app.requireUser(maySendNotifications);

  app.post(
    '/v1/adm/notificacao',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Enviar uma notificação (p: N todos da cidade, P parceiros, I eu; push: A, P ou I): grava uma linha por pessoa, enfileira o Web Push (enviado em segundo plano) e responde 202 com as contagens',
        security: bearer,
        querystring: NotificacaoAdminQuery,
        body: NotificacaoAdminBody,
        response: { 202: ResultadoEnvioNotificacao, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const resultado = await service.send(deps, currentUser(req), req.query.p, req.body, req.ip);
      reply.code(202);
      return resultado;
    },
  );

  app.get(
    '/v1/adm/notificacoes',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'As últimas notificações da cidade e o andamento do envio push de cada uma (total, enviadas, falhas, pendentes)',
        security: bearer,
        querystring: EnviosNotificacaoQuery,
        response: { 200: z.array(EnvioNotificacao), ...erros(400, 401, 403) },
      },
    },
    (req) => service.history(deps, currentUser(req), req.query.cod_cidade),
  );

  app.get(
    '/v1/pushnotification/registration',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary: 'Tokens (JSON da inscrição) de TODOS=A todos da cidade, P parceiros ou I quem chama',
        security: bearer,
        querystring: RegistrationQuery,
        response: { 200: z.array(z.string()), ...erros(400, 401, 403) },
      },
    },
    (req) => service.listTokens(deps, currentUser(req), req.query),
  );

  app.patch(
    '/v1/pushnotification/registration',
    {
      onRequest,
      schema: {
        tags: ['adm'],
        summary:
          'Excluir as inscrições de failedTokens (JSON da inscrição ou endpoint); admin só as de pessoas e parceiros da sua cidade',
        security: bearer,
        body: RegistrationPatchBody,
        response: { 200: RegistrationPatchResposta, ...erros(400, 401, 403) },
      },
    },
    (req) => service.removeTokens(deps, currentUser(req), req.body, req.ip),
  );
};
