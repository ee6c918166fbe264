import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DesafioQuery, DesafioSchema, LoginBody, OkSchema, SessaoSchema } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { CHALLENGE_NOTICE_JOB, sendChallengeNotice, type ChallengeNoticeJob } from './notice.js';
import * as service from './service.js';
import type { LoginDoor } from './types.js';

const DOORS: { url: string; door: LoginDoor; summary: string }[] = [
  { url: '/v1/login', door: 'consumidor', summary: 'Login do consumidor (qualquer usuário)' },
  { url: '/v1/parceiro/login', door: 'parceiro', summary: 'Login do parceiro (usuários com parceiro)' },
  { url: '/v1/adm/usuarios/login', door: 'admin', summary: 'Login do administrador (admin ou superadmin)' },
];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // One set of counters for the three doors, shared by every instance: failures at any add up.
  const deps = app.services.auth;
  app.jobs.define<ChallengeNoticeJob>(CHALLENGE_NOTICE_JOB, (job) => sendChallengeNotice(deps.notice, job));

  for (const { url, door, summary } of DOORS) {
    app.post(
      url,
      {
        schema: {
          tags: ['sessão'],
          summary,
          body: LoginBody,
          response: { 200: SessaoSchema, ...erros(400, 401, 428, 429) },
        },
      },
      (req) => service.login(app.db, { ...req.body, door, ip: req.ip }, deps),
    );
  }

  app.get(
    '/v1/desafio',
    {
      schema: {
        tags: ['sessão'],
        summary:
          'Desafio (prova de trabalho ALTCHA) para entrar com o e-mail: de uso único, por 5 minutos; pedido quando o login responde 428',
        querystring: DesafioQuery,
        response: { 200: DesafioSchema, ...erros(400, 429) },
      },
    },
    async (req) =>
      DesafioSchema.parse(
        await service.challengeFor(app.db, { email: req.query.email, ip: req.ip }, deps.limits),
      ),
  );

  app.post(
    '/v1/logout',
    {
      onRequest: app.requireUser(),
      schema: {
        tags: ['sessão'],
        summary: 'Encerra a sessão do token',
        security: bearer,
        response: { 200: OkSchema, ...erros(401) },
      },
    },
    async (req) => {
      await service.logout(app.db, currentUser(req));
      return { ok: true as const };
    },
  );
};
