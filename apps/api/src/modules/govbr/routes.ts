import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GovbrCadastroBody,
  GovbrCadastroDados,
  GovbrEntrarQuery,
  GovbrRetornoQuery,
  GovbrSessaoResposta,
  GovbrVincularBody,
  GovbrVincularResposta,
  GovbrVinculoDados,
  MSG,
  SessaoSchema,
} from '@praca/contract';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import * as service from './service.js';

/** The flow's browser cookie: a random id, HttpOnly, SameSite=Lax, Secure under https. */
const COOKIE = 'praca_govbr';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;
/** The cookie outlives a flow (10 minutes) and its next step (30 minutes). */
const COOKIE_MAX_AGE_S = 60 * 60;

function cookieOf(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === COOKIE && COOKIE_VALUE.test(value)) return value;
  }
  return null;
}

/** The browser's id as the database keeps it (a hash of the cookie), or null without one. */
const browserOf = (req: FastifyRequest): string | null => {
  const v = cookieOf(req);
  return v ? sha256Hex(v) : null;
};

export const govbrRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.govbr;
  const base = app.config.BASE_PATH;
  const secure = app.config.publicUrl.startsWith('https:');
  const cookiePath = `${base}v1/`;

  /** Without a client id gov.br is off: every route of it is 404, like an unknown one. */
  const configured = async () => {
    if (!deps) throw new HttpError(404, MSG.rotaNaoEncontrada);
  };
  const on = () => {
    if (!deps) throw new HttpError(404, MSG.rotaNaoEncontrada);
    return deps;
  };

  app.get(
    '/v1/govbr/entrar',
    {
      onRequest: configured,
      schema: {
        tags: ['gov.br'],
        summary:
          'Começa o "Entrar com gov.br" (ou, com finalidade=vincular, a vinculação da conta): 302 para o gov.br; destino só um caminho deste site',
        querystring: GovbrEntrarQuery,
        response: { 302: z.null(), ...erros(400, 404, 429) },
      },
    },
    async (req, reply) => {
      const d = on();
      await d.flows.take([{ key: `ip:${req.ip}`, max: d.flowsMax }]);
      const id = randomToken(32);
      const url = await service.startFlow(d, {
        navegador: sha256Hex(id),
        finalidade: req.query.finalidade,
        destino: req.query.destino ?? '/',
      });
      reply.header('cache-control', 'no-store');
      if (url === null) return reply.redirect(`${base}govbr/erro`, 302);
      const flags = `Path=${cookiePath}; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      return reply.header('set-cookie', `${COOKIE}=${id}; ${flags}`).redirect(url, 302);
    },
  );

  app.get(
    '/v1/govbr/retorno',
    {
      onRequest: configured,
      schema: {
        tags: ['gov.br'],
        summary:
          'Retorno do gov.br (redirect_uri): confere state, navegador, nonce, PKCE, emissor e nível; 302 para a página do próximo passo',
        querystring: GovbrRetornoQuery,
        response: { 302: z.null(), ...erros(404) },
      },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const d = on();
      const callbackUrl = new URL(req.url, `${app.config.publicUrl}/`);
      // The address gov.br called, on the public origin (behind a proxy, req.url is the path).
      const page = await service.completeFlow(d, { navegador: browserOf(req), callbackUrl });
      return reply.header('cache-control', 'no-store').redirect(`${base}${page}`, 302);
    },
  );

  app.post(
    '/v1/govbr/sessao',
    {
      onRequest: configured,
      schema: {
        tags: ['gov.br'],
        summary:
          'Entrega, uma vez, a sessão do login pelo gov.br que o retorno deixou a este navegador (cookie do fluxo)',
        response: { 200: GovbrSessaoResposta, ...erros(404, 409) },
      },
    },
    (req) => service.handOverSession(on(), { navegador: browserOf(req), ip: req.ip }),
  );

  app.get(
    '/v1/govbr/cadastro',
    {
      onRequest: configured,
      schema: {
        tags: ['gov.br'],
        summary: 'O que o gov.br informou para "Complete seu cadastro" (nome, e-mail)',
        response: { 200: GovbrCadastroDados, ...erros(404, 409) },
      },
    },
    (req) => service.registrationData(on(), browserOf(req)),
  );

  app.post(
    '/v1/govbr/cadastro',
    {
      onRequest: configured,
      schema: {
        tags: ['gov.br'],
        summary:
          'Completa o cadastro de quem entrou pelo gov.br sem conta: cria a conta com o CPF comprovado e responde a sessão',
        body: GovbrCadastroBody,
        response: { 201: SessaoSchema, ...erros(400, 404, 409) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await service.completeRegistration(on(), { navegador: browserOf(req), body: req.body, ip: req.ip }),
        ),
  );

  app.get(
    '/v1/govbr/vincular',
    {
      onRequest: configured,
      schema: {
        tags: ['gov.br'],
        summary: 'Por que a página de vinculação aparece (CPF declarado, e-mail em uso, ou pedido)',
        response: { 200: GovbrVinculoDados, ...erros(404, 409) },
      },
    },
    async (req) => {
      const got = await service.linkData(on(), browserOf(req));
      return GovbrVinculoDados.parse(got);
    },
  );

  app.post(
    '/v1/usuarios/govbr/vincular',
    {
      onRequest: [configured, app.requireUser()],
      schema: {
        tags: ['gov.br'],
        summary:
          'Vincula a conta logada à conta gov.br do último retorno deste navegador, pedindo a senha de novo; o CPF fica comprovado',
        security: bearer,
        body: GovbrVincularBody,
        response: { 200: GovbrVincularResposta, ...erros(400, 401, 404, 409, 429) },
      },
    },
    async (req) => {
      await service.link(on(), {
        user: currentUser(req),
        senha: req.body.senha,
        navegador: browserOf(req),
        ip: req.ip,
      });
      return { ok: true as const, cpf_situacao: 'comprovado' as const };
    },
  );
};
