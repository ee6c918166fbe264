import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MSG_CONTEUDO, type TurismoAdminQuery, type TurismoDados, type TurismoItem } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import {
  listSearch,
  pageWindow,
  storedImage,
  type AdminDeps,
  type Page,
  type Written,
} from '../shared/admin.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import {
  checkAdminCity,
  checkCityExists,
  recordInAdminCity,
  requestedAdminCity,
} from '../cities/admin-scope.js';
import * as repo from './admin-repository.js';
import { presentTourismItem, type TourismRow } from './presenter.js';

/**
 * Admin tourism guide (issue 7; spec §2 Turismo, §3 Tourism item, §5, §7; domain §3, §7).
 * Admins keep their own city's items, the super-admin any city's.
 */

export type TourismDeps = AdminDeps;

type ListQuery = z.output<typeof TurismoAdminQuery>;

// --- rules -----------------------------------------------------------------------------------

/**
 * The validity a body sends: `validadeate` (the spec's wire name) or `validade_ate`, the
 * former winning when both come; null is "never expires", undefined "not sent".
 */
const validityOf = (body: TurismoDados): string | null | undefined =>
  body.validadeate !== undefined ? body.validadeate : body.validade_ate;

const valuesOf = (r: TourismRow): repo.TourismValues => ({
  cod_cidade: r.cod_cidade,
  tipo: r.tipo,
  descricao: r.descricao,
  url_foto: r.url_foto,
  url_site: r.url_site,
  ind_ativo: r.ind_ativo,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  validade_ate: r.validade_ate,
});

// --- reads -----------------------------------------------------------------------------------

/**
 * Every item of a city (of one type when asked), active or not, expired or not, newest first,
 * one page. `q` of digits finds that id or a description containing them; any other `q` a
 * description containing it (case-insensitive, `%` and `_` literal).
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  query: ListQuery,
): Promise<Page<TurismoItem>> {
  const codCidade = requestedAdminCity(user, query);
  const { rows, total } = await repo.listByCity(
    db,
    { codCidade, tipo: query.tipo, ...listSearch(query.q) },
    pageWindow(query),
  );
  return { itens: rows.map(presentTourismItem), total };
}

/** One item: 404 when there is none, 403 when it is of another city. */
export async function getOne(db: Kysely<Database>, user: AuthUser, idTurismo: number): Promise<TurismoItem> {
  const r = await repo.findItem(db, idTurismo);
  return presentTourismItem(recordInAdminCity(user, r, MSG_CONTEUDO.itemNaoEncontrado));
}

// --- writes ----------------------------------------------------------------------------------

/** Creates an item: `descricao` and `tipo` required; active, no expiry and the caller's city by default. */
export async function create(
  deps: TourismDeps,
  user: AuthUser,
  body: TurismoDados,
  ip: string,
): Promise<Written<TurismoItem>> {
  const codCidade = body.cod_cidade ?? user.cod_cidade;
  checkAdminCity(user, codCidade);
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
  const at = nowIso();
  const resposta = await deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertItem(trx, values, at);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'turismo',
      id_entidade: id,
      depois: values,
      ip,
    });
    return presentTourismItem({ id_turismo: id, ...values });
  });
  return { resposta, cidades: [codCidade] };
}

/**
 * Changes only what is sent (null coordinates or validity clear them). A plain admin may only
 * name its own city; the super-admin may move an item to another existing city.
 */
export async function update(
  deps: TourismDeps,
  user: AuthUser,
  idTurismo: number,
  body: TurismoDados,
  ip: string,
): Promise<Written<TurismoItem>> {
  const image = body.url_foto === undefined ? undefined : storedImage(body.url_foto, deps.basePath);
  const validade = validityOf(body);
  const at = nowIso();
  let cidades: number[] = [];
  const resposta = await deps.db.transaction().execute(async (trx) => {
    const row = recordInAdminCity(
      user,
      await repo.lockItem(trx, deps.dialect, idTurismo),
      MSG_CONTEUDO.itemNaoEncontrado,
    );
    const old = valuesOf(row);
    const codCidade = body.cod_cidade ?? old.cod_cidade;
    if (codCidade !== old.cod_cidade) {
      checkAdminCity(user, codCidade);
      await checkCityExists(trx, codCidade);
    }
    const values: repo.TourismValues = {
      cod_cidade: codCidade,
      tipo: body.tipo ?? old.tipo,
      descricao: body.descricao ?? old.descricao,
      url_foto: image ?? old.url_foto,
      url_site: body.url_site ?? old.url_site,
      ind_ativo: body.ind_ativo ?? old.ind_ativo,
      latitude: body.latitude === undefined ? old.latitude : body.latitude,
      longitude: body.longitude === undefined ? old.longitude : body.longitude,
      validade_ate: validade === undefined ? old.validade_ate : validade,
    };
    await repo.updateItem(trx, idTurismo, values, at);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'alterar',
      entidade: 'turismo',
      id_entidade: idTurismo,
      antes: old,
      depois: values,
      ip,
    });
    cidades = [...new Set([old.cod_cidade, codCidade])];
    return presentTourismItem({ id_turismo: idTurismo, ...values });
  });
  return { resposta, cidades };
}

export async function remove(
  deps: TourismDeps,
  user: AuthUser,
  idTurismo: number,
  ip: string,
): Promise<Written<{ mensagem: string }>> {
  const codCidade = await deps.db.transaction().execute(async (trx) => {
    const row = recordInAdminCity(
      user,
      await repo.lockItem(trx, deps.dialect, idTurismo),
      MSG_CONTEUDO.itemNaoEncontrado,
    );
    await repo.deleteItem(trx, idTurismo);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'turismo',
      id_entidade: idTurismo,
      antes: valuesOf(row),
      ip,
    });
    return row.cod_cidade;
  });
  return { resposta: { mensagem: MSG_CONTEUDO.itemExcluido }, cidades: [codCidade] };
}
