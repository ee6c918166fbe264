import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgendamentoApuracao,
  AgendarApuracaoBody,
  Apuracao,
  ApuracaoParams,
  ConcursoNaoRealizadoBody,
  ProximoConcurso,
  PublicacaoBody,
  ResultadoPendente,
  ApuracoesQuery,
  ConsultaBilhete,
  ConsultaBilheteParams,
  ItemSorteioPublico,
  MeusNumeros,
  ReagendarApuracaoBody,
  ResultadoApuracao,
  ResultadoApuracaoBody,
} from '@praca/contract';
import { annulledMail } from './mail.js';
import { restoreFile } from './integrity.js';
import { ANNULLED_MAIL_JOB, type AnnulledMailJob } from './substitutes.js';
import * as repo from './repository.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayApurar, mayReadOwnNumbers } from './policy.js';
import {
  FREEZE_JOB,
  FREEZE_MAIL_JOB,
  MOVE_MAIL_JOB,
  concursoNotHeld,
  freeze,
  nextSchedulable,
  reschedule,
  schedule,
  sendFreezeMail,
  sendMoveMail,
  type FreezeJob,
  type FreezeMailJob,
  type MoveMailJob,
} from './freezing.js';
import { enterResult, sendWinnerMail, WINNER_MAIL_JOB, type WinnerMailJob } from './result.js';
import * as service from './service.js';

/**
 * Apurações by the Loteria Federal (issue 36). Scheduling, moving and deciding one is an
 * admin's, of the campaign's city; the record, the ticket file and the check of a number are
 * public, so anyone can verify a result; a resident reads their own numbers.
 */
export const apuracoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.apuracoes;
  const { mailer, downloads } = deps;
  app.jobs.define<WinnerMailJob>(WINNER_MAIL_JOB, (job) => sendWinnerMail(deps, job));
  app.jobs.define<FreezeMailJob>(FREEZE_MAIL_JOB, (job) => sendFreezeMail(deps, job));
  app.jobs.define<MoveMailJob>(MOVE_MAIL_JOB, (job) => sendMoveMail(deps, job));
  app.jobs.define<AnnulledMailJob>(ANNULLED_MAIL_JOB, async (job) => {
    const [person] = await repo.contactsOf(app.db, [job.id_usuario]);
    if (!person) return;
    const sent = await mailer.sendMail(
      annulledMail({
        to: person.email,
        nome: person.nome,
        campanha: job.campanha,
        codigo: job.codigo,
        motivo: job.motivo,
        link: `${deps.siteUrl}sorteios/${job.id_apuracao}`,
      }),
    );
    if (!sent) throw new Error('e-mail do contemplado anulado não enviado');
  });
  // The restore's body is the CSV's bytes; any other content type is a 400 of the handler.
  app.addContentTypeParser(
    ['text/csv', '*'],
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  // Retried soon: a request may be waiting for it (a store that is down gets ~10 minutes).
  // A city's millions of tickets are written in minutes: an hour before a run counts as hung.
  app.jobs.define<FreezeJob>(FREEZE_JOB, (job) => freeze(deps, job), {
    maxAttempts: 10,
    backoffMs: 1_000,
    expireSeconds: 60 * 60,
  });

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
        response: { 201: AgendamentoApuracao, 202: AgendamentoApuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { apuracao, congelada } = await schedule(deps, currentUser(req), req.body, req.ip);
      return reply.code(congelada ? 201 : 202).send(apuracao);
    },
  );

  app.get(
    '/v1/adm/apuracoes/proximo-concurso',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'O próximo concurso da Loteria Federal que pode ser agendado agora (pelo calendário, com a antecedência exigida)',
        security: bearer,
        response: { 200: ProximoConcurso, ...erros(401, 403, 409) },
      },
    },
    () => nextSchedulable(deps),
  );

  app.patch(
    '/v1/adm/apuracoes/:id_apuracao',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'Passar uma apuração agendada para outro concurso, com motivo, até APURACAO_ANTECEDENCIA_MINUTOS antes do concurso (fica registrado e público)',
        security: bearer,
        params: ApuracaoParams,
        body: ReagendarApuracaoBody,
        response: { 200: Apuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => reschedule(deps, currentUser(req), req.params.id_apuracao, req.body, req.ip),
  );

  app.post(
    '/v1/adm/apuracoes/:id_apuracao/concurso-nao-realizado',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'A Caixa não realizou o concurso: a apuração passa ao próximo concurso pelo calendário, sem escolha de número',
        security: bearer,
        params: ApuracaoParams,
        body: ConcursoNaoRealizadoBody,
        response: { 200: Apuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => concursoNotHeld(deps, currentUser(req), req.params.id_apuracao, req.body, req.ip),
  );

  app.post(
    '/v1/adm/apuracoes/:id_apuracao/resultado',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'Lançar os 5 prêmios do concurso (a partir do horário do concurso): o primeiro lançamento aguarda (202); os mesmos prêmios lançados por outra pessoa publicam o resultado (200), e os contemplados saem da regra sobre o arquivo de bilhetes publicado. Numa apuração já apurada, lança o concurso dos suplentes pendentes',
        security: bearer,
        params: ApuracaoParams,
        body: ResultadoApuracaoBody,
        response: { 200: ResultadoApuracao, 202: ResultadoPendente, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const outcome = await enterResult(deps, currentUser(req), req.params.id_apuracao, req.body, req.ip);
      if (outcome.kind === 'pendente') return reply.code(202).send(outcome.pendente);
      app.cityCache.invalidate(outcome.codCidade); // the consumers' winner list
      return outcome.resultado;
    },
  );

  app.post(
    '/v1/adm/apuracoes/:id_apuracao/publicacoes',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary: 'Registrar onde o edital da apuração foi publicado (veículo, data, endereço): fica público',
        security: bearer,
        params: ApuracaoParams,
        body: PublicacaoBody,
        response: { 201: Apuracao, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await service.addPublication(deps, currentUser(req), req.params.id_apuracao, req.body, req.ip)),
  );

  app.put(
    '/v1/adm/apuracoes/:id_apuracao/bilhetes.csv',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary:
          'Restaurar o arquivo de bilhetes de uma apuração suspensa com uma cópia de mesmo SHA-256 (corpo: os bytes do CSV, Content-Type text/csv)',
        security: bearer,
        params: ApuracaoParams,
        response: { 200: Apuracao, ...erros(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const contentType = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      return restoreFile(
        deps,
        currentUser(req),
        req.params.id_apuracao,
        { body: req.body, contentType },
        req.ip,
      );
    },
  );

  const pdf = (name: string, body: Buffer, reply: FastifyReply) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .send(body as never); // bytes, not the JSON of the schema's errors

  app.get(
    '/v1/adm/apuracoes/:id_apuracao/ata.pdf',
    {
      onRequest: app.requireUser(mayApurar),
      schema: {
        tags: ['adm'],
        summary: 'Ata de apuração em PDF (a mesma da rota pública)',
        security: bearer,
        params: ApuracaoParams,
        response: { ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_apuracao;
      await service.apuracaoOf(app.db, currentUser(req), id);
      return pdf(`ata-apuracao-${id}.pdf`, await service.minutes(deps, id), reply);
    },
  );

  app.get(
    '/v1/apuracoes/:id_apuracao/ata.pdf',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Ata de apuração em PDF, pública depois do resultado: promotor, autorização, concurso, hash e publicações, prêmios, quem os lançou, regra, contemplados mascarados, suplentes, reagendamentos, prazo e assinaturas',
        params: ApuracaoParams,
        response: { ...erros(400, 404, 409) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_apuracao;
      return pdf(`ata-apuracao-${id}.pdf`, await service.minutes(deps, id), reply);
    },
  );

  app.get(
    '/v1/apuracoes/:id_apuracao/edital.pdf',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Edital da apuração em PDF, para o Diário Oficial: campanha, concurso e horário, hash e quantidade de bilhetes, regra e prêmios',
        params: ApuracaoParams,
        response: { ...erros(400, 404, 409) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_apuracao;
      return pdf(`edital-apuracao-${id}.pdf`, await service.notice(deps, id), reply);
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
        response: { ...erros(400, 404, 409, 429, 503) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_apuracao;
      await downloads.take([{ key: req.ip, max: app.config.APURACAO_CSV_RATE_MAX }]);
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
