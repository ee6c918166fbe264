import type { Kysely } from 'kysely';
import { MSG_VENDA, type CampanhaDaLoja, type Venda, type VendaDaLista } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { escapeLike, foldForSearch } from '../../db/search-text.js';
import { today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import * as campaigns from '../campaigns/service.js';
import { mayAdministerCity } from '../cities/policy.js';
import * as coupons from '../coupons/service.js';
import * as establishments from '../establishments/service.js';
import { view } from './answer.js';
import type { VendasFiltro } from './deps.js';
import { namesFor, presentSale } from './presenter.js';
import * as repo from './repository.js';

/** The partner's reads of sales: the shop's campaigns, its sales list, one sale. */

/** The campaigns of the current year a shop takes part in ([] when none). */
export async function campaignsOfShop(
  db: Kysely<Database>,
  user: AuthUser,
  idEstabelecimento: number,
): Promise<CampanhaDaLoja[]> {
  const shop = await establishments.shopToRun(db, user, idEstabelecimento);
  return campaigns.listForShop(db, shop.id_estabelecimento, today());
}

/**
 * The filter of a shop's sales list: the shop the caller runs (404, 403), a campaign or the
 * year's campaigns, the text in the number or the recipient's name. The list and its export.
 */
export async function shopSalesFilter(
  db: Kysely<Database>,
  user: AuthUser,
  q: Pick<VendasFiltro, 'id_estabelecimento' | 'id_campanha' | 'q'>,
): Promise<repo.SalesFilter> {
  const shop = await establishments.shopToRun(db, user, q.id_estabelecimento);
  const text = q.q?.trim();
  return {
    idEstabelecimento: shop.id_estabelecimento,
    idCampanha: q.id_campanha > 0 ? q.id_campanha : undefined,
    year: q.id_campanha > 0 ? undefined : campaigns.yearOf(today()),
    numeroLike: text ? `%${escapeLike(text.toLowerCase())}%` : undefined,
    nomeLike: text ? `%${escapeLike(foldForSearch(text))}%` : undefined,
    nomes: namesFor(user),
  };
}

/**
 * A shop's sales, newest first; `id_campanha` 0 is every campaign of the current year. Each
 * says whether a coupon of it is in an apuração's frozen ticket file (`congelada`, issue 49:
 * the screen tells the partner before any form that it can be neither edited nor deleted).
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  q: VendasFiltro,
): Promise<{ itens: VendaDaLista[]; total: number }> {
  const filter = await shopSalesFilter(db, user, q);
  const { rows, total } = await repo.listSales(db, filter, {
    offset: (q.pagina - 1) * q.limite,
    limit: q.limite,
  });
  const ids = rows.map((r) => r.id_venda);
  const [live, frozen] = await Promise.all([coupons.liveCountBySale(db, ids), coupons.frozenSales(db, ids)]);
  // Issue 52: the admins of the shop's city (the admin's sales screen) see why a sale waiting
  // for a CPF was refused; a partner is not told.
  const admin =
    (user.admin || user.superadmin) &&
    mayAdministerCity(user, (await establishments.shopToRun(db, user, q.id_estabelecimento)).cod_cidade);
  return {
    itens: rows.map((r) => ({
      ...presentSale(r, live.get(r.id_venda) ?? 0, filter.nomes ?? 'completos', { admin }),
      congelada: frozen.has(r.id_venda),
    })),
    total,
  };
}

/** One sale of a shop the caller runs; a sale of another shop is 404 here, never shown. */
export async function getOne(
  db: Kysely<Database>,
  user: AuthUser,
  idEstabelecimento: number,
  idVenda: number,
): Promise<Venda> {
  const shop = await establishments.shopToRun(db, user, idEstabelecimento);
  const sale = await view(db, idVenda, namesFor(user));
  if (sale.id_estabelecimento !== shop.id_estabelecimento)
    throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  return sale;
}
