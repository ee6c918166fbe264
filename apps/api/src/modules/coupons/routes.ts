import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CuponsQuery, ExtratoItem, SaldoCampanha } from '@praca/contract';
import { today } from '../../lib/clock.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayReadOwnCoupons } from './policy.js';
import * as service from './service.js';

/** The consumer's own coupons, balance and statement: any logged-in person, only their own. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/usuarios/cupons',
    {
      onRequest: app.requireUser(mayReadOwnCoupons),
      schema: {
        tags: ['cupons'],
        summary: 'Saldo e cupons do consumidor por campanha da cidade (a campanha em andamento primeiro)',
        security: bearer,
        querystring: CuponsQuery,
        response: { 200: z.array(SaldoCampanha), ...erros(400, 401) },
      },
    },
    (req) => service.couponsOfUser(app.db, currentUser(req).id, req.query.cod_cidade, today()),
  );

  app.get(
    '/v1/extrato',
    {
      onRequest: app.requireUser(mayReadOwnCoupons),
      schema: {
        tags: ['cupons'],
        summary: `Extrato de lançamentos do consumidor, mais recentes primeiro (até ${service.STATEMENT_LIMIT})`,
        security: bearer,
        response: { 200: z.array(ExtratoItem), ...erros(401) },
      },
    },
    (req) => service.statementOf(app.db, currentUser(req).id),
  );
};
