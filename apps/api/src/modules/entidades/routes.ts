import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Doacao,
  AdminCidadeQuery,
  DoacaoBody,
  EntidadeAdmin,
  EntidadeAlteracao,
  EntidadeBody,
  EntidadeCriada,
  EntidadePublica,
  EntidadesQuery,
  EscolhaEntidade,
  EscolhaEntidadeBody,
  IdSchema,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayAdministerEntities, mayDonate, mayRegisterEntities } from './policy.js';
import * as service from './service.js';

const IdParams = z.object({ id: IdSchema });

/**
 * The city's social entities and residents' gifts of coupons (issue 40, decision 051).
 */
export const entidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.entidades;

  app.post(
    '/v1/adm/entidades',
    {
      onRequest: app.requireUser(mayRegisterEntities),
      schema: {
        tags: ['entidades'],
        summary:
          'Cadastra uma entidade social da cidade e a conta dela (o e-mail recebe o link para definir a senha); CNPJ repetido na cidade ou e-mail em uso: 409',
        security: bearer,
        body: EntidadeBody,
        response: { 201: EntidadeCriada, ...erros(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const created = await service.create(deps, { user: currentUser(req), ip: req.ip }, req.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/adm/entidades',
    {
      onRequest: app.requireUser(mayAdministerEntities),
      schema: {
        tags: ['entidades'],
        summary:
          'Entidades sociais da cidade para editar (a do administrador, se não informada), com o e-mail da conta de cada uma',
        security: bearer,
        querystring: AdminCidadeQuery,
        response: { 200: z.array(EntidadeAdmin), ...erros(400, 401, 403) },
      },
    },
    (req) => service.listForAdmin(app.db, currentUser(req), req.query),
  );

  app.patch(
    '/v1/adm/entidades/:id',
    {
      onRequest: app.requireUser(mayAdministerEntities),
      schema: {
        tags: ['entidades'],
        summary:
          'Altera os campos enviados de uma entidade (nome, CNPJ, causa, logotipo, contato), validados como no cadastro; CNPJ de outra entidade da cidade: 409',
        security: bearer,
        params: IdParams,
        body: EntidadeAlteracao,
        response: { 200: EntidadeAdmin, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.update(deps, { user: currentUser(req), ip: req.ip }, req.params.id, req.body),
  );

  app.get(
    '/v1/entidades',
    {
      schema: {
        tags: ['entidades'],
        summary: 'Entidades sociais da cidade (sem login): cupons recebidos por campanha e prêmios ganhos',
        querystring: EntidadesQuery,
        response: { 200: z.array(EntidadePublica), ...erros(400) },
      },
    },
    (req) => service.listPublic(app.db, req.query.cod_cidade),
  );

  app.get(
    '/v1/entidades/minha',
    {
      onRequest: app.requireUser(mayDonate),
      schema: {
        tags: ['entidades'],
        summary: 'A entidade da conta que chama: o que recebeu e ganhou (404 para quem não é entidade)',
        security: bearer,
        response: { 200: EntidadePublica, ...erros(401, 404) },
      },
    },
    (req) => service.mine(app.db, currentUser(req)),
  );

  app.post(
    '/v1/usuarios/doacoes',
    {
      onRequest: app.requireUser(mayDonate),
      schema: {
        tags: ['entidades'],
        summary:
          "Doa os cupons de uma campanha em andamento a uma entidade da cidade dela: 'todos' (os de agora e os que vierem) ou 'futuros'; uma doação por campanha, definitiva",
        security: bearer,
        body: DoacaoBody,
        response: { 201: Doacao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const gift = await service.donate(app.db, { user: currentUser(req), ip: req.ip }, req.body);
      return reply.code(201).send(gift);
    },
  );

  app.get(
    '/v1/usuarios/doacoes',
    {
      onRequest: app.requireUser(mayDonate),
      schema: {
        tags: ['entidades'],
        summary:
          'As doações de quem chama, mais recentes primeiro, com os cupons que a entidade tem de cada uma',
        security: bearer,
        response: { 200: z.array(Doacao), ...erros(401) },
      },
    },
    (req) => service.donationsOf(app.db, currentUser(req)),
  );

  app.get(
    '/v1/usuarios/entidade',
    {
      onRequest: app.requireUser(mayDonate),
      schema: {
        tags: ['entidades'],
        summary:
          'A entidade escolhida por quem chama, que recebe a parte das campanhas (pct_entidade) dos seus cupons',
        security: bearer,
        response: { 200: EscolhaEntidade, ...erros(401) },
      },
    },
    (req) => service.choiceOf(app.db, currentUser(req)),
  );

  app.put(
    '/v1/usuarios/entidade',
    {
      onRequest: app.requireUser(mayDonate),
      schema: {
        tags: ['entidades'],
        summary:
          'Escolhe a entidade da cidade que recebe a parte das campanhas dos cupons emitidos daqui em diante (null: nenhuma)',
        security: bearer,
        body: EscolhaEntidadeBody,
        response: { 200: EscolhaEntidade, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.choose(app.db, { user: currentUser(req), ip: req.ip }, req.body),
  );
};
