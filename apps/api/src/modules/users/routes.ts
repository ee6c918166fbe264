import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClienteBusca, ClienteBuscaQuery, RegistroBody, RegistroResposta } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { maySearchCustomers } from './policy.js';
import * as service from './service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registration, searches, creditCpf, cpfCarenciaDias } = app.services.users;

  /** A failure here must not fail the sign-up, which committed: it is logged, and the sales wait. */
  const creditCpfSales = async (idUsuario: number, cpf: string, ip: string) => {
    try {
      await creditCpf(idUsuario, app.cpf.lookup(cpf), ip);
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
      const answer = await service.register(app.db, req.body, { ...registration, ip: req.ip });
      // Issue 40: the sales made to this CPF before the account existed are credited now, if
      // the CPF already credits this account (issue 52: a fresh declaration waits for the job).
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
    (req) => service.searchCustomers(app.db, currentUser(req), req.query.nome, app.cpf, cpfCarenciaDias),
  );
};
