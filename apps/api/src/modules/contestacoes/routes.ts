import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Contestacao,
  ContestacaoAdmin,
  ContestacaoBody,
  ContestacaoCriada,
  ContestacaoParams,
  ContestacoesAdmQuery,
  DecisaoContestacaoBody,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayContest, mayDecideContests } from './policy.js';
import * as service from './service.js';

/**
 * The resident's complaints about the ledger (issue 37) and their decision by the city's
 * admins. No consumer list in the city cache depends on them (a decision changes only the
 * resident's own statement), so nothing here invalidates it.
 */
export const contestacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ContestDeps = { db: app.db, dialect: app.dialect };

  app.post(
    '/v1/contestacoes',
    {
      onRequest: app.requireUser(mayContest),
      schema: {
        tags: ['contestacoes'],
        summary:
          "Contestar uma venda do meu extrato ('nao_reconheco') ou uma compra não registrada ('nao_registrada'); 409 se a venda já tem contestação aberta",
        security: bearer,
        body: ContestacaoBody,
        response: { 201: ContestacaoCriada, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const created = await service.open(app.db, currentUser(req), req.body, req.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/contestacoes',
    {
      onRequest: app.requireUser(mayContest),
      schema: {
        tags: ['contestacoes'],
        summary: 'Minhas contestações, mais recentes primeiro, com situação e histórico',
        security: bearer,
        response: { 200: z.array(Contestacao), ...erros(401) },
      },
    },
    (req) => service.mine(app.db, currentUser(req)),
  );

  app.get(
    '/v1/adm/contestacoes',
    {
      onRequest: app.requireUser(mayDecideContests),
      schema: {
        tags: ['adm'],
        summary: 'Contestações dos moradores nos estabelecimentos da cidade, mais recentes primeiro',
        security: bearer,
        querystring: ContestacoesAdmQuery,
        response: { 200: z.array(ContestacaoAdmin), ...erros(400, 401, 403) },
      },
    },
    (req) => service.ofCity(app.db, currentUser(req), req.query),
  );

  app.post(
    '/v1/adm/contestacoes/:id_contestacao/decisao',
    {
      onRequest: app.requireUser(mayDecideContests),
      schema: {
        tags: ['adm'],
        summary:
          "Aceitar ou recusar uma contestação aberta (409 se já decidida): aceitar 'nao_reconheco' anula a venda e seus cupons; aceitar 'nao_registrada' registra a venda para o morador",
        security: bearer,
        params: ContestacaoParams,
        body: DecisaoContestacaoBody,
        response: { 200: ContestacaoAdmin, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.decide(deps, currentUser(req), req.params.id_contestacao, req.body, req.ip),
  );
};
