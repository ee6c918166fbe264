import type { Kysely } from 'kysely';
import {
  DEFAULT_SELLER_ID,
  DEFAULT_SELLER_NAME,
  MSG,
  type EstabelecimentoPublico,
  type Vendedor,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { mayRunShop, type ShopScope } from './policy.js';
import { presentShop } from './presenter.js';
import * as repo from './repository.js';

export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
): Promise<EstabelecimentoPublico[]> {
  return (await repo.listActiveByCity(db, codCidade)).map(presentShop);
}

export const findShopBrief = repo.findShopBrief;
export const addToRating = repo.addToRating;
export const findSeller = repo.findSeller;

/** A shop the caller may run (sellers, sales): 404 when unknown, 403 when not theirs. */
export async function shopToRun(db: Kysely<Database>, user: AuthUser, idEstabelecimento: number) {
  return checkShopToRun(user, await repo.findShopBrief(db, idEstabelecimento));
}

/** `shopToRun`'s rule on a shop already read (or not found: undefined). */
export function checkShopToRun<S extends ShopScope>(user: AuthUser, shop: S | undefined): S {
  if (!shop) throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
  if (!mayRunShop(user, shop)) throw new HttpError(403, MSG.semPermissao);
  return shop;
}

/** The sellers of a shop, 'Sem Vendedor' (id 99, spec §3, §9) always first. */
export async function sellersOf(
  db: Kysely<Database>,
  user: AuthUser,
  idEstabelecimento: number,
): Promise<Vendedor[]> {
  const shop = await shopToRun(db, user, idEstabelecimento);
  const sellers = await repo.listSellers(db, shop.id_estabelecimento);
  return [
    {
      id_estabelecimento: shop.id_estabelecimento,
      id_vendedor: DEFAULT_SELLER_ID,
      nome_vendedor: DEFAULT_SELLER_NAME,
    },
    ...sellers.filter((s) => s.id_vendedor !== DEFAULT_SELLER_ID),
  ];
}
