import type { Kysely, Updateable } from 'kysely';
import {
  CAMPOS_DO_ADMINISTRADOR,
  CAMPOS_DO_PARCEIRO,
  IMAGENS_DO_PARCEIRO,
  MSG,
  type EstabelecimentoParceiro,
  type EstabelecimentoParceiroBody,
  type ImagemDoParceiro,
  type ImagemParceiroBody,
} from '@praca/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database, EstabelecimentosTable } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { saveImage } from '../images/service.js';
import type { Store } from '../../lib/storage.js';
import * as repo from './admin-repository.js';
import { detail, writeShop, type ShopReach, type WriteResult } from './admin-service.js';
import { mayKeepOwnShop } from './policy.js';
import { presentPartnerShop } from './presenter.js';
import { transaction } from '../../db/index.js';

/**
 * The partner's own shops (issue 35; domain §3, §10): the shops linked to the partner, with
 * what a shop owner keeps — contacts, address, photo, logo and sellers. Every write runs in one
 * transaction with its audit entry, as the admin editor's do, and names the city whose cached
 * consumer lists it changed.
 */

type Db = Kysely<Database>;
type Body = z.output<typeof EstabelecimentoParceiroBody>;

/** A shop of the partner's own: 404 when unknown, 403 when it is not linked to the partner. */
export const ownShop: ShopReach = async (db, user, idEstabelecimento) => {
  const row = await repo.findAdminRow(db, idEstabelecimento);
  if (!row) throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
  if (!mayKeepOwnShop(user, idEstabelecimento)) throw new HttpError(403, MSG.semPermissao);
  return row;
};

/** The partner's shops by name, each with its sellers. */
export async function listOwn(db: Db, user: AuthUser): Promise<EstabelecimentoParceiro[]> {
  const rows = await repo.listAdminRows(db, user.parceiro ? user.estabelecimentos : []);
  const shops: EstabelecimentoParceiro[] = [];
  for (const row of rows) shops.push(presentPartnerShop(await detail(db, row)));
  return shops;
}

/** The fields of the admin editor the body carries (a partner may send none of them). */
const adminFieldsIn = (body: Body): string[] =>
  CAMPOS_DO_ADMINISTRADOR.filter((f) => Object.hasOwn(body, f) && body[f] !== undefined);

/**
 * Changes the fields sent (PATCH) of the partner's own shop. A body with any field of the
 * admin editor is refused whole (403) and nothing changes. `vendedores`, when sent, is the
 * whole list of sellers, planned as the admin editor plans it.
 */
export async function updateOwn(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  body: Body,
  ip: string,
): Promise<WriteResult<EstabelecimentoParceiro>> {
  return transaction(db, async (trx) => {
    const row = await ownShop(trx, user, idEstabelecimento);
    if (adminFieldsIn(body).length > 0) throw new HttpError(403, MSG.somenteAdministradorAltera);
    const set: Record<string, unknown> = {};
    for (const f of CAMPOS_DO_PARCEIRO) if (body[f] !== undefined) set[f] = body[f];
    const after = await writeShop(
      trx,
      user,
      row,
      set as Updateable<EstabelecimentosTable>,
      body.vendedores,
      ip,
    );
    return { resposta: presentPartnerShop(after), cidades: [row.cod_cidade] };
  });
}

const COLUMN: Record<ImagemDoParceiro, 'url_foto' | 'url_logo'> = { foto: 'url_foto', logo: 'url_logo' };

/** Points the shop's photo or logo at `caminho` ('' removes it), with its audit entry. */
async function setImage(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  imagem: ImagemDoParceiro,
  caminho: string,
  ip: string,
): Promise<WriteResult<EstabelecimentoParceiro>> {
  return transaction(db, async (trx) => {
    const row = await ownShop(trx, user, idEstabelecimento);
    const after = await writeShop(trx, user, row, { [COLUMN[imagem]]: caminho }, undefined, ip);
    return { resposta: presentPartnerShop(after), cidades: [row.cod_cidade] };
  });
}

/**
 * Stores a new photo (folder imgest) or logo (imglog) of the partner's own shop, fitted into
 * the folder's box (spec §9), and points the shop at it. The shop is checked before the file
 * is written, so a refused caller stores nothing.
 */
export async function uploadOwnImage(
  db: Db,
  config: Pick<Config, 'IMAGE_MAX_BYTES' | 'BASE_PATH'>,
  store: Store,
  user: AuthUser,
  idEstabelecimento: number,
  imagem: ImagemDoParceiro,
  body: z.output<typeof ImagemParceiroBody>,
  ip: string,
): Promise<WriteResult<EstabelecimentoParceiro>> {
  await ownShop(db, user, idEstabelecimento);
  const saved = await saveImage(config, store, IMAGENS_DO_PARCEIRO[imagem], body);
  return setImage(db, user, idEstabelecimento, imagem, saved.caminho, ip);
}

/** Removes the photo or the logo of the partner's own shop (the shop shows its placeholder). */
export function removeOwnImage(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  imagem: ImagemDoParceiro,
  ip: string,
): Promise<WriteResult<EstabelecimentoParceiro>> {
  return setImage(db, user, idEstabelecimento, imagem, '', ip);
}
