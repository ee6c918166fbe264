import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AprovarAvaliacaoBody,
  AvaliacaoBody,
  AvaliacaoPendente,
  AvaliacoesPendentesQuery,
  AvaliacoesResposta,
  IdSchema,
  PaginacaoQuery,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayModerate } from './policy.js';
import * as service from './service.js';

const IdAvaliacao = z.object({ id_avaliacao: IdSchema });

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/avaliacoes/:id_estabelecimento',
    {
      schema: {
        tags: ['avaliacoes'],
        summary: 'Resumo e avaliações aprovadas de um estabelecimento (nomes mascarados)',
        params: z.object({ id_estabelecimento: IdSchema }),
        response: { 200: AvaliacoesResposta, ...erros(400, 404) },
      },
    },
    (req) => service.ratingsOf(app.db, req.params.id_estabelecimento),
  );

  const { postings } = app.services.reviews;
  app.post(
    '/v1/estabelecimentos/avaliacoes',
    {
      onRequest: app.requireUser(undefined, postings),
      schema: {
        tags: ['avaliacoes'],
        summary: 'Avaliar um estabelecimento (aguarda aprovação)',
        security: bearer,
        body: AvaliacaoBody,
        response: { 202: z.object({ id_avaliacao: z.number().int() }), ...erros(400, 401, 404, 409, 429) },
      },
    },
    async (req, reply) => {
      const created = await service.submit(app.db, currentUser(req), req.body);
      return reply.code(202).send(created);
    },
  );

  app.get(
    '/v1/estabelecimentos/avaliacoes',
    {
      onRequest: app.requireUser(mayModerate),
      schema: {
        tags: ['avaliacoes'],
        summary: 'Avaliações para moderar: do estabelecimento `id`, ou de todos ao alcance de quem pede',
        security: bearer,
        querystring: AvaliacoesPendentesQuery.extend(PaginacaoQuery.omit({ q: true }).shape),
        response: { 200: z.array(AvaliacaoPendente), ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { pagina, limite, ...q } = req.query;
      const { itens, total } = await service.listForModeration(app.db, currentUser(req), q, {
        pagina,
        limite,
      });
      reply.header('x-total-count', String(total));
      return itens;
    },
  );

  app.post(
    '/v1/adm/estabelecimentos/avaliacao/aprovar/:id_avaliacao',
    {
      onRequest: app.requireUser(mayModerate),
      schema: {
        tags: ['avaliacoes'],
        summary: 'Aprovar (ies_aprovacao S, com resposta opcional) ou desaprovar (N) uma avaliação',
        security: bearer,
        params: IdAvaliacao,
        body: AprovarAvaliacaoBody.optional().default({ ies_aprovacao: 'S', den_resposta: '' }),
        response: { 200: AvaliacaoPendente, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { avaliacao, cod_cidade } = await service.approve(
        app.db,
        currentUser(req),
        req.params.id_avaliacao,
        req.body,
        req.ip,
      );
      app.cityCache.invalidate(cod_cidade);
      return avaliacao;
    },
  );

  app.delete(
    '/v1/adm/estabelecimentos/avaliacao/aprovar/:id_avaliacao',
    {
      onRequest: app.requireUser(mayModerate),
      schema: {
        tags: ['avaliacoes'],
        summary: 'Excluir uma avaliação',
        security: bearer,
        params: IdAvaliacao,
        response: { 200: z.object({ ok: z.literal(true) }), ...erros(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { cod_cidade } = await service.remove(app.db, currentUser(req), req.params.id_avaliacao, req.ip);
      app.cityCache.invalidate(cod_cidade);
      return { ok: true as const };
    },
  );
};
