import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MSG_CONTEUDO, type TurismoAdminQuery, type TurismoDados, type TurismoItem } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { storedImage, type AdminDeps } from '../shared/admin.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity, checkCityExists } from '../cities/admin-scope.js';
import { adminEditor, cityAfterWrite, type Actor } from '../shared/admin-crud.js';
import * as repo from './admin-repository.js';
import { presentTourismItem, tourismSnapshot, type TourismRow } from './presenter.js';

/**
 * Admin tourism guide (issue 7; spec §2 Turismo, §3 Tourism item, §5, §7; domain §3, §7).
 * Admins keep their own city's items, the super-admin any city's.
 */

const items = adminEditor<TourismRow>({
  entidade: 'turismo',
  naoEncontrado: MSG_CONTEUDO.itemNaoEncontrado,
  excluido: MSG_CONTEUDO.itemExcluido,
  lock: repo.lockItem,
});

/**
 * The validity a body sends: `validadeate` (the spec's wire name) or `validade_ate`, the
 * former winning when both come; null is "never expires", undefined "not sent".
 */
const validityOf = (body: TurismoDados): string | null | undefined =>
  body.validadeate !== undefined ? body.validadeate : body.validade_ate;

/** A value the body sends, null included, else the stored one. */
const sentOr = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);

// --- reads -----------------------------------------------------------------------------------

/**
 * Every item of a city (of one type when asked), active or not, expired or not, newest first,
 * one page. `q` of digits finds that id or a description containing them; any other `q` a
 * description containing it (case-insensitive, `%` and `_` literal).
 */
export const list = (db: Kysely<Database>, user: AuthUser, query: z.output<typeof TurismoAdminQuery>) =>
  items.page(
    user,
    query,
    (f, page) => repo.listByCity(db, { ...f, tipo: query.tipo }, page),
    presentTourismItem,
  );

/** One item: 404 when there is none, 403 when it is of another city. */
export const getOne = async (db: Kysely<Database>, user: AuthUser, idTurismo: number): Promise<TurismoItem> =>
  presentTourismItem(items.one(user, await repo.findItem(db, idTurismo)));

// --- writes ----------------------------------------------------------------------------------

/** Creates an item: `descricao` and `tipo` required; active, no expiry and the caller's city by default. */
export async function create(deps: AdminDeps, actor: Actor, body: TurismoDados) {
  const codCidade = body.cod_cidade ?? actor.user.cod_cidade;
  checkAdminCity(actor.user, codCidade);
  if (body.descricao === undefined) throw new HttpError(400, MSG_CONTEUDO.descricaoObrigatoria);
  if (body.tipo === undefined) throw new HttpError(400, MSG_CONTEUDO.tipoInvalido);
  await checkCityExists(deps.db, codCidade);
  const values: repo.TourismValues = {
    cod_cidade: codCidade,
    tipo: body.tipo,
    descricao: body.descricao,
    url_foto: storedImage(body.url_foto ?? '', deps.basePath),
    url_site: body.url_site ?? '',
    ind_ativo: body.ind_ativo ?? 'S',
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    validade_ate: validityOf(body) ?? null,
  };
  return items.create(deps, actor, codCidade, async (trx, at) => {
    const id = await repo.insertItem(trx, values, at);
    return { id, depois: values, resposta: presentTourismItem({ id_turismo: id, ...values }) };
  });
}

/**
 * Changes only what is sent (null coordinates or validity clear them). A plain admin may only
 * name its own city; the super-admin may move an item to another existing city.
 */
export async function update(deps: AdminDeps, actor: Actor, idTurismo: number, body: TurismoDados) {
  const image = body.url_foto === undefined ? undefined : storedImage(body.url_foto, deps.basePath);
  const validade = validityOf(body);
  return items.update(deps, actor, idTurismo, async (trx, row, at) => {
    const old = tourismSnapshot(row);
    const values: repo.TourismValues = {
      cod_cidade: await cityAfterWrite(trx, actor.user, old.cod_cidade, body.cod_cidade),
      tipo: body.tipo ?? old.tipo,
      descricao: body.descricao ?? old.descricao,
      url_foto: image ?? old.url_foto,
      url_site: body.url_site ?? old.url_site,
      ind_ativo: body.ind_ativo ?? old.ind_ativo,
      latitude: sentOr(body.latitude, old.latitude),
      longitude: sentOr(body.longitude, old.longitude),
      validade_ate: sentOr(validade, old.validade_ate),
    };
    await repo.updateItem(trx, idTurismo, values, at);
    return {
      antes: old,
      depois: values,
      cod_cidade: values.cod_cidade,
      resposta: presentTourismItem({ id_turismo: idTurismo, ...values }),
    };
  });
}

/** Deletes an item. */
export const remove = (deps: AdminDeps, actor: Actor, idTurismo: number) =>
  items.remove(deps, actor, idTurismo, async (trx, row) => {
    await repo.deleteItem(trx, idTurismo);
    return tourismSnapshot(row);
  });
