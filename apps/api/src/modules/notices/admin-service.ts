import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MSG_CONTEUDO, type AdminListaQuery, type AvisoAdmin, type AvisoDados } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { storedImage, type AdminDeps } from '../shared/admin.js';
import { HttpError } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/html.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity, checkCityExists } from '../cities/admin-scope.js';
import { adminEditor, cityAfterWrite, type Actor } from '../shared/admin-crud.js';
import * as repo from './admin-repository.js';
import { noticeSnapshot, presentNotice } from './presenter.js';

/**
 * Admin notices (issue 7; spec §2 Avisos, §3 Notice, §5, §7; domain §3, §7). Admins keep the
 * notices of their own city, the super-admin of any city. Bodies are sanitised before they are
 * stored; an image given as a URL under this server's image base is stored as its path.
 */

const notices = adminEditor<repo.NoticeRow>({
  entidade: 'aviso',
  naoEncontrado: MSG_CONTEUDO.avisoNaoEncontrado,
  excluido: MSG_CONTEUDO.avisoExcluido,
  lock: repo.lockNotice,
});

// --- reads -----------------------------------------------------------------------------------

/**
 * Every notice of a city (valid or expired), newest first, one page. `q` of digits finds that
 * id or a title containing them; any other `q` a title containing it (case-insensitive).
 */
export const list = (db: Kysely<Database>, user: AuthUser, query: z.output<typeof AdminListaQuery>) =>
  notices.page(user, query, (f, page) => repo.listByCity(db, f, page), presentNotice);

/** One notice: 404 when there is none, 403 when it is of another city. */
export const getOne = async (db: Kysely<Database>, user: AuthUser, idAviso: number): Promise<AvisoAdmin> =>
  presentNotice(notices.one(user, await repo.findNotice(db, idAviso)));

// --- writes ----------------------------------------------------------------------------------

/** Creates a notice: `title` and `validade` required, `type` 'M' and the caller's city by default. */
export async function create(deps: AdminDeps, actor: Actor, body: AvisoDados) {
  const codCidade = body.cod_cidade ?? actor.user.cod_cidade;
  checkAdminCity(actor.user, codCidade);
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
  return notices.create(deps, actor, codCidade, async (trx, at) => {
    const id = await repo.insertNotice(trx, values, at);
    return { id, depois: values, resposta: presentNotice({ id_aviso: id, ...values }) };
  });
}

/**
 * Changes only what is sent. A plain admin may only name its own city; the super-admin may
 * move a notice to another (existing) city, and both cities' cached lists are dropped.
 */
export async function update(deps: AdminDeps, actor: Actor, idAviso: number, body: AvisoDados) {
  const image = body.image === undefined ? undefined : storedImage(body.image, deps.basePath);
  return notices.update(deps, actor, idAviso, async (trx, old, at) => {
    const values: repo.NoticeValues = {
      cod_cidade: await cityAfterWrite(trx, actor.user, old.cod_cidade, body.cod_cidade),
      type: body.type ?? old.type,
      title: body.title ?? old.title,
      body: body.body === undefined ? old.body : sanitizeHtml(body.body),
      image: image ?? old.image,
      validade: body.validade ?? old.validade,
    };
    await repo.updateNotice(trx, idAviso, values, at);
    return {
      antes: noticeSnapshot(old),
      depois: values,
      cod_cidade: values.cod_cidade,
      resposta: presentNotice({ id_aviso: idAviso, ...values }),
    };
  });
}

/** Deletes a notice. */
export const remove = (deps: AdminDeps, actor: Actor, idAviso: number) =>
  notices.remove(deps, actor, idAviso, async (trx, old) => {
    await repo.deleteNotice(trx, idAviso);
    return noticeSnapshot(old);
  });
