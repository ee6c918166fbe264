import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MSG_ADMIN, type Cidade, type PromotorBody, type PromotorCidade } from '@praca/contract';
import { transaction } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { adminCityScope, mayAdministerCity } from './policy.js';
import { presentCity, presentPromoter } from './presenter.js';
import * as repo from './repository.js';

export const listCities = async (db: Kysely<Database>): Promise<Cidade[]> =>
  (await repo.listCities(db)).map(presentCity);

/** A super-admin gets every city, an admin only its own. */
export const listCitiesForAdmin = async (db: Kysely<Database>, user: AuthUser): Promise<Cidade[]> =>
  (await repo.listCities(db, adminCityScope(user))).map(presentCity);

export async function findCity(db: Kysely<Database>, codCidade: number): Promise<Cidade | undefined> {
  const c = await repo.findCity(db, codCidade);
  return c && presentCity(c);
}

/**
 * `GET /v1/adm/cidades/{cod_cidade}/promotor` (issue 49): the city's promoter, for its admin
 * and the super-admin; 404 for a city that does not exist, 403 for another admin's.
 */
export async function getPromoter(
  db: Kysely<Database>,
  user: AuthUser,
  codCidade: number,
): Promise<PromotorCidade> {
  const c = await repo.findPromoter(db, codCidade);
  if (!c) throw new HttpError(404, MSG_ADMIN.cidadeNaoEncontrada);
  if (!mayAdministerCity(user, codCidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  return presentPromoter(c);
}

/**
 * `PATCH /v1/adm/cidades/{cod_cidade}/promotor` (issue 49): the super-admin names the city's
 * promoter and its CNPJ (the route lets no one else in), audited with before and after.
 */
export async function setPromoter(
  db: Kysely<Database>,
  actor: { user: AuthUser; ip: string },
  codCidade: number,
  body: z.output<typeof PromotorBody>,
): Promise<PromotorCidade> {
  return transaction(db, async (trx) => {
    const before = await repo.findPromoter(trx, codCidade);
    if (!before) throw new HttpError(404, MSG_ADMIN.cidadeNaoEncontrada);
    await repo.updatePromoter(trx, codCidade, {
      promotor_nome: body.promotor_nome,
      promotor_cnpj: body.promotor_cnpj,
    });
    const after = presentPromoter({ ...before, ...body });
    await recordAudit(trx, {
      id_usuario: actor.user.id,
      acao: 'alterar',
      entidade: 'cidade',
      id_entidade: codCidade,
      antes: { promotor_nome: before.promotor_nome, promotor_cnpj: before.promotor_cnpj },
      depois: { promotor_nome: after.promotor_nome, promotor_cnpj: after.promotor_cnpj },
      ip: actor.ip,
    });
    return after;
  });
}

/**
 * The city's name and the promoter the edital and the ata name (issue 49), for the apuracoes
 * module; `promotor` null until the super-admin configures both fields.
 */
export async function promoterOf(
  db: Kysely<Database>,
  codCidade: number,
): Promise<{ cidade: string; uf: string; promotor: { nome: string; cnpj: string } | null }> {
  const c = await repo.findPromoter(db, codCidade);
  if (!c) throw new HttpError(404, MSG_ADMIN.cidadeNaoEncontrada);
  const promotor =
    c.promotor_nome && c.promotor_cnpj ? { nome: c.promotor_nome, cnpj: c.promotor_cnpj } : null;
  return { cidade: c.cidade, uf: c.uf, promotor };
}
