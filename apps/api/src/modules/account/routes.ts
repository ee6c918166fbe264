import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CodigoSenhaBody,
  ErroCodigo,
  EXPORT_SECTIONS,
  MSG,
  OkSchema,
  PerfilBody,
  PerfilUsuario,
  SolicitaRemocaoBody,
  SolicitaTrocaSenhaBody,
  TrocaSenhaBody,
  TrocaSenhaResposta,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { toAnswer } from '../../plugins/error-handler.js';
import { currentUser } from '../../plugins/auth.js';
import { removeFilesOf } from './photos.js';
import { mayManageOwnAccount } from './policy.js';
import { TooManyRequests } from '../shared/rate-limiter.js';
import * as service from './service.js';

const ok = { ok: true as const };

/** The two code calls answer every failure as `{erro, msg}` (spec §7), validation included. */
function codeErrors(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const answer = toAnswer(err);
  if (!answer) req.log.error({ err }, 'erro inesperado');
  const { status, erro } = answer ?? { status: 500, erro: MSG.erroInterno };
  if (err instanceof TooManyRequests) void reply.header('retry-after', String(err.retryAfterSeconds));
  return reply.code(status).send({ erro, msg: erro });
}

const MeusDadosSchema = z
  .object({
    gerado_em: z.string(),
    ...Object.fromEntries(EXPORT_SECTIONS.map((s) => [s, z.unknown()])),
  })
  .describe('Todos os dados pessoais do chamador, uma chave por seção');

/** Issue 9: profile, password change, reset and removal by e-mail, data export (domain §9). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.account;
  const { removalRequests } = deps;
  app.jobs.define<service.CodeMailJob>(service.CODE_MAIL_JOB, (job) => service.sendCodeMail(deps, job));

  app.get(
    '/v1/usuarios/:userId(^\\d+$)',
    {
      onRequest: app.requireUser(mayManageOwnAccount),
      schema: {
        tags: ['conta'],
        summary: 'Perfil do próprio usuário (lista com um item); outro id responde 403',
        security: bearer,
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: { 200: z.array(PerfilUsuario), ...erros(400, 401, 403, 404) },
      },
    },
    (req) => service.getProfile(deps, currentUser(req), req.params.userId),
  );

  app.patch(
    '/v1/usuarios',
    {
      onRequest: app.requireUser(mayManageOwnAccount),
      schema: {
        tags: ['conta'],
        summary: 'Salva nome e WhatsApp do próprio usuário (o e-mail é só leitura e é ignorado)',
        security: bearer,
        body: PerfilBody,
        response: { 200: PerfilUsuario, ...erros(400, 401) },
      },
    },
    (req) => service.updateProfile(deps, currentUser(req), req.body),
  );

  app.post(
    '/v1/adm/usuarios/trocasenha',
    {
      onRequest: app.requireUser(mayManageOwnAccount),
      schema: {
        tags: ['conta'],
        summary:
          'Troca a senha (qualquer usuário logado): e-mail próprio, senha atual e nova; encerra todas as sessões, inclusive a desta chamada, e responde o token de uma nova',
        security: bearer,
        body: TrocaSenhaBody,
        response: { 200: TrocaSenhaResposta, ...erros(400, 401, 429) },
      },
    },
    async (req) => {
      const token = await service.changePassword(deps, currentUser(req), req.body, req.ip);
      return { ok: true as const, token };
    },
  );

  app.post(
    '/v1/usuarios/solicitatrocasenha',
    {
      schema: {
        tags: ['conta'],
        summary:
          'Pede o e-mail de redefinição de senha; 202 para qualquer endereço válido (não revela cadastro)',
        body: SolicitaTrocaSenhaBody,
        response: { 202: OkSchema, ...erros(400, 429) },
      },
    },
    async (req, reply) => {
      await service.requestReset(deps, req.body, req.ip);
      return reply.code(202).send(ok);
    },
  );

  app.post(
    '/v1/usuarios/redefinirsenha',
    {
      errorHandler: codeErrors,
      schema: {
        tags: ['conta'],
        summary:
          'Redefine a senha com o código do e-mail (150 caracteres, uso único, 60 minutos); encerra todas as sessões',
        body: CodigoSenhaBody,
        response: { 202: OkSchema, 400: ErroCodigo, 429: ErroCodigo },
      },
    },
    async (req, reply) => {
      await service.resetPassword(deps, req.body, req.ip);
      return reply.code(202).send(ok);
    },
  );

  app.post(
    '/v1/usuarios/definirsenha',
    {
      errorHandler: codeErrors,
      schema: {
        tags: ['conta'],
        summary:
          'Define a primeira senha de uma entidade social com o código do e-mail de boas-vindas (150 caracteres, uso único, 7 dias, só enquanto a conta não tem senha)',
        body: CodigoSenhaBody,
        response: { 202: OkSchema, 400: ErroCodigo, 429: ErroCodigo },
      },
    },
    async (req, reply) => {
      await service.resetPassword(deps, req.body, req.ip, 'boas_vindas');
      return reply.code(202).send(ok);
    },
  );

  app.post(
    '/v1/usuarios/solicitaremocao',
    {
      onRequest: app.requireUser(mayManageOwnAccount, removalRequests),
      schema: {
        tags: ['conta'],
        summary: 'Pede a remoção do próprio cadastro: envia o link de confirmação ao e-mail da conta',
        security: bearer,
        body: SolicitaRemocaoBody,
        response: { 201: OkSchema, ...erros(400, 401, 429) },
      },
    },
    async (req, reply) => {
      await service.requestRemoval(deps, currentUser(req), req.body);
      return reply.code(201).send(ok);
    },
  );

  app.post(
    '/v1/usuarios/remocaousuario',
    {
      errorHandler: codeErrors,
      schema: {
        tags: ['conta'],
        summary:
          'Confirma a remoção com o código do e-mail e a senha: anonimiza a pessoa (LGPD) e apaga as fotos de comprovante e de comprovação de CPF; vendas, cupons e sorteios ficam',
        body: CodigoSenhaBody,
        response: { 202: OkSchema, 400: ErroCodigo, 429: ErroCodigo },
      },
    },
    async (req, reply) => {
      const result = await service.removeAccount(deps, req.body, req.ip);
      for (const cod of result.cidades) app.cityCache.invalidate(cod);
      await removeFilesOf(app.storage, result, req.log);
      return reply.code(202).send(ok);
    },
  );

  app.get(
    '/v1/usuarios/meusdados',
    {
      onRequest: app.requireUser(mayManageOwnAccount),
      schema: {
        tags: ['conta'],
        summary: 'Baixa (JSON) todos os dados pessoais que o programa guarda sobre o chamador (LGPD art. 18)',
        security: bearer,
        response: { 200: MeusDadosSchema, ...erros(401) },
      },
    },
    async (req, reply) => {
      const data = await service.exportData(deps, currentUser(req));
      return reply
        .header('content-disposition', 'attachment; filename="meus-dados-praca.json"')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
};
