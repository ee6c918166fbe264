import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClienteBusca, ClienteBuscaQuery, RegistroBody, RegistroResposta } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { FIFTEEN_MINUTES, ONE_MINUTE, PersonLimit, SharedLimiter } from '../shared/rate-limiter.js';
import { maySearchCustomers } from './policy.js';
import * as service from './service.js';
import { creditAndTell } from '../sales/service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sign-ups per address, counted in the database for every instance (decision 019).
  const limiter = new SharedLimiter(app.db, 'registro', FIFTEEN_MINUTES);
  const searches = new PersonLimit(app.db, 'busca-cliente', app.config.BUSCA_CLIENTE_RATE_MAX, ONE_MINUTE);

  /** A failure here must not fail the sign-up, which committed: it is logged, and the sales wait. */
  const creditCpfSales = async (idUsuario: number, cpf: string, ip: string) => {
    try {
      await creditAndTell({ db: app.db, dialect: app.dialect }, idUsuario, app.cpf.lookup(cpf), ip);
    } catch (err) {
      app.log.error({ err, id_usuario: idUsuario }, 'crédito das compras do CPF falhou');
    }
  };

  app.post(
    '/v1/usuarios/registro',
    {
      schema: {
        tags: ['usuários'],
        summary: 'Cadastro de consumidor; responde já com a sessão',
        body: RegistroBody,
        response: { 201: RegistroResposta, ...erros(400, 409, 415, 429) },
      },
    },
    async (req, reply) => {
      const answer = await service.register(app.db, req.body, {
        ip: req.ip,
        ttlHours: app.config.SESSION_TTL_HOURS,
        limiter,
        max: app.config.REGISTRO_RATE_MAX,
        cpf: app.cpf,
      });
      // Issue 40: the sales made to this CPF before the account existed are credited now.
      if (req.body.cpf) await creditCpfSales(answer.id_usuario, req.body.cpf, req.ip);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/v1/parceiro/usuarios',
    {
      onRequest: app.requireUser(maySearchCustomers, searches),
      schema: {
        tags: ['usuários'],
        summary:
          'Busca de destinatário da venda entre os moradores das cidades do chamador: ao menos 3 letras do nome, os 4 últimos dígitos do WhatsApp ou o CPF completo, que encontra só o seu dono (no máximo 6; WhatsApp e CPF mascarados)',
        security: bearer,
        querystring: ClienteBuscaQuery,
        response: { 200: z.array(ClienteBusca), ...erros(400, 401, 403, 429) },
      },
    },
    (req) => service.searchCustomers(app.db, currentUser(req), req.query.nome, app.cpf),
  );
};
