import type { Kysely } from 'kysely';
import {
  DEFAULT_SELLER_ID,
  DEFAULT_SELLER_NAME,
  MSG,
  VITRINE_MAX,
  type EstabelecimentoPublico,
  type Vendedor,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { escapeLike, foldForSearch } from '../../db/search-text.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { dailyPick } from './daily-pick.js';
import { mayRunShop, type ShopScope } from './policy.js';
import { presentShop } from './presenter.js';
import * as repo from './repository.js';

export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
): Promise<EstabelecimentoPublico[]> {
  return (await repo.listActiveByCity(db, codCidade)).map(presentShop);
}

/**
 * The consumer home's shops (issue 38): at most `VITRINE_MAX` of the city's active shops,
 * picked and ordered by the programme's day and the city (`dailyPick`), so the answer is the
 * same for every resident all day and is cached per city and day like the whole list.
 */
export async function vitrine(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
): Promise<EstabelecimentoPublico[]> {
  const chosen = dailyPick(await repo.activeIdsOfCity(db, codCidade), VITRINE_MAX, `${day}|${codCidade}`);
  const byId = new Map(
    (await repo.listActiveByIds(db, codCidade, chosen)).map((r) => [r.id_estabelecimento, r]),
  );
  return chosen.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentShop(row)] : [];
  });
}

/**
 * Participantes (issue 38): a page of the city's active shops by name, `q` a part of the name
 * with case and accents folded as `estabelecimentos.nome_busca` is; the total for X-Total-Count.
 */
export async function searchForConsumers(
  db: Kysely<Database>,
  query: { cod_cidade: number; q?: string; pagina: number; limite: number },
): Promise<{ itens: EstabelecimentoPublico[]; total: number }> {
  const text = foldForSearch(query.q?.trim() ?? '').replace(/\s+/g, ' ');
  const { rows, total } = await repo.searchActiveByCity(
    db,
    query.cod_cidade,
    text ? `%${escapeLike(text)}%` : undefined,
    { offset: (query.pagina - 1) * query.limite, limit: query.limite },
  );
  return { itens: rows.map(presentShop), total };
}

export const findShopBrief = repo.findShopBrief;
/** Issue 53: the shops' CNPJ lists (cnpjs.ts), for campaigns and sales. */
export { keyPlace, shopsWithoutCnpj } from './cnpjs.js';
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
