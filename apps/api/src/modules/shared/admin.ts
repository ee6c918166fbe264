import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { MSG_ADMIN, imagePathOf } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { escapeLike } from '../../db/search-text.js';

/**
 * Plumbing shared by the admin screens' services and routes (notices, tourism, promotions,
 * campaigns): paged lists with their total in `X-Total-Count`, writes that answer a body and
 * the cities whose cached consumer lists they changed, images stored as paths.
 */

/** What an admin service needs of the app (`app.services.admin`, plugins/services.ts). */
export interface AdminDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The server's BASE_PATH (`/` or `/praca/`), to recognise its own image URLs. */
  basePath: string;
}

/** One page of a list and how many there are in all. */
export interface Page<T> {
  itens: T[];
  total: number;
}

/** A write's answer and the cities whose cached consumer lists it changed. */
export interface Written<T> {
  resposta: T;
  cidades: number[];
}

/** The image as stored: a path (a URL under this server's image base is stripped to it). */
export function storedImage(image: string, basePath: string): string {
  const path = imagePathOf(image, basePath);
  if (path === null) throw new HttpError(400, MSG_ADMIN.caminhoImagemInvalido);
  return path;
}

/**
 * An admin list's `q`: `like` a case-insensitive LIKE pattern of it (`%` and `_` literal),
 * undefined when empty; `id` the number it is when it is all digits and fits an id.
 */
export function listSearch(q: string | undefined): { like?: string; id?: number } {
  const text = q?.trim() ?? '';
  return {
    like: text === '' ? undefined : `%${escapeLike(text.toLowerCase())}%`,
    id: /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined,
  };
}

/** The rows of page `pagina` (from 1) of `limite` rows. */
export const pageWindow = (query: { pagina: number; limite: number }): { offset: number; limit: number } => ({
  offset: (query.pagina - 1) * query.limite,
  limit: query.limite,
});

/** A list's answer: the page's items, its total in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header('x-total-count', String(page.total));
  return page.itens;
}

/**
 * A write's answer: drops the cached consumer lists of the cities it changed and answers its
 * body with `status`.
 */
export function writeAnswer(app: FastifyInstance) {
  return <T>(reply: FastifyReply, status: number, written: Written<T>): T => {
    written.cidades.forEach((c) => app.cityCache.invalidate(c));
    reply.code(status);
    return written.resposta;
  };
}
