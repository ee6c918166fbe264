import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CpfComprovacaoAdmin,
  CpfComprovacaoBody,
  CpfComprovacaoCriada,
  CpfComprovacaoFotoParams,
  CpfComprovacaoFotoQuery,
  CpfComprovacaoParams,
  CpfComprovacoesAdmQuery,
  DecisaoCpfComprovacaoBody,
  MinhaCpfComprovacao,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { sendPage } from '../shared/admin.js';
import { mayDecideCpfProofs, mayProveOwnCpf } from './policy.js';
import { LINK_MINUTES } from './photos.js';
import * as service from './service.js';

/** How often each instance deletes the photos due (the due ones are read from the table). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Proof of a CPF by an admin (issue 52): the person sends the photos, the admins of the
 * person's city list and decide the proofs. The photos' deletion 30 days after the decision
 * runs on every instance, hourly and once at start (service.removeDuePhotos).
 */
export const cpfComprovacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.cpfComprovacoes;

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = service
      .removeDuePhotos(deps)
      .catch((err: unknown) => app.log.warn({ err }, 'fotos de CPF não apagadas'));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await sweeping;
  });

  app.get(
    '/v1/usuarios/cpf/comprovacao',
    {
      onRequest: app.requireUser(mayProveOwnCpf),
      schema: {
        tags: ['usuários'],
        summary: 'A situação do meu CPF (declarado ou comprovado) e a minha última comprovação por fotos',
        security: bearer,
        response: { 200: MinhaCpfComprovacao, ...erros(401) },
      },
    },
    (req) => service.mine(deps, currentUser(req)),
  );

  app.post(
    '/v1/usuarios/cpf/comprovacao',
    {
      onRequest: app.requireUser(mayProveOwnCpf),
      schema: {
        tags: ['usuários'],
        summary:
          'Enviar a comprovação do CPF declarado: a foto de um documento e uma selfie segurando o documento (cada uma enviada antes em POST /v1/contestacoes/comprovante); 409 se já comprovado ou com uma comprovação em análise',
        security: bearer,
        body: CpfComprovacaoBody,
        response: { 201: CpfComprovacaoCriada, ...erros(400, 401, 409) },
      },
    },
    async (req, reply) => {
      const created = await service.submit(deps, currentUser(req), req.body, req.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/adm/cpf-comprovacoes',
    {
      onRequest: app.requireUser(mayDecideCpfProofs),
      schema: {
        tags: ['adm'],
        summary: `Comprovações de CPF dos moradores da cidade, mais recentes primeiro, com o CPF mascarado e links das fotos válidos por ${LINK_MINUTES} minutos; total em X-Total-Count`,
        security: bearer,
        querystring: CpfComprovacoesAdmQuery,
        response: { 200: z.array(CpfComprovacaoAdmin), ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(reply, await service.ofCity(deps, currentUser(req), req.query)),
  );

  app.get(
    '/v1/adm/cpf-comprovacoes/:id_comprovacao/fotos/:foto',
    {
      schema: {
        tags: ['adm'],
        summary:
          'Uma foto de uma comprovação de CPF (PNG, nunca em cache) pelo link assinado que a lista deu a um administrador da cidade; cada visualização fica na auditoria; 403 com link expirado',
        params: CpfComprovacaoFotoParams,
        querystring: CpfComprovacaoFotoQuery,
        response: { ...erros(400, 403, 404) },
      },
    },
    async (req, reply) => {
      const png = await service.photo(deps, { ...req.params, ...req.query }, req.ip);
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header(
          'content-disposition',
          `inline; filename="comprovacao-${req.params.id_comprovacao}-${req.params.foto}.png"`,
        )
        .send(png as never); // bytes, not the JSON of the schema's errors
    },
  );

  app.post(
    '/v1/adm/cpf-comprovacoes/:id_comprovacao/decisao',
    {
      onRequest: app.requireUser(mayDecideCpfProofs),
      schema: {
        tags: ['adm'],
        summary:
          'Aprovar (o CPF fica comprovado e as vendas que esperavam por ele são creditadas) ou recusar uma comprovação de CPF aberta, com o motivo; 409 se já decidida; 429 passado o limite diário de aprovações (CPF_APROVACOES_DIA)',
        security: bearer,
        params: CpfComprovacaoParams,
        body: DecisaoCpfComprovacaoBody,
        response: { 200: CpfComprovacaoAdmin, ...erros(400, 401, 403, 404, 409, 429) },
      },
    },
    (req) => service.decide(deps, currentUser(req), req.params.id_comprovacao, req.body, req.ip),
  );
};
