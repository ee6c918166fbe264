import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChavePushResposta,
  IdMessageParams,
  NotificacaoUsuario,
  NotificacaoUsuarioBody,
  NotificacoesLidasBody,
  NotificacoesQuery,
  SalvaTokenBody,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { notificationsAdminRoutes } from './admin-routes.js';
import { mayReceiveNotifications } from './policy.js';
import * as service from './service.js';

const Gravado = z.object({ ok: z.literal(true) });

/**
 * Issue 8: a person's notifications and push subscriptions, the server's VAPID public key, and
 * (admin-routes.ts) the admin fan-out and registration tokens (domain §8). The VAPID key pair
 * is resolved when the app starts (plugins/services.ts), so the first start generates and keeps it.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app;
  const onRequest = app.requireUser(mayReceiveNotifications);

  app.get(
    '/v1/usuarios/notificacao',
    {
      onRequest,
      schema: {
        tags: ['notificacoes'],
        summary:
          'Notificações não lidas da pessoa, mais recentes primeiro (o tamanho da lista é o número do sino); com todas=S também as lidas',
        security: bearer,
        querystring: NotificacoesQuery,
        response: { 200: z.array(NotificacaoUsuario), ...erros(400, 401) },
      },
    },
    (req) => service.list(app.db, currentUser(req), req.query.todas === 'S'),
  );

  app.post(
    '/v1/usuarios/notificacao/lidas',
    {
      onRequest,
      schema: {
        tags: ['notificacoes'],
        summary:
          'Marcar como lidas as notificações que a página mostrou (204; as de outra pessoa ficam como estão)',
        security: bearer,
        body: NotificacoesLidasBody,
        response: { 204: z.null(), ...erros(400, 401) },
      },
    },
    async (req, reply) => {
      await service.markRead(app.db, currentUser(req), req.body.id_message);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/usuarios/notificacao/:id_message',
    {
      onRequest,
      schema: {
        tags: ['notificacoes'],
        summary: 'Excluir uma notificação da pessoa (204; de outra pessoa ou inexistente: 404)',
        security: bearer,
        params: IdMessageParams,
        response: { 204: z.null(), ...erros(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await service.removeMessage(app.db, currentUser(req), req.params.id_message);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/usuarios/notificacao',
    {
      onRequest,
      schema: {
        tags: ['notificacoes'],
        summary:
          'Guardar um push recebido com o app aberto (201; com id_notificacao que a pessoa já tem: 200 e a mesma linha)',
        security: bearer,
        body: NotificacaoUsuarioBody,
        response: { 200: NotificacaoUsuario, 201: NotificacaoUsuario, ...erros(400, 401) },
      },
    },
    async (req, reply) => {
      const { criada, mensagem } = await service.storeForeground(app.db, currentUser(req), req.body);
      reply.code(criada ? 201 : 200);
      return mensagem;
    },
  );

  app.post(
    '/v1/usuarios/salvatoken',
    {
      onRequest,
      schema: {
        tags: ['notificacoes'],
        summary:
          'Registrar a inscrição Web Push do navegador (201 nova; 200 o mesmo endpoint atualizado e passado a quem chama; endpoint https em endereço público, senão 400; no máximo 10 por pessoa, a 11ª: 409)',
        security: bearer,
        body: SalvaTokenBody,
        response: { 200: Gravado, 201: Gravado, ...erros(400, 401, 409) },
      },
    },
    async (req, reply) => {
      const { criada } = await service.saveToken(
        app.db,
        app.dialect,
        push,
        currentUser(req),
        req.body,
        req.ip,
      );
      reply.code(criada ? 201 : 200);
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/pushnotification/chave',
    {
      schema: {
        tags: ['notificacoes'],
        summary: 'Chave pública VAPID do servidor (base64url), para pushManager.subscribe',
        response: { 200: ChavePushResposta },
      },
    },
    async () => ({ publicKey: (await push.keys()).publicKey }),
  );

  await app.register(notificationsAdminRoutes);
};
