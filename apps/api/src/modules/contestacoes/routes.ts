import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ComprovanteBody,
  ComprovanteResposta,
  Contestacao,
  ContestacaoAdmin,
  ContestacaoBody,
  ContestacaoCriada,
  ContestacaoParams,
  ContestacoesAdmQuery,
  DecisaoContestacaoBody,
  ExportacaoCriada,
  ExportavelQuery,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { uploadBodyLimit } from '../images/service.js';
import { mayOpenContestacao, mayDecideContestacoes } from './policy.js';
import { saveReceipt } from './receipts.js';
import * as service from './service.js';
import { CONTESTACAO_COLUMNS } from './export.js';
import { wholeList } from '../exports/sources.js';

const AdmQuery = ContestacoesAdmQuery.extend(ExportavelQuery.shape);

/**
 * The resident's complaints about the ledger (issue 37) and their decision by the city's
 * admins. No consumer list in the city cache depends on them (a decision changes only the
 * resident's own statement), so nothing here invalidates it.
 */
export const contestacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.contestacoes;
  const contestacoesExport = app.exports.list({
    lista: 'contestacoes',
    titulo: 'Contestações',
    arquivo: (q: z.output<typeof AdmQuery>) => `contestacoes-${q.cod_cidade}`,
    colunas: CONTESTACAO_COLUMNS,
    fonte: async (db, user, q: z.output<typeof AdmQuery>) => wholeList(await service.ofCity(db, user, q)),
  });
  const { uploads } = deps;

  app.post(
    '/v1/contestacoes/comprovante',
    {
      onRequest: app.requireUser(mayOpenContestacao, uploads),
      bodyLimit: uploadBodyLimit(app.config.IMAGE_MAX_BYTES),
      schema: {
        tags: ['contestacoes'],
        summary:
          'Enviar a foto do comprovante (base64) de uma compra não registrada: guardada em PNG, privada; responde o `imagem` a pôr na contestação',
        security: bearer,
        body: ComprovanteBody,
        response: { 201: ComprovanteResposta, ...erros(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const saved = await saveReceipt(app.config, app.storage, user.id, req.body);
      req.log.info({ imagem: saved.imagem, id_usuario: user.id }, 'comprovante salvo');
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/v1/contestacoes/:id_contestacao/comprovante',
    {
      onRequest: app.requireUser(mayOpenContestacao),
      schema: {
        tags: ['contestacoes'],
        summary:
          'A foto do comprovante de uma contestação (PNG, nunca em cache): só para quem contestou e para a administração da cidade',
        security: bearer,
        params: ContestacaoParams,
        response: { ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const png = await service.receipt(deps, currentUser(req), req.params.id_contestacao);
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="comprovante-${req.params.id_contestacao}.png"`)
        .send(png as never); // bytes, not the JSON of the schema's errors
    },
  );

  app.post(
    '/v1/contestacoes',
    {
      onRequest: app.requireUser(mayOpenContestacao),
      schema: {
        tags: ['contestacoes'],
        summary:
          "Contestar uma venda do meu extrato ('nao_reconheco') ou uma compra não registrada ('nao_registrada'); " +
          '409 se a venda já tem contestação aberta ou se já há 10 contestações minhas aguardando decisão',
        security: bearer,
        body: ContestacaoBody,
        response: { 201: ContestacaoCriada, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const created = await service.open(deps, currentUser(req), req.body, req.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/contestacoes',
    {
      onRequest: app.requireUser(mayOpenContestacao),
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
      onRequest: app.requireUser(mayDecideContestacoes),
      schema: {
        tags: ['adm'],
        summary: 'Contestações dos moradores nos estabelecimentos da cidade, mais recentes primeiro',
        security: bearer,
        querystring: AdmQuery,
        response: { 200: z.array(ContestacaoAdmin), 202: ExportacaoCriada, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => {
      if (req.query.formato) return app.exports.answer(req, reply, contestacoesExport, req.query);
      return service.ofCity(app.db, currentUser(req), req.query);
    },
  );

  app.post(
    '/v1/adm/contestacoes/:id_contestacao/decisao',
    {
      onRequest: app.requireUser(mayDecideContestacoes),
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
