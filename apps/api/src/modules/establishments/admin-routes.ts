import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListaQuery,
  EstabelecimentoAdmin,
  EstabelecimentoAdminItem,
  EstabelecimentoBody,
  ExportacaoCriada,
  ExportavelQuery,
  IdSchema,
  MSG_ADMIN,
  VendedorSchema,
} from '@praca/contract';
import { HttpError } from '../../lib/errors.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { isAdmin } from '../auth/policy.js';
import * as service from './admin-service.js';
import { sellerWriteRoutes } from './seller-routes.js';
import { mayCreateOrDeleteShops } from './policy.js';
import { SELLER_COLUMNS, SHOP_COLUMNS } from './export.js';
import { servicePages, wholeList } from '../exports/sources.js';

const IdParams = z.object({ id: IdSchema });
const ListaQuery = AdminListaQuery.extend(ExportavelQuery.shape);
const Mensagem = z.object({ mensagem: z.string() });

/**
 * Admin establishments and their sellers (issue 5; spec §2, §3, §5, §6; domain §3). Every
 * route is for admins and super-admins; which shops each reaches is establishments/policy.ts.
 * Each write invalidates the cached consumer lists of the cities it touched.
 */
export const establishmentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireUser(isAdmin);
  /** Create and delete: 403 with the spec's message before the body is even read. */
  const superadminOnly: onRequestAsyncHookHandler = async (req) => {
    if (!mayCreateOrDeleteShops(currentUser(req))) throw new HttpError(403, MSG_ADMIN.somenteSuperadminCria);
  };
  const shopsExport = app.exports.list({
    lista: 'estabelecimentos',
    titulo: 'Estabelecimentos',
    arquivo: () => 'estabelecimentos',
    colunas: SHOP_COLUMNS,
    fonte: async (db, user, q: z.output<typeof ListaQuery>) =>
      servicePages((pagina, limite) => service.listForAdmin(db, user, { ...q, pagina, limite })),
  });
  const sellersExport = app.exports.list({
    lista: 'vendedores',
    titulo: 'Vendedores',
    arquivo: (q: { id: number }) => `estabelecimento-${q.id}-vendedores`,
    colunas: SELLER_COLUMNS,
    fonte: async (db, user, q: { id: number }) => wholeList(await service.sellersForAdmin(db, user, q.id)),
  });
  const invalidate = (cidades: number[]) => {
    for (const cod of cidades) app.cityCache.invalidate(cod);
  };

  app.get(
    '/v1/adm/estabelecimentos',
    {
      onRequest: admin,
      schema: {
        tags: ['adm'],
        summary:
          'Estabelecimentos da cidade por nome (q: id ou parte do nome); total em X-Total-Count. ' +
          'O super-administrador escolhe a cidade (cod_cidade ou codcidade); os demais, a sua.',
        security: bearer,
        querystring: ListaQuery,
        response: { 200: z.array(EstabelecimentoAdminItem), 202: ExportacaoCriada, ...erros(400, 401, 403) },
      },
    },
    async (req, reply) => {
      if (req.query.formato) return app.exports.answer(req, reply, shopsExport, req.query);
      const { itens, total } = await service.listForAdmin(app.db, currentUser(req), req.query);
      reply.header('x-total-count', String(total));
      return itens;
    },
  );

  app.get(
    '/v1/adm/estabelecimentos/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['adm'],
        summary: 'Um estabelecimento com seus vendedores e campanhas',
        security: bearer,
        params: IdParams,
        response: { 200: EstabelecimentoAdmin, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getForAdmin(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/v1/adm/estabelecimentos',
    {
      onRequest: [admin, superadminOnly],
      schema: {
        tags: ['adm'],
        summary:
          'Criar um estabelecimento (somente o super-administrador); `cnpjs`: os CNPJs das notas fiscais da loja, ' +
          'com o `cnpj`; um CNPJ de outra loja é 409',
        security: bearer,
        body: EstabelecimentoBody,
        response: { 201: EstabelecimentoAdmin, ...erros(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const { resposta, cidades } = await service.create(app.db, currentUser(req), req.body, req.ip);
      invalidate(cidades);
      return reply.code(201).send(resposta);
    },
  );

  app.patch(
    '/v1/adm/estabelecimentos/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['adm'],
        summary:
          'Alterar os campos enviados; categoria, cidade, situação e fotos só pelo super-administrador. ' +
          '`vendedores`, quando enviado, é a lista completa; `cnpjs` também (um `cnpj` novo entra no lugar do antigo). ' +
          '409: CNPJ de outra loja, ou o último CNPJ de uma loja em campanha que exige NFC-e',
        security: bearer,
        params: IdParams,
        body: EstabelecimentoBody,
        response: { 200: EstabelecimentoAdmin, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { resposta, cidades } = await service.update(
        app.db,
        currentUser(req),
        req.params.id,
        req.body,
        req.ip,
      );
      invalidate(cidades);
      return resposta;
    },
  );

  app.delete(
    '/v1/adm/estabelecimentos/:id',
    {
      onRequest: [admin, superadminOnly],
      schema: {
        tags: ['adm'],
        summary: 'Excluir um estabelecimento sem vendas nem cupons (somente o super-administrador)',
        security: bearer,
        params: IdParams,
        response: { 200: Mensagem, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { resposta, cidades } = await service.remove(app.db, currentUser(req), req.params.id, req.ip);
      invalidate(cidades);
      return resposta;
    },
  );

  app.get(
    '/v1/adm/estabelecimentos/:id/vendedores',
    {
      onRequest: admin,
      schema: {
        tags: ['adm'],
        summary: "Vendedores do estabelecimento por nome (sem 'Sem Vendedor')",
        security: bearer,
        params: IdParams,
        querystring: ExportavelQuery,
        response: { 200: z.array(VendedorSchema), 202: ExportacaoCriada, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      if (req.query.formato)
        return app.exports.answer(req, reply, sellersExport, {
          id: req.params.id,
          formato: req.query.formato,
        });
      return service.sellersForAdmin(app.db, currentUser(req), req.params.id);
    },
  );

  await app.register(
    sellerWriteRoutes({ base: '/v1/adm/estabelecimentos', rule: isAdmin, tag: 'adm', where: '' }),
  );
};
