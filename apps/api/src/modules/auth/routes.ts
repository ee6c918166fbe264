import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginBody, OkSchema, SessaoSchema } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
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

  for (const { url, door, summary } of DOORS) {
    app.post(
      url,
      {
        schema: {
          tags: ['sessão'],
          summary,
          body: LoginBody,
          response: { 200: SessaoSchema, ...erros(400, 401, 429) },
        },
      },
      (req) => service.login(app.db, { ...req.body, door, ip: req.ip }, deps),
    );
  }

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
