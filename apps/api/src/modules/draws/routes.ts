import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AberturaSorteio,
  AberturaSorteioParams,
  AberturaSorteioPublica,
  FaixaSorteio,
  IdSchema,
  RegistroSorteio,
  RegistroSorteioParams,
  ResultadoSorteio,
  SorteioParams,
  SorteioQuery,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayDraw } from './policy.js';
import * as service from './service.js';

const RegistrosQuery = z.object({ id_campanha: IdSchema });

/**
 * Prize draws (issue 6; spec §2 Prize-draw dialog, §3 Draw result, §4; domain §5) and their
 * public records. The draw itself is an admin's, of the campaign's city; the record and the
 * ticket file are public (names masked), so anyone can audit a seeded draw.
 */
export const drawsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.draws;

  app.get(
    '/v1/adm/sorteio/:id_campanha',
    {
      onRequest: app.requireUser(mayDraw),
      schema: {
        tags: ['adm'],
        summary:
          'Sortear um cupom elegível da campanha e registrar o contemplado (mloja/musuario=N excluem lojas/participantes já contemplados; abertura: usa e revela a semente do servidor cujo hash a abertura publicou; semente: sorteio auditável, mantido por compatibilidade)',
        security: bearer,
        params: SorteioParams,
        querystring: SorteioQuery,
        response: { 200: ResultadoSorteio, ...erros(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req) => {
      const { resultado, codCidade } = await service.draw(
        deps,
        currentUser(req),
        req.params.id_campanha,
        req.query,
        req.ip,
      );
      app.cityCache.invalidate(codCidade); // the consumers' winner list
      return resultado;
    },
  );

  app.post(
    '/v1/adm/sorteio/:id_campanha/abertura',
    {
      onRequest: app.requireUser(mayDraw),
      schema: {
        tags: ['adm'],
        summary:
          'Abrir o sorteio: gera a semente do servidor e publica o seu SHA-256 antes do sorteio (a semente só é revelada pelo sorteio que usar esta abertura)',
        security: bearer,
        params: SorteioParams,
        response: { 201: AberturaSorteio, ...erros(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { abertura } = await service.openAbertura(deps, currentUser(req), req.params.id_campanha, req.ip);
      return reply.code(201).send(abertura);
    },
  );

  app.get(
    '/v1/adm/sorteio/:id_campanha/faixa',
    {
      onRequest: app.requireUser(mayDraw),
      schema: {
        tags: ['adm'],
        summary:
          'Faixa de cupons emitidos da campanha (primeiro e último por série-número, e quantos), para a animação do sorteio',
        security: bearer,
        params: SorteioParams,
        response: { 200: FaixaSorteio, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.couponRange(deps, currentUser(req), req.params.id_campanha),
  );

  app.get(
    '/v1/adm/sorteios',
    {
      onRequest: app.requireUser(mayDraw),
      schema: {
        tags: ['adm'],
        summary: 'Registros dos sorteios de uma campanha, mais recentes primeiro',
        security: bearer,
        querystring: RegistrosQuery,
        response: { 200: z.array(RegistroSorteio), ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.records(deps, currentUser(req), req.query.id_campanha),
  );

  app.get(
    '/v1/sorteios/:id_registro',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Registro público de um sorteio (participante mascarado; semente, hash da lista, quantidade e posição)',
        params: RegistroSorteioParams,
        response: { 200: RegistroSorteio, ...erros(400, 404) },
      },
    },
    (req) => service.record(deps, req.params.id_registro),
  );

  app.get(
    '/v1/sorteios/aberturas/:id_abertura',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Abertura pública de um sorteio: o hash da semente publicado antes do sorteio; depois dele, o registro e a semente revelada',
        params: AberturaSorteioParams,
        response: { 200: AberturaSorteioPublica, ...erros(400, 404) },
      },
    },
    (req) => service.aberturaRecord(deps, req.params.id_abertura),
  );

  app.get(
    '/v1/sorteios/:id_registro/bilhetes.csv',
    {
      schema: {
        tags: ['sorteios'],
        summary:
          'Arquivo de bilhetes de um sorteio com semente (CSV UTF-8, `;`, nomes mascarados); confira com npm run verify-draw',
        params: RegistroSorteioParams,
        response: { ...erros(400, 404) },
      },
    },
    async (req, reply) => {
      const id = req.params.id_registro;
      const file = await service.ticketFile(deps, id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sorteio-${id}-bilhetes.csv"`)
        .header('content-length', String(file.size))
        .send(file.body as never); // a stream, not the JSON of the schema's errors
    },
  );
};
