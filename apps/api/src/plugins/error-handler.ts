import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@praca/contract';
import { isDataException, uniqueViolation, uniqueViolationMessage } from '../db/errors.js';
import { isHttpError } from '../lib/errors.js';
import { TooManyRequests } from '../modules/shared/rate-limiter.js';

interface Answer {
  status: number;
  erro: string;
}

/** Fastify's own 4xx, by code: the body parser's and the router's. */
const FASTIFY_CODES: Record<string, Answer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, erro: MSG.jsonInvalido },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, erro: MSG.jsonInvalido },
  // Domain §1: an oversize body is 400 like any other bad input.
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 400, erro: MSG.corpoGrande },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, erro: MSG.tipoConteudoInvalido },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, erro: MSG.requisicaoInvalida },
  FST_ERR_BAD_URL: { status: 400, erro: MSG.requisicaoInvalida },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, erro: MSG.requisicaoInvalida },
};

/** A Portuguese text for any other 4xx a plugin may raise. */
const BY_STATUS: Record<number, string> = {
  401: MSG.naoAutenticado,
  403: MSG.semPermissao,
  404: MSG.rotaNaoEncontrada,
  413: MSG.corpoGrande,
  415: MSG.tipoConteudoInvalido,
  429: MSG.muitasTentativas,
};

/** Turns any error into the `{erro}` a person reads, or null for an unexpected one (500). */
export function toAnswer(err: unknown): Answer | null {
  if (isHttpError(err)) return { status: err.statusCode, erro: err.erro };
  const constraint = uniqueViolation(err);
  if (constraint !== null) return { status: 409, erro: uniqueViolationMessage(constraint) };
  if (isDataException(err)) return { status: 400, erro: MSG.requisicaoInvalida };
  const e = err as (Error & { code?: string; statusCode?: number }) | null;
  if (!e || typeof e !== 'object') return null;
  if (e.code && FASTIFY_CODES[e.code]) return FASTIFY_CODES[e.code];
  // JSON.parse and secure-json-parse (prototype poisoning) errors carry 400.
  if (e instanceof SyntaxError && e.statusCode === 400) return { status: 400, erro: MSG.jsonInvalido };
  const status = e.statusCode ?? 0;
  if (status >= 400 && status < 500) return { status, erro: BY_STATUS[status] ?? MSG.requisicaoInvalida };
  return null;
}

/** Paths (after BASE_PATH) whose errors also carry the text in `error` (domain §1). */
const ALSO_ERROR = /^\/v1\/adm\/campanhas(?:[/?#]|$)/;

/**
 * The body of an error answer: `{erro}`, plus the same text in `error` under
 * `/v1/adm/campanhas`, whose client (spec §7) reads that field.
 */
export function errorBody(url: string, basePath: string, erro: string): { erro: string; error?: string } {
  const base = basePath.replace(/\/+$/, '');
  const path = base !== '' && url.startsWith(base) ? url.slice(base.length) : url;
  return ALSO_ERROR.test(path) ? { erro, error: erro } : { erro };
}

/** BASE_PATH of the running app; '/' before the context is registered. */
const basePathOf = (req: FastifyRequest): string =>
  (req.server as { config?: { BASE_PATH?: string } }).config?.BASE_PATH ?? '/';

/** The one error handler (architecture.md): `{erro}` always, and never the text of a 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const answer = toAnswer(err);
    if (answer) {
      if (answer.status >= 500 || isDataException(err)) req.log.warn({ err }, answer.erro);
      if (err instanceof TooManyRequests) void reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(answer.status).send(errorBody(req.url, basePathOf(req), answer.erro));
    }
    req.log.error({ err }, 'erro inesperado');
    return reply.code(500).send(errorBody(req.url, basePathOf(req), MSG.erroInterno));
  });
}

/** For the router's own errors (bad URL encoding, overlong parameter), before any hook. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const answer = toAnswer(err) ?? { status: 400, erro: MSG.requisicaoInvalida };
  req.log.info({ code: err.code }, 'requisição recusada pelo roteador');
  void reply.code(answer.status).send(errorBody(req.url, basePathOf(req), answer.erro));
}
