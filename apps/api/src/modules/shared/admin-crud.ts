import type { EntidadeAuditada } from '@praca/contract';
import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import {
  listSearch,
  pageWindow,
  sendPage,
  writeAnswer,
  type AdminDeps,
  type Page,
  type Written,
} from './admin.js';
import { ExportacaoCriada, type FormatoExportacao } from '@praca/contract';
import { nowIso } from '../../lib/clock.js';
import type { Coluna } from '../exports/columns.js';
import { servicePages } from '../exports/sources.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { recordAudit } from '../audit/service.js';
import type { Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import {
  checkAdminCity,
  checkCityExists,
  recordInAdminCity,
  requestedAdminCity,
} from '../cities/admin-scope.js';

/**
 * The admin editors of the city's content (notices, tourism, promotions, campaigns, winners):
 * one set of audited create/update/delete helpers and one way to declare their routes. Every
 * write runs in one transaction with its audit entry (domain §10), answers its body and names
 * the cities whose cached consumer lists it changed; records belong to a city, which the
 * caller must administer (the super-admin any city, an admin its own: 403 otherwise).
 */

// --- audited writes --------------------------------------------------------------------------

/** Who writes: the caller and the address of the request, for the audit log. */
export interface Actor {
  user: AuthUser;
  ip: string;
}

/** A kind of record an editor keeps, as its writes need it. */
export interface AdminRecord<Row extends { cod_cidade: number }> {
  /** The entity's name in the audit log ('aviso', 'turismo', ...). */
  entidade: EntidadeAuditada;
  /** The 404 message for an id with no record. */
  naoEncontrado: string;
  /** The answer of a delete. */
  excluido: string;
  /** Reads the record for a write, locked until the transaction ends. */
  lock(trx: Kysely<Database>, dialect: Dialect, id: number): Promise<Row | undefined>;
}

/** What a create wrote: the new id, what the audit log keeps of it, the answer. */
export interface Inserted<T> {
  id: number;
  depois: unknown;
  resposta: T;
}

/** What an update wrote: the record before and after for the audit log, its city now, the answer. */
export interface Changed<T> {
  antes: unknown;
  depois: unknown;
  cod_cidade: number;
  resposta: T;
}

/** Creates a record of city `codCidade` (`insert`) with its 'criar' audit entry, in one transaction. */
async function auditedCreate<T>(
  deps: Pick<AdminDeps, 'db'>,
  actor: Actor,
  entidade: EntidadeAuditada,
  codCidade: number,
  insert: (trx: Kysely<Database>, at: string) => Promise<Inserted<T>>,
): Promise<Written<T>> {
  const at = nowIso();
  const resposta = await transaction(deps.db, async (trx) => {
    const { id, depois, resposta } = await insert(trx, at);
    await recordAudit(trx, {
      id_usuario: actor.user.id,
      acao: 'criar',
      entidade,
      id_entidade: id,
      depois,
      ip: actor.ip,
    });
    return resposta;
  });
  return { resposta, cidades: [codCidade] };
}

/**
 * Changes record `id` (`change`, given it locked: 404 when there is none, 403 when it is of
 * another city) with its 'alterar' audit entry, in one transaction. The cities changed are
 * the record's city before and after.
 */
async function auditedUpdate<Row extends { cod_cidade: number }, T>(
  deps: Pick<AdminDeps, 'db' | 'dialect'>,
  actor: Actor,
  record: AdminRecord<Row>,
  id: number,
  change: (trx: Kysely<Database>, old: Row, at: string) => Promise<Changed<T>>,
): Promise<Written<T>> {
  const at = nowIso();
  return transaction(deps.db, async (trx) => {
    const old = recordInAdminCity(actor.user, await record.lock(trx, deps.dialect, id), record.naoEncontrado);
    const { antes, depois, cod_cidade, resposta } = await change(trx, old, at);
    await recordAudit(trx, {
      id_usuario: actor.user.id,
      acao: 'alterar',
      entidade: record.entidade,
      id_entidade: id,
      antes,
      depois,
      ip: actor.ip,
    });
    return { resposta, cidades: [...new Set([old.cod_cidade, cod_cidade])] };
  });
}

/**
 * Deletes record `id` (`remove`, given it locked as for an update, answers what the audit log
 * keeps of it) with its 'excluir' audit entry, in one transaction.
 */
async function auditedDelete<Row extends { cod_cidade: number }>(
  deps: Pick<AdminDeps, 'db' | 'dialect'>,
  actor: Actor,
  record: AdminRecord<Row>,
  id: number,
  remove: (trx: Kysely<Database>, old: Row) => Promise<unknown>,
): Promise<Written<{ mensagem: string }>> {
  const codCidade = await transaction(deps.db, async (trx) => {
    const old = recordInAdminCity(actor.user, await record.lock(trx, deps.dialect, id), record.naoEncontrado);
    const antes = await remove(trx, old);
    await recordAudit(trx, {
      id_usuario: actor.user.id,
      acao: 'excluir',
      entidade: record.entidade,
      id_entidade: id,
      antes,
      ip: actor.ip,
    });
    return old.cod_cidade;
  });
  return { resposta: { mensagem: record.excluido }, cidades: [codCidade] };
}

/**
 * The city a write leaves a record in: the one sent, else the stored one. Another city must be
 * one the caller administers (403) and exist (400).
 */
export async function cityAfterWrite(
  db: Kysely<Database>,
  user: AuthUser,
  stored: number,
  sent: number | undefined,
): Promise<number> {
  const codCidade = sent ?? stored;
  if (codCidade !== stored) {
    checkAdminCity(user, codCidade);
    await checkCityExists(db, codCidade);
  }
  return codCidade;
}

/** An admin list's query: the city asked for (else the caller's), the page and the search text. */
interface ListQuery {
  cod_cidade?: number;
  codcidade?: number;
  pagina: number;
  limite: number;
  q?: string;
}

/** What a repository's list filters by: the city and the search (see listSearch). */
export interface CityFilter {
  codCidade: number;
  like?: string;
  id?: number;
}

/**
 * The helpers of an editor, bound to the kind of record it keeps: the city-scoped reads and
 * the audited writes above.
 */
export function adminEditor<Row extends { cod_cidade: number }>(record: AdminRecord<Row>) {
  return {
    record,
    /** One page of the asked city's records: 403 for a city the caller does not administer. */
    async page<L, T>(
      user: AuthUser,
      query: ListQuery,
      list: (f: CityFilter, page: { offset: number; limit: number }) => Promise<{ rows: L[]; total: number }>,
      present: (row: L) => T,
    ): Promise<Page<T>> {
      const codCidade = requestedAdminCity(user, query);
      const { rows, total } = await list({ codCidade, ...listSearch(query.q) }, pageWindow(query));
      return { itens: rows.map(present), total };
    },
    /** A record read by id: 404 when there is none, 403 when it is of another city. */
    one<R extends { cod_cidade: number }>(user: AuthUser, row: R | undefined): R {
      return recordInAdminCity(user, row, record.naoEncontrado);
    },
    create: <T>(
      deps: Pick<AdminDeps, 'db'>,
      actor: Actor,
      codCidade: number,
      insert: (trx: Kysely<Database>, at: string) => Promise<Inserted<T>>,
    ) => auditedCreate(deps, actor, record.entidade, codCidade, insert),
    update: <T>(
      deps: Pick<AdminDeps, 'db' | 'dialect'>,
      actor: Actor,
      id: number,
      change: (trx: Kysely<Database>, old: Row, at: string) => Promise<Changed<T>>,
    ) => auditedUpdate(deps, actor, record, id, change),
    remove: (
      deps: Pick<AdminDeps, 'db' | 'dialect'>,
      actor: Actor,
      id: number,
      remove: (trx: Kysely<Database>, old: Row) => Promise<unknown>,
    ) => auditedDelete(deps, actor, record, id, remove),
  };
}

// --- routes ----------------------------------------------------------------------------------

/** An admin editor's service, as its routes call it. */
interface AdminCrudService<Query, Body, Item, Detail> {
  list(db: Kysely<Database>, user: AuthUser, query: Query): Promise<Page<Item>>;
  getOne(db: Kysely<Database>, user: AuthUser, id: number): Promise<Detail>;
  create(deps: AdminDeps, actor: Actor, body: Body): Promise<Written<Detail>>;
  update(deps: AdminDeps, actor: Actor, id: number, body: Body): Promise<Written<Detail>>;
  remove(deps: AdminDeps, actor: Actor, id: number): Promise<Written<{ mensagem: string }>>;
}

type Action = 'list' | 'get' | 'create' | 'update' | 'remove';

/**
 * An admin editor's routes: `GET path` (a page, total in X-Total-Count), `GET path/:id`,
 * `POST path`, `PATCH path/:id` and `DELETE path/:id`, each guarded by `policy` and described
 * by the contract's schemas. Writes drop the cached consumer lists of the cities they changed.
 */
export interface AdminCrudRoutes<
  Q extends z.ZodType,
  K extends string,
  B extends z.ZodType,
  D extends z.ZodType,
  I extends z.ZodType = D,
> {
  path: string;
  /** The id's name in the path and in `params` (`id` unless said). */
  idParam?: K;
  policy: Rule;
  query: Q;
  /** The path's parameters: `idParam`, an id. */
  params: z.ZodType<Record<K, number>>;
  body: B;
  /** An item of the list (what one record's GET answers unless said). */
  item?: I;
  /** What one record's GET and the writes answer. */
  detail: D;
  /** One record's GET answers it in a list of one (winners, spec §7). */
  oneInList?: boolean;
  /** What a DELETE answers. */
  removed: z.ZodType<{ mensagem: string }>;
  /** The status of each write. */
  status: { create: 200 | 201 | 202; update: 200 | 202; remove: 200 | 202 };
  summary: Record<Action, string>;
  /** The writes that may answer 409. */
  conflicts?: ('create' | 'update' | 'remove')[];
  /** The error schemas (`{erro}` unless said). */
  errors?: typeof erros;
  service: AdminCrudService<z.output<Q>, z.output<B>, z.input<I>, z.input<D>>;
  /**
   * The list exports (issue 39): `query` then carries `formato`, and `?formato=csv|xlsx`
   * answers every row of the filtered list in these columns (modules/exports).
   */
  exportacao?: { lista: string; titulo: string; arquivo: string; colunas: readonly Coluna<z.input<I>>[] };
}

/** The routes an admin editor declares (see AdminCrudRoutes). */
export function adminCrudRoutes<
  Q extends z.ZodType,
  K extends string,
  B extends z.ZodType,
  D extends z.ZodType,
  I extends z.ZodType = D,
>(r: AdminCrudRoutes<Q, K, B, D, I>): FastifyPluginAsyncZod {
  return async (zodApp) => {
    // The schemas validate and serialise as everywhere. The zod type provider cannot resolve
    // the open generics of the declaration, so the validated input is read under its type here.
    const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();
    const query = (req: FastifyRequest) => req.query as z.output<Q>;
    const body = (req: FastifyRequest) => req.body as z.output<B>;
    const idParam = r.idParam ?? 'id';
    const id = (req: FastifyRequest) => (req.params as Record<string, number>)[idParam];
    const deps = app.services.admin;
    const onRequest = app.requireUser(r.policy);
    const answer = writeAnswer(app);
    const errors = r.errors ?? erros;
    const listed = r.exportacao
      ? app.exports.list<z.output<Q> & { formato?: FormatoExportacao }, z.input<I>>({
          ...r.exportacao,
          arquivo: () => r.exportacao!.arquivo,
          fonte: async (db, user, q) =>
            servicePages((pagina, limite) => r.service.list(db, user, { ...q, pagina, limite })),
        })
      : undefined;
    const may409 = (a: 'create' | 'update' | 'remove') => (r.conflicts?.includes(a) ? [409 as const] : []);
    const one = `${r.path}/:${idParam}`;
    const actor = (req: FastifyRequest): Actor => ({ user: currentUser(req), ip: req.ip });
    const described = (summary: string) => ({ tags: ['adm'], summary, security: bearer });

    app.get(
      r.path,
      {
        onRequest,
        schema: {
          ...described(r.summary.list),
          querystring: r.query,
          response: {
            200: z.array(r.item ?? r.detail),
            ...(listed ? { 202: ExportacaoCriada } : {}),
            ...errors(400, 401, 403),
          },
        },
      },
      async (req, reply) => {
        const q = query(req) as z.output<Q> & { formato?: FormatoExportacao };
        if (listed && q.formato) return app.exports.answer(req, reply, listed, q);
        return sendPage(reply, await r.service.list(app.db, currentUser(req), q));
      },
    );

    app.get(
      one,
      {
        onRequest,
        schema: {
          ...described(r.summary.get),
          params: r.params,
          response: { 200: r.oneInList ? z.array(r.detail) : r.detail, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) => {
        const one = await r.service.getOne(app.db, currentUser(req), id(req));
        return r.oneInList ? [one] : one;
      },
    );

    app.post(
      r.path,
      {
        onRequest,
        schema: {
          ...described(r.summary.create),
          body: r.body,
          response: { [r.status.create]: r.detail, ...errors(400, 401, 403, ...may409('create')) },
        },
      },
      async (req, reply) =>
        answer(reply, r.status.create, await r.service.create(deps, actor(req), body(req))),
    );

    app.patch(
      one,
      {
        onRequest,
        schema: {
          ...described(r.summary.update),
          params: r.params,
          body: r.body,
          response: { [r.status.update]: r.detail, ...errors(400, 401, 403, 404, ...may409('update')) },
        },
      },
      async (req, reply) =>
        answer(reply, r.status.update, await r.service.update(deps, actor(req), id(req), body(req))),
    );

    app.delete(
      one,
      {
        onRequest,
        schema: {
          ...described(r.summary.remove),
          params: r.params,
          response: { [r.status.remove]: r.removed, ...errors(400, 401, 403, 404, ...may409('remove')) },
        },
      },
      async (req, reply) => answer(reply, r.status.remove, await r.service.remove(deps, actor(req), id(req))),
    );
  };
}
