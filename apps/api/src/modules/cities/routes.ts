import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CidadesResposta, MSG, PromotorBody, PromotorCidade, PromotorParams } from '@praca/contract';
import { basicAuthMatches } from '../../plugins/basic-auth.js';
import { HttpError } from '../../lib/errors.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayListAdminCities, mayReadPromoter, mayWritePromoter } from './policy.js';
import * as service from './service.js';

export const citiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { CIDADES_BASIC_USER, CIDADES_BASIC_PASS } = app.config;

  app.get(
    '/v1/cidades',
    {
      // The spec's second client: fixed HTTP Basic credentials from configuration.
      onRequest: async (req, reply) => {
        if (!basicAuthMatches(req.headers.authorization, CIDADES_BASIC_USER, CIDADES_BASIC_PASS)) {
          reply.header('www-authenticate', 'Basic realm="Praça", charset="UTF-8"');
          throw new HttpError(401, MSG.credenciaisBasic);
        }
      },
      schema: {
        tags: ['cidades'],
        summary: 'Cidades do programa, por nome (HTTP Basic)',
        security: [{ basicAuth: [] }],
        response: { 200: CidadesResposta, ...erros(401) },
      },
    },
    () => service.listCities(app.db),
  );

  app.get(
    '/v1/adm/cidades',
    {
      onRequest: app.requireUser(mayListAdminCities),
      schema: {
        tags: ['cidades'],
        summary: 'Cidades que o administrador gere (todas para o superadmin)',
        security: bearer,
        response: { 200: CidadesResposta, ...erros(401, 403) },
      },
    },
    (req) => service.listCitiesForAdmin(app.db, currentUser(req)),
  );

  app.get(
    '/v1/adm/cidades/:cod_cidade/promotor',
    {
      onRequest: app.requireUser(mayReadPromoter),
      schema: {
        tags: ['cidades'],
        summary:
          'Promotor das apurações da cidade (nome e CNPJ, que o edital e a ata mostram): o administrador da cidade e o superadmin',
        security: bearer,
        params: PromotorParams,
        response: { 200: PromotorCidade, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getPromoter(app.db, currentUser(req), req.params.cod_cidade),
  );

  app.patch(
    '/v1/adm/cidades/:cod_cidade/promotor',
    {
      onRequest: app.requireUser(mayWritePromoter),
      schema: {
        tags: ['cidades'],
        summary:
          'Define o promotor das apurações da cidade (nome e CNPJ numérico ou alfanumérico): só o superadmin',
        security: bearer,
        params: PromotorParams,
        body: PromotorBody,
        response: { 200: PromotorCidade, ...erros(400, 401, 403, 404) },
      },
    },
    (req) =>
      service.setPromoter(app.db, { user: currentUser(req), ip: req.ip }, req.params.cod_cidade, req.body),
  );
};
