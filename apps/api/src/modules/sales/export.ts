import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_CONTEUDO,
  isRealDay,
  type Venda,
  type VendasAdmQuery,
  type VendasQuery,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import * as establishments from '../establishments/service.js';
import { adminShopLimit } from '../establishments/policy.js';
import type { ListaExportavel } from '../exports/service.js';
import { pageWindow, type Page } from '../shared/admin.js';
import * as adminRepo from './admin-repository.js';
import { CITY_SALES_ROWS, SHOP_SALES_ROWS, presented } from './export-rows.js';
import { shopSalesFilter } from './service.js';

/**
 * The sales lists' exports (issue 39) and the admin list of the city's sales: a shop's sales
 * (`GET /v1/parceiro/vendas`, the partner's and the admin's screen) and the city's
 * (`GET /v1/adm/vendas`, filtered by campaign, shop and days).
 */

/** The city's sales filter: the city (403 another), its days checked, an admin's shops. */
async function citySalesFilter(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof VendasAdmQuery>,
): Promise<adminRepo.CitySalesFilter> {
  const codCidade = requestedAdminCity(user, q);
  for (const d of [q.de, q.ate]) if (d && !isRealDay(d)) throw new HttpError(400, MSG_CONTEUDO.dataInvalida);
  if (q.de && q.ate && q.de > q.ate) throw new HttpError(400, MSG_ADMIN.datasInvertidas);
  if (q.id_estabelecimento) await establishments.shopToRun(db, user, q.id_estabelecimento);
  return {
    codCidade,
    idCampanha: q.id_campanha || undefined,
    idEstabelecimento: q.id_estabelecimento || undefined,
    lojas: adminShopLimit(user),
    de: q.de,
    ate: q.ate,
  };
}

/** How far the admin list counts its total (X-Total-Count-Exact false past it). */
export const CITY_SALES_COUNT_CAP = 10_000;

/** `GET /v1/adm/vendas`: one page of the city's sales, newest registered first. */
export async function citySalesPage(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof VendasAdmQuery>,
): Promise<Page<Venda> & { exact: boolean }> {
  const f = await citySalesFilter(db, user, q);
  const [rows, total] = await Promise.all([
    adminRepo.citySalesPage(db, f, pageWindow(q)),
    adminRepo.countCitySales(db, f, CITY_SALES_COUNT_CAP),
  ]);
  return {
    itens: await presented(db, rows, 'completos', true),
    total: Math.min(total, CITY_SALES_COUNT_CAP),
    exact: total <= CITY_SALES_COUNT_CAP,
  };
}

/**
 * The two sales lists as files: their rules here, their rows in export-rows.ts. Their large
 * exports (2M rows for a city) run in a worker thread that loads only export-rows.ts
 * (modules/exports/thread.ts).
 */
export const SHOP_SALES_EXPORT: ListaExportavel<z.output<typeof VendasQuery>, Venda> = {
  lista: SHOP_SALES_ROWS.lista,
  titulo: SHOP_SALES_ROWS.titulo,
  arquivo: (q) => `vendas-estabelecimento-${q.id_estabelecimento}`,
  colunas: SHOP_SALES_ROWS.colunas,
  fonte: async (db, user, q) => SHOP_SALES_ROWS.linhas(db, await shopSalesFilter(db, user, q)),
  naThread: { modulo: SHOP_SALES_ROWS.modulo, filtro: shopSalesFilter },
};

export const CITY_SALES_EXPORT: ListaExportavel<z.output<typeof VendasAdmQuery>, Venda> = {
  lista: CITY_SALES_ROWS.lista,
  titulo: CITY_SALES_ROWS.titulo,
  arquivo: () => 'vendas',
  colunas: CITY_SALES_ROWS.colunas,
  fonte: async (db, user, q) => CITY_SALES_ROWS.linhas(db, await citySalesFilter(db, user, q)),
  naThread: { modulo: CITY_SALES_ROWS.modulo, filtro: citySalesFilter },
};
