import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChaveBody,
  ChaveCriada,
  ChaveItem,
  EntregaItem,
  IdChaveParams,
  IdWebhookParams,
  WebhookBody,
  WebhookCriado,
  WebhookItem,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as keys from './keys-service.js';
import { mayMakeKeys, mayRegisterWebhooks } from './policy.js';
import * as hooks from './service.js';

const ok = z.object({ ok: z.literal(true) });

/** API keys and webhooks (issue 39): `/parceiro/integracao` and the admin's webhooks. */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.integration;

  app.post(
    '/v1/parceiro/chaves',
    {
      onRequest: app.requireUser(mayMakeKeys),
      schema: {
        tags: ['integração'],
        summary:
          'Criar uma chave de API para um dos seus estabelecimentos: a chave aparece só nesta resposta (guardada cifrada); ' +
          '409 com 20 chaves ativas',
        security: bearer,
        body: ChaveBody,
        response: { 201: ChaveCriada, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await keys.create(app.db, app.dialect, currentUser(req), req.body, req.ip)),
  );

  app.get(
    '/v1/parceiro/chaves',
    {
      onRequest: app.requireUser(mayMakeKeys),
      schema: {
        tags: ['integração'],
        summary:
          'As chaves de API ativas do parceiro (nome, estabelecimento, criação, último uso; nunca o segredo)',
        security: bearer,
        response: { 200: z.array(ChaveItem), ...erros(401, 403) },
      },
    },
    (req) => keys.list(app.db, currentUser(req)),
  );

  app.delete(
    '/v1/parceiro/chaves/:id',
    {
      onRequest: app.requireUser(mayMakeKeys),
      schema: {
        tags: ['integração'],
        summary: 'Revogar uma chave: o próximo uso dela responde 401',
        security: bearer,
        params: IdChaveParams,
        response: { 200: ok, ...erros(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await keys.revoke(app.db, currentUser(req), req.params.id, req.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/webhooks',
    {
      onRequest: app.requireUser(mayRegisterWebhooks),
      schema: {
        tags: ['integração'],
        summary:
          'Registrar um webhook (https, servidor público) para eventos da cidade (admin) ou de um estabelecimento seu (parceiro); o segredo de assinatura aparece só nesta resposta',
        description: WEBHOOK_DOC,
        security: bearer,
        body: WebhookBody,
        response: { 201: WebhookCriado, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await hooks.createHook(deps, currentUser(req), req.body, req.ip)),
  );

  app.get(
    '/v1/webhooks',
    {
      onRequest: app.requireUser(mayRegisterWebhooks),
      schema: {
        tags: ['integração'],
        summary:
          'Webhooks que o usuário vê: do parceiro, os dos seus estabelecimentos; do admin, os da cidade',
        security: bearer,
        response: { 200: z.array(WebhookItem), ...erros(401, 403) },
      },
    },
    (req) => hooks.listHooks(app.db, currentUser(req)),
  );

  app.delete(
    '/v1/webhooks/:id',
    {
      onRequest: app.requireUser(mayRegisterWebhooks),
      schema: {
        tags: ['integração'],
        summary: 'Remover um webhook (as entregas pendentes não são mais tentadas)',
        security: bearer,
        params: IdWebhookParams,
        response: { 200: ok, ...erros(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await hooks.removeHook(deps, currentUser(req), req.params.id, req.ip);
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/webhooks/:id/entregas',
    {
      onRequest: app.requireUser(mayRegisterWebhooks),
      schema: {
        tags: ['integração'],
        summary:
          'Histórico das últimas 100 entregas de um webhook: evento, situação, tentativas, código HTTP, hora',
        security: bearer,
        params: IdWebhookParams,
        response: { 200: z.array(EntregaItem), ...erros(400, 401, 403, 404) },
      },
    },
    (req) => hooks.deliveries(app.db, currentUser(req), req.params.id),
  );
};

const WEBHOOK_DOC = `Cada entrega é um POST JSON \`{id, evento, criado_em, dados}\` com o cabeçalho
\`X-Praca-Assinatura: t=<unix>,v1=<hex>\`, onde \`v1\` é o HMAC-SHA256, com o segredo do webhook,
do texto \`<t>.<corpo>\` (o corpo exatamente como chegou). Para verificar: recalcule o HMAC,
compare em tempo constante, e recuse se \`t\` estiver a mais de 5 minutos do seu relógio
(proteção contra repetição); guarde os \`id\` já processados, pois uma entrega pode chegar
mais de uma vez. Responda 2xx em até 10 s; outra resposta é tentada de novo, com espera
crescente, até 8 vezes.`;
