import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgendarApuracaoBody,
  Apuracao,
  ApuracaoParams,
  ApuracoesQuery,
  ConsultaBilhete,
  ConsultaBilheteParams,
  ItemSorteioPublico,
  MeusNumeros,
  ReagendarApuracaoBody,
  ResultadoApuracao,
  ResultadoApuracaoBody,
} from '@praca/contract';
import { createMailer, type Mailer } from '../../lib/mailer.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { qrSecret } from '../sales/service.js';
import { mayApurar, mayReadOwnNumbers } from './policy.js';
import { FREEZE_JOB, freeze, reschedule, schedule, type FreezeJob } from './freezing.js';
import { enterResult, sendWinnerMail, WINNER_MAIL_JOB, type WinnerMailJob } from './result.js';
import * as service from './service.js';

/**
 * Apurações by the Loteria Federal (issue 36). Scheduling, moving and deciding one is an
 * admin's, of the campaign's city; the record, the ticket file and the check of a number are
 * public, so anyone can verify a result; a resident reads their own numbers.
 */
export const apuracoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const mailer: Mailer = app.hasDecorator('mailer')
    ? app.getDecorator<Mailer>('mailer')
    : createMailer({ smtpUrl: c.SMTP_URL, from: c.MAIL_FROM, outboxDir: c.outboxDir, log: app.log });
  app.addHook('onClose', () => {
    if (!app.hasDecorator('mailer')) mailer.close();
  });
  const deps: service.ApuracaoDeps = {
    db: app.db,
    dialect: app.dialect,
    dataDir: c.dataDir,
    store: app.storage,
    freezeWaitMs: c.APURACAO_CONGELAMENTO_ESPERA_MS,
    basePath: c.BASE_PATH,
    siteUrl: `${c.publicUrl}${c.BASE_PATH}`,
    supportEmail: c.SUPPORT_EMAIL,
    secret: () => qrSecret(app.db, c.QR_SECRET),
    mailer,
    enqueue: (db, name, payload) => app.jobs.enqueue(db, name, payload),
    log: app.log,
    events: app.webhooks,
  };
  app.jobs.define<WinnerMailJob>(WINNER_MAIL_JOB, (job) => sendWinnerMail(deps, job));
  // Retried soon: a request may be waiting for it (a store that is down gets ~10 minutes).
  app.jobs.define<FreezeJob>(FREEZE_JOB, (job) => freeze(deps, job), { maxAttempts: 10, backoffMs: 1_000 });

  app.post(
    '/v1/adm/apuracoes',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'Agendar uma apuração pela Loteria Federal: fixa agora os cupons elegíveis da campanha, congela-os no arquivo de bilhetes e publica o seu SHA-256 (201); se o arquivo ainda está sendo gravado, 202 com status congelando',
        security: bearer,
        body: AgendarApuracaoBody,
        response: { 201: Apuracao, 202: Apuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { apuracao, congelada } = await schedule(deps, currentUser(req), req.body, req.ip);
      return reply.code(congelada ? 201 : 202).send(apuracao);
    },
  );

  app.patch(
    '/v1/adm/apuracoes/:id_apuracao',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary: 'Passar uma apuração sem resultado para outro concurso (fica registrado e público)',
        security: bearer,
        params: ApuracaoParams,
        body: ReagendarApuracaoBody,
        response: { 200: Apuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => reschedule(deps, currentUser(req), req.params.id_apuracao, req.body, req.ip),
  );

  app.post(
    '/v1/adm/apuracoes/:id_apuracao/resultado',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'Lançar os 5 prêmios do concurso: os contemplados saem da regra sobre o arquivo de bilhetes publicado',
        security: bearer,
        params: ApuracaoParams,
        body: ResultadoApuracaoBody,
        response: { 200: ResultadoApuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { resultado, codCidade } = await enterResult(
        deps,
        currentUser(req),
        req.params.id_apuracao,
        req.body,
        req.ip,
      );
      app.cityCache.invalidate(codCidade); // the consumers' winner list
      return resultado;
    },
  );

  app.get(
    '/v1/adm/apuracoes/:id_apuracao/ata.pdf',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'Ata de apuração em PDF: campanha, concurso, hash e quando foi publicado, bilhetes, prêmios, regra, contemplados mascarados, data e operador',
        security: bearer,
        params: ApuracaoParams,
        response: { ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_apuracao;
      const pdf = await service.minutes(deps, currentUser(req), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="ata-apuracao-${id}.pdf"`)
        .send(pdf as never); // bytes, not the JSON of the schema's errors
    },
  );

  app.get(
    '/v1/apuracoes',
    {
      schema: {
        tags: ['sorteios'],
        summary: 'Apurações e sorteios da cidade, mais recentes primeiro (registro público)',
        querystring: ApuracoesQuery,
        response: { 200: z.array(ItemSorteioPublico), ...erros(400) },
      },
    },
    (req) => service.publicList(deps, req.query.cod_cidade),
  );

  app.get(
    '/v1/apuracoes/:id_apuracao',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Registro público de uma apuração: hash e arquivo de bilhetes, regra, prêmios da Loteria Federal e contemplados (nomes mascarados)',
        params: ApuracaoParams,
        response: { 200: Apuracao, ...erros(400, 404) },
      },
    },
    (req) => service.publicRecord(deps, req.params.id_apuracao),
  );

  app.get(
    '/v1/apuracoes/:id_apuracao/bilhetes.csv',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Arquivo de bilhetes congelado da apuração (CSV UTF-8, `,`); seu SHA-256 é o hash publicado; confira com npm run verify-draw',
        params: ApuracaoParams,
        response: { ...erros(400, 404, 409) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_apuracao;
      const file = await service.ticketFile(deps, id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="apuracao-${id}-bilhetes.csv"`)
        .header('content-length', String(file.size))
        .send(file.body as never); // a stream, not the JSON of the schema's errors
    },
  );

  app.get(
    '/v1/apuracoes/:id_apuracao/bilhetes/:serie_numero',
    {
      schema: {
        tags: ['sorteios'],
        summary: 'Consultar um série-número: está no arquivo de bilhetes da apuração? foi contemplado?',
        params: ConsultaBilheteParams,
        response: { 200: ConsultaBilhete, ...erros(400, 404) },
      },
    },
    (req) => service.checkTicket(deps, req.params.id_apuracao, req.params.serie_numero),
  );

  app.get(
    '/v1/usuarios/numeros',
    {
      onRequest: app.requireUser(mayReadOwnNumbers),
      schema: {
        tags: ['cupons'],
        summary:
          'Meus números da sorte: série-número dos meus cupons por campanha, em quais apurações estão e se foram contemplados',
        security: bearer,
        response: { 200: MeusNumeros, ...erros(401) },
      },
    },
    (req) => service.myNumbers(app.db, currentUser(req)),
  );
};
