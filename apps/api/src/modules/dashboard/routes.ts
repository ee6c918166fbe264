import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCidadeQuery,
  DashboardResposta,
  DashboardVendasPagina,
  DashboardVendasQuery,
  PainelSeriesQuery,
  PainelSeriesResposta,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayReadDashboard } from './policy.js';
import * as service from './service.js';
import { seriesOf } from './series-service.js';

/** Admin dashboard (spec §2 Admin dashboard, §3 Dashboard response; domain §11). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/adm/dashboard',
    {
      onRequest: app.requireUser(mayReadDashboard),
      schema: {
        tags: ['adm'],
        summary:
          'Painel da cidade (?cod_cidade, ou codcidade): números, campanhas em andamento ou por vir e vendas por ano e estabelecimento',
        security: bearer,
        querystring: AdminCidadeQuery,
        response: { 200: DashboardResposta, ...erros(400, 401, 403) },
      },
    },
    (req) => service.dashboardOf(app.db, currentUser(req), req.query),
  );

  app.get(
    '/v1/adm/dashboard/series',
    {
      onRequest: app.requireUser(mayReadDashboard),
      schema: {
        tags: ['adm'],
        summary:
          'Gráficos do painel (?cod_cidade, de, ate, id_campanha): vendas e cupons por dia, novos participantes por semana, os 10 estabelecimentos que mais venderam e o andamento da campanha',
        security: bearer,
        querystring: PainelSeriesQuery,
        response: { 200: PainelSeriesResposta, ...erros(400, 401, 403, 404) },
      },
    },
    (req) => seriesOf(app.db, currentUser(req), req.query),
  );
  app.get(
    '/v1/adm/dashboard/vendas',
    {
      onRequest: app.requireUser(mayReadDashboard),
      schema: {
        tags: ['adm'],
        summary:
          'Cartões de vendas por estabelecimento de um ano do painel, por página (os primeiros já vêm no painel)',
        security: bearer,
        querystring: DashboardVendasQuery,
        response: { 200: DashboardVendasPagina, ...erros(400, 401, 403) },
      },
    },
    (req) => service.shopYearPage(app.db, currentUser(req), req.query),
  );
};
