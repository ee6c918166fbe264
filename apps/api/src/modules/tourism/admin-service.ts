import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_CONTEUDO,
  imagePathOf,
  type TurismoAdminQuery,
  type TurismoDados,
  type TurismoItem,
} from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { escapeLike } from '../../lib/search-text.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import * as cities from '../cities/service.js';
import * as repo from './admin-repository.js';
import { mayAdministerCity } from './policy.js';
import { presentTourismItem, type TourismRow } from './presenter.js';

/**
 * Admin tourism guide (issue 7; spec §2 Turismo, §3 Tourism item, §5, §7; domain §3, §7).
 * Admins keep their own city's items, the super-admin any city's.
 */

export interface TourismDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The server's BASE_PATH (`/` or `/praca/`), to recognise its own image URLs. */
  basePath: string;
}

/** A write's answer and the cities whose cached consumer lists it changed. */
export interface Written<T> {
  resposta: T;
  cidades: number[];
}

type ListQuery = z.output<typeof TurismoAdminQuery>;

// --- rules -----------------------------------------------------------------------------------

function checkCity(user: AuthUser, codCidade: number): void {
  if (!mayAdministerCity(user, codCidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
}

async function checkCityExists(db: Kysely<Database>, codCidade: number): Promise<void> {
  if (!(await cities.findCity(db, codCidade))) throw new HttpError(400, MSG_ADMIN.cidadeNaoEncontrada);
}

/** The image as stored: a path (a URL under this server's image base is stripped to it). */
function storedImage(image: string, basePath: string): string {
  const path = imagePathOf(image, basePath);
  if (path === null) throw new HttpError(400, MSG_ADMIN.caminhoImagemInvalido);
  return path;
}

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
): Promise<{ itens: TurismoItem[]; total: number }> {
  const codCidade = query.cod_cidade ?? query.codcidade ?? user.cod_cidade;
  checkCity(user, codCidade);
  const text = query.q?.trim() ?? '';
  const digits = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
  const { rows, total } = await repo.listByCity(
    db,
    {
      codCidade,
      tipo: query.tipo,
      like: text === '' ? undefined : `%${escapeLike(text.toLowerCase())}%`,
      id: digits,
    },
    { offset: (query.pagina - 1) * query.limite, limit: query.limite },
  );
  return { itens: rows.map(presentTourismItem), total };
}

/** One item: 404 when there is none, 403 when it is of another city. */
export async function getOne(db: Kysely<Database>, user: AuthUser, idTurismo: number): Promise<TurismoItem> {
  const r = await repo.findItem(db, idTurismo);
  if (!r) throw new HttpError(404, MSG_CONTEUDO.itemNaoEncontrado);
  checkCity(user, r.cod_cidade);
  return presentTourismItem(r);
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
  checkCity(user, codCidade);
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
    const row = await repo.lockItem(trx, deps.dialect, idTurismo);
    if (!row) throw new HttpError(404, MSG_CONTEUDO.itemNaoEncontrado);
    const old = valuesOf(row);
    checkCity(user, old.cod_cidade);
    const codCidade = body.cod_cidade ?? old.cod_cidade;
    if (codCidade !== old.cod_cidade) {
      checkCity(user, codCidade);
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
    const row = await repo.lockItem(trx, deps.dialect, idTurismo);
    if (!row) throw new HttpError(404, MSG_CONTEUDO.itemNaoEncontrado);
    checkCity(user, row.cod_cidade);
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
