import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DoacaoReciboBody,
  ExportacaoCriada,
  ExportavelQuery,
  Recibo,
  ReciboAdmin,
  ReciboBody,
  ReciboParams,
  RecibosAdmQuery,
  RecibosQuery,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { enqueueEvery } from '../../plugins/jobs.js';
import { sendPage } from '../shared/admin.js';
import { RECIBOS_EXPORT } from './export.js';
import { mayListCityRecibos, maySendRecibos } from './policy.js';
import * as service from './service.js';
import { recheckReceipt, SEFAZ_JOB, SEFAZ_JOB_POLICY, type SefazJob } from './sefaz-flow.js';

const AdmQuery = RecibosAdmQuery.extend(ExportavelQuery.shape);

/**
 * The residents' fiscal receipts (issue 53, decision 059): sending one, the own list, donating
 * one the shop reported without a buyer, and the city's list for its admins. No consumer list
 * in the city cache depends on them.
 */
export const recibosRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.recibos;
  const recibosExport = app.exports.list(RECIBOS_EXPORT);
  // The receipts no shop reported in time expire hourly, and their senders are told.
  app.jobs.define(service.EXPIRE_JOB, async () => {
    await service.expire(deps);
  });
  enqueueEvery(app, service.EXPIRE_JOB, { everyMs: 60 * 60_000, firstMs: 90_000 });
  // Decision 058: the SEFAZ re-check of a receipt, where the city has its gateway.
  const { sefaz } = deps;
  if (sefaz)
    app.jobs.define<SefazJob>(
      SEFAZ_JOB,
      async (job, ctx) => {
        await recheckReceipt(
          { db: deps.db, dialect: deps.dialect, sefaz, events: deps.events, log: app.log },
          job,
          ctx,
        );
      },
      SEFAZ_JOB_POLICY,
    );

  app.post(
    '/v1/recibos',
    {
      onRequest: app.requireUser(maySendRecibos),
      schema: {
        tags: ['recibos'],
        summary:
          'Registrar a nota fiscal (NFC-e) de uma compra: o texto do QR code ou a chave de 44 posições. ' +
          '400 quando a chave não confere (formato, dígito, modelo, emissão, ambiente, estado, mês) ou o CNPJ não é de uma loja participante da cidade (nada é gravado); ' +
          '201 creditado (a loja informou a nota para mim), pendente (a loja ainda não informou) ou doado (a loja a informou sem comprador e id_entidade foi dado); ' +
          '409 nota já registrada, limite de notas da loja no dia, nota informada para outra pessoa (uma contestação é aberta) ou sem comprador (a nota continua livre para ser doada)',
        security: bearer,
        body: ReciboBody,
        response: { 201: Recibo, ...erros(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const recibo = await service.send(deps, currentUser(req), req.body, req.ip);
      return reply.code(201).send(recibo);
    },
  );

  app.get(
    '/v1/recibos',
    {
      onRequest: app.requireUser(maySendRecibos),
      schema: {
        tags: ['recibos'],
        summary:
          'Minhas notas fiscais, mais recentes primeiro, cada uma com a chave e a situação; total em X-Total-Count',
        security: bearer,
        querystring: RecibosQuery,
        response: { 200: z.array(Recibo), ...erros(400, 401) },
      },
    },
    async (req, reply) => sendPage(reply, await service.mine(app.db, currentUser(req), req.query)),
  );

  app.post(
    '/v1/recibos/:id_recibo/doacao',
    {
      onRequest: app.requireUser(maySendRecibos),
      schema: {
        tags: ['recibos'],
        summary:
          'Doar a uma entidade social da cidade uma nota minha que a loja informou sem comprador (situação sem_comprador): ' +
          'a venda passa à conta da entidade, pelas regras da campanha; 404 nota de outra pessoa, 409 nota que não pode ser doada',
        security: bearer,
        params: ReciboParams,
        body: DoacaoReciboBody,
        response: { 200: Recibo, ...erros(400, 401, 404, 409) },
      },
    },
    (req) => service.donate(deps, currentUser(req), req.params.id_recibo, req.body, req.ip),
  );

  app.get(
    '/v1/adm/recibos',
    {
      onRequest: app.requireUser(mayListCityRecibos),
      schema: {
        tags: ['adm'],
        summary:
          'Notas fiscais enviadas pelos moradores nas lojas da cidade, mais recentes primeiro (filtros status, id_estabelecimento); ' +
          'total em X-Total-Count. formato=csv|xlsx: todas as linhas filtradas num arquivo (202 com id_exportacao quando grande)',
        security: bearer,
        querystring: AdmQuery,
        response: { 200: z.array(ReciboAdmin), 202: ExportacaoCriada, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      if (req.query.formato) return app.exports.answer(req, reply, recibosExport, req.query);
      return sendPage(reply, await service.ofCity(app.db, currentUser(req), req.query));
    },
  );
};
