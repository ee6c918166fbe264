import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MSG_CONTEUDO, type AdminListaQuery, type AvisoAdmin, type AvisoDados } from '@praca/contract';
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
import { sanitizeHtml } from '../../lib/html.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import {
  checkAdminCity,
  checkCityExists,
  recordInAdminCity,
  requestedAdminCity,
} from '../cities/admin-scope.js';
import * as repo from './admin-repository.js';

/**
 * Admin notices (issue 7; spec §2 Avisos, §3 Notice, §5, §7; domain §3, §7). Admins keep the
 * notices of their own city, the super-admin of any city. Bodies are sanitised before they are
 * stored; an image given as a URL under this server's image base is stored as its path.
 */

export type NoticeDeps = AdminDeps;

type ListQuery = z.output<typeof AdminListaQuery>;

// --- presenter -------------------------------------------------------------------------------

const presentNotice = (a: repo.NoticeRow): AvisoAdmin => ({
  id_aviso: a.id_aviso,
  cod_cidade: a.cod_cidade,
  type: a.type,
  title: a.title,
  body: a.body,
  image: a.image,
  validade: a.validade,
});

const valuesOf = (a: repo.NoticeRow): repo.NoticeValues => ({
  cod_cidade: a.cod_cidade,
  type: a.type,
  title: a.title,
  body: a.body,
  image: a.image,
  validade: a.validade,
});

// --- reads -----------------------------------------------------------------------------------

/**
 * Every notice of a city (valid or expired), newest first, one page. `q` of digits finds that
 * id or a title containing them; any other `q` a title containing it (case-insensitive).
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  query: ListQuery,
): Promise<Page<AvisoAdmin>> {
  const codCidade = requestedAdminCity(user, query);
  const { rows, total } = await repo.listByCity(db, { codCidade, ...listSearch(query.q) }, pageWindow(query));
  return { itens: rows.map(presentNotice), total };
}

/** One notice: 404 when there is none, 403 when it is of another city. */
export async function getOne(db: Kysely<Database>, user: AuthUser, idAviso: number): Promise<AvisoAdmin> {
  const a = await repo.findNotice(db, idAviso);
  return presentNotice(recordInAdminCity(user, a, MSG_CONTEUDO.avisoNaoEncontrado));
}

// --- writes ----------------------------------------------------------------------------------

/** Creates a notice: `title` and `validade` required, `type` 'M' and the caller's city by default. */
export async function create(
  deps: NoticeDeps,
  user: AuthUser,
  body: AvisoDados,
  ip: string,
): Promise<Written<AvisoAdmin>> {
  const codCidade = body.cod_cidade ?? user.cod_cidade;
  checkAdminCity(user, codCidade);
  if (body.title === undefined) throw new HttpError(400, MSG_CONTEUDO.tituloObrigatorio);
  if (body.validade === undefined) throw new HttpError(400, MSG_CONTEUDO.validadeObrigatoria);
  await checkCityExists(deps.db, codCidade);
  const values: repo.NoticeValues = {
    cod_cidade: codCidade,
    type: body.type ?? 'M',
    title: body.title,
    body: sanitizeHtml(body.body ?? ''),
    image: storedImage(body.image ?? '', deps.basePath),
    validade: body.validade,
  };
  const at = nowIso();
  const resposta = await deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertNotice(trx, values, at);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'aviso',
      id_entidade: id,
      depois: values,
      ip,
    });
    return presentNotice({ id_aviso: id, ...values });
  });
  return { resposta, cidades: [codCidade] };
}

/**
 * Changes only what is sent. A plain admin may only name its own city; the super-admin may
 * move a notice to another (existing) city, and both cities' cached lists are dropped.
 */
export async function update(
  deps: NoticeDeps,
  user: AuthUser,
  idAviso: number,
  body: AvisoDados,
  ip: string,
): Promise<Written<AvisoAdmin>> {
  const image = body.image === undefined ? undefined : storedImage(body.image, deps.basePath);
  const at = nowIso();
  let cidades: number[] = [];
  const resposta = await deps.db.transaction().execute(async (trx) => {
    const old = recordInAdminCity(
      user,
      await repo.lockNotice(trx, deps.dialect, idAviso),
      MSG_CONTEUDO.avisoNaoEncontrado,
    );
    const codCidade = body.cod_cidade ?? old.cod_cidade;
    if (codCidade !== old.cod_cidade) {
      checkAdminCity(user, codCidade);
      await checkCityExists(trx, codCidade);
    }
    const values: repo.NoticeValues = {
      cod_cidade: codCidade,
      type: body.type ?? old.type,
      title: body.title ?? old.title,
      body: body.body === undefined ? old.body : sanitizeHtml(body.body),
      image: image ?? old.image,
      validade: body.validade ?? old.validade,
    };
    await repo.updateNotice(trx, idAviso, values, at);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'alterar',
      entidade: 'aviso',
      id_entidade: idAviso,
      antes: valuesOf(old),
      depois: values,
      ip,
    });
    cidades = [...new Set([old.cod_cidade, codCidade])];
    return presentNotice({ id_aviso: idAviso, ...values });
  });
  return { resposta, cidades };
}

export async function remove(
  deps: NoticeDeps,
  user: AuthUser,
  idAviso: number,
  ip: string,
): Promise<Written<{ mensagem: string }>> {
  const codCidade = await deps.db.transaction().execute(async (trx) => {
    const old = recordInAdminCity(
      user,
      await repo.lockNotice(trx, deps.dialect, idAviso),
      MSG_CONTEUDO.avisoNaoEncontrado,
    );
    await repo.deleteNotice(trx, idAviso);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'aviso',
      id_entidade: idAviso,
      antes: valuesOf(old),
      ip,
    });
    return old.cod_cidade;
  });
  return { resposta: { mensagem: MSG_CONTEUDO.avisoExcluido }, cidades: [codCidade] };
}
