import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CampanhaDaLoja,
  CampanhasDaLojaQuery,
  ExportacaoCriada,
  ExportavelQuery,
  IdVendaParams,
  ResgateBody,
  ResgateResposta,
  VendaBody,
  VendaCpfCriada,
  VendaCriada,
  VendaDaLista,
  VendaParams,
  VendaQrResposta,
  VendaSchema,
  VendasQuery,
} from '@praca/contract';
import { bearer, bearerOrKey, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { enqueueEvery } from '../../plugins/jobs.js';
import { mayClaimSale, mayRegisterSales } from './policy.js';
import * as service from './service.js';
import { SHOP_SALES_EXPORT } from './export.js';

const ListaQuery = VendasQuery.extend(ExportavelQuery.shape);

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * The partner's sales screen (spec §2, §7) and the consumer's claim of a hand-over code.
 * No consumer list in the city cache depends on sales, so no write here invalidates it.
 */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The partner sales routes also let a shop's API key in (issue 39); the claim does not.
  const onRequest = app.requireUser(mayRegisterSales, undefined, app.apiKeys);
  const deps: service.SalesDeps = app.services.sales;
  // The shop's sales list as a file (issue 39): `?formato=csv|xlsx`, every row of the filter.
  const salesExport = app.exports.list(SHOP_SALES_EXPORT);
  // Issue 52: the counter sales of declared CPFs whose waiting period ended are credited hourly.
  app.jobs.define(service.CPF_CARENCIA_JOB, async () => {
    await service.creditMatured(deps);
  });
  enqueueEvery(app, service.CPF_CARENCIA_JOB, { everyMs: 60 * 60_000, firstMs: 60_000 });
  // Issue 52: a sale given by CPF is credited behind its answer, to the account the CPF may credit.
  app.jobs.define<service.CpfCreditJob>(service.CPF_CREDIT_JOB, (job) => service.creditSaleOfCpf(deps, job));

  app.get(
    '/v1/parceiro/campanhas',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary:
          'Campanhas do ano de que o estabelecimento participa, mais recentes primeiro ([] se nenhuma)',
        security: bearerOrKey,
        querystring: CampanhasDaLojaQuery,
        response: { 200: z.array(CampanhaDaLoja), ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.campaignsOfShop(app.db, currentUser(req), req.query.id_estabelecimento),
  );

  app.get(
    '/v1/parceiro/vendas',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary:
          'Vendas do estabelecimento, mais recentes primeiro (id_campanha 0: campanhas do ano); total em X-Total-Count; ' +
          'congelada: um cupom da venda está no arquivo de bilhetes de uma apuração (não pode ser alterada nem excluída). ' +
          'formato=csv|xlsx: todas as linhas filtradas num arquivo (202 com id_exportacao quando grande)',
        security: bearerOrKey,
        querystring: ListaQuery,
        response: { 200: z.array(VendaDaLista), 202: ExportacaoCriada, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      if (req.query.formato) return app.exports.answer(req, reply, salesExport, req.query);
      const { itens, total } = await service.list(app.db, currentUser(req), req.query);
      reply.header('x-total-count', String(total));
      return itens;
    },
  );

  app.get(
    '/v1/parceiro/vendas/:id_estabelecimento/:id_venda',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary: 'Uma venda do estabelecimento',
        security: bearerOrKey,
        params: VendaParams,
        response: { 200: VendaSchema, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getOne(app.db, currentUser(req), req.params.id_estabelecimento, req.params.id_venda),
  );

  app.get(
    '/v1/parceiro/vendas/:id_estabelecimento/:id_venda/qrcode',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary:
          'O código do QR de uma venda aguardando resgate, o mesmo de quando foi registrada (409 resgatada ou sem QR, 410 expirado)',
        security: bearerOrKey,
        params: VendaParams,
        response: { 200: VendaQrResposta, ...erros(400, 401, 403, 404, 409, 410) },
      },
    },
    (req) =>
      service.handOverAgain(deps, currentUser(req), req.params.id_estabelecimento, req.params.id_venda),
  );

  app.post(
    '/v1/parceiro/vendas',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary:
          'Registrar uma venda: 201 { venda, cupons emitidos, saldo (só a administradores) }; com qrcode true e sem destinatário, ' +
          '201 { id_venda, codigo, expira_em }; com cpf, 201 { id_venda, cpf mascarado }, igual para qualquer CPF: a venda aguarda o CPF ' +
          'e a conta que ele pode creditar recebe depois. Venda a uma pessoa ou a um CPF conta nos limites de busca de clientes (429). ' +
          'chave_nfce: a chave (ou o QR code) da NFC-e da venda, conferida com o estado da cidade da loja, o dia da venda e os CNPJs da loja (400); ' +
          'uma chave é informada uma vez só (409); obrigatória em campanha que exige NFC-e (400); com ela, id_usuario -1 sem cpf nem qrcode é uma venda sem comprador',
        security: bearerOrKey,
        body: VendaBody,
        response: {
          201: z.union([VendaCriada, VendaQrResposta, VendaCpfCriada]),
          ...erros(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (req, reply) => {
      const created = await service.recordSale(deps, currentUser(req), req.body, req.ip);
      // Sent as it is built: the service writes the answer field by field from the contract's
      // types, and checking it again against the union of both answers took some 50 µs of the
      // 600–1,200 µs a sale costs the server (docs/journal/026). test/sales.test.ts checks that
      // both answers match their schema exactly, with no field more.
      return reply.code(201).type(JSON_UTF8).serializer(JSON.stringify).send(created.resposta);
    },
  );

  app.patch(
    '/v1/parceiro/vendas/:id_venda',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary:
          'Alterar uma venda; pontos e cupons são recalculados (409 se um cupom dela já foi sorteado ' +
          'ou está no arquivo de bilhetes de uma apuração, ou se a nota fiscal do cliente já a confirmou). ' +
          'A chave da NFC-e não muda (400 se outra for enviada)',
        security: bearerOrKey,
        params: IdVendaParams,
        body: VendaBody,
        response: { 200: VendaSchema, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.editSale(deps, currentUser(req), req.params.id_venda, req.body, req.ip),
  );

  app.delete(
    '/v1/parceiro/vendas/:id_venda',
    {
      onRequest,
      schema: {
        tags: ['vendas'],
        summary:
          'Excluir uma venda; seus pontos saem do saldo e cupons não mais cobertos são anulados ' +
          '(409 se um cupom dela já foi sorteado ou está no arquivo de bilhetes de uma apuração, ou se a nota fiscal do cliente já a confirmou)',
        security: bearerOrKey,
        params: IdVendaParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await service.voidSale(deps, currentUser(req), req.params.id_venda, req.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/usuarios/vendas/resgatar',
    {
      onRequest: app.requireUser(mayClaimSale),
      schema: {
        tags: ['vendas'],
        summary:
          'Resgatar uma venda pelo código do QR (uma vez; 403 venda da própria loja, 409 já resgatado ou fora das regras da campanha, 410 expirado)',
        security: bearer,
        body: ResgateBody,
        response: { 201: ResgateResposta, ...erros(400, 401, 403, 409, 410) },
      },
    },
    async (req, reply) => {
      const answer = await service.claimSale(deps, currentUser(req), req.body.codigo, req.ip);
      return reply.code(201).send(answer);
    },
  );
};
