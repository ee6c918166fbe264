import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';
import { bearer, createUser, sessionFor } from './factories.js';
import type { TestApp } from './helper.js';

/**
 * Set-up shared by the tests of the city-scoped admin screens (notices, promotions, tourism):
 * the same five callers, a request as one of them, row counts and a record's audit trail.
 */

/** A consumer and a partner of city A, an admin of A, an admin of B and a super-admin of B. */
export type Who = 'consumer' | 'partner' | 'adminA' | 'adminB' | 'superB';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Cast {
  tokens: Record<Who, string>;
  ids: Record<Who, number>;
}

/** The five callers with a session each; `partner` options go to the partner (its shops). */
export async function createCast(
  db: Kysely<Database>,
  cityA: number,
  cityB: number,
  partner: Parameters<typeof createUser>[1] = {},
): Promise<Cast> {
  const user = async (o: Parameters<typeof createUser>[1]) => {
    const u = await createUser(db, { cod_cidade: cityA, ...o });
    return { id: u.id_usuario, token: await sessionFor(db, u.id_usuario) };
  };
  const made = {
    consumer: await user({}),
    partner: await user({ ...partner, parceiro: true }),
    adminA: await user({ admin: true }),
    adminB: await user({ admin: true, cod_cidade: cityB }),
    superB: await user({ superadmin: true, cod_cidade: cityB }),
  };
  return {
    tokens: Object.fromEntries(Object.entries(made).map(([k, v]) => [k, v.token])) as Record<Who, string>,
    ids: Object.fromEntries(Object.entries(made).map(([k, v]) => [k, v.id])) as Record<Who, number>,
  };
}

/** A request as one of the cast (null: without a session); the tokens are read at call time. */
export const sender =
  (t: TestApp, cast: { tokens: Record<Who, string> }) =>
  (who: Who | null, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? bearer(cast.tokens[who]) : {},
      ...(payload ? { payload } : {}),
    });

/** How many rows a table holds. */
export const countRows = async (db: Kysely<Database>, table: keyof Database): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The audit trail of one record, oldest first. */
export const auditTrail = (db: Kysely<Database>, entidade: string, id: number) =>
  db
    .selectFrom('auditoria')
    .select(['id_usuario', 'acao', 'antes', 'depois'])
    .where('entidade', '=', entidade)
    .where('id_entidade', '=', String(id))
    .orderBy('id')
    .execute();
