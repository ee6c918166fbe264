import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CupomCampanhaAdmin, CuponsCampanhaQuery } from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { campaignToAdminister } from '../campaigns/admin-service.js';
import type { ListaExportavel } from '../exports/service.js';
import { pageWindow, type Page } from '../shared/admin.js';
import * as repo from './admin-repository.js';
import { COUPONS_ROWS, present } from './export-rows.js';

/**
 * A campaign's coupons for the admins of its city (issue 39): `GET /v1/adm/campanhas/{id}/cupons`,
 * by number, and its export. The holder by name and id, as the winners' list shows them.
 */

type C = CupomCampanhaAdmin;

/** How far the list counts its total (X-Total-Count-Exact false past it). */
export const COUPONS_COUNT_CAP = 10_000;

type Query = z.output<typeof CuponsCampanhaQuery> & { id: number };

export async function couponsPage(
  db: Kysely<Database>,
  user: AuthUser,
  q: Query,
): Promise<Page<C> & { exact: boolean }> {
  const campaign = await campaignToAdminister(db, user, q.id);
  const [rows, total] = await Promise.all([
    repo.couponsPage(db, campaign.id_campanha, pageWindow(q)),
    repo.countCoupons(db, campaign.id_campanha, COUPONS_COUNT_CAP),
  ]);
  return {
    itens: rows.map(present),
    total: Math.min(total, COUPONS_COUNT_CAP),
    exact: total <= COUPONS_COUNT_CAP,
  };
}

/** The campaign the caller administers (404/403 as the list), its rows in export-rows.ts. */
async function couponsFilter(
  db: Kysely<Database>,
  user: AuthUser,
  q: Query,
): Promise<{ id_campanha: number }> {
  const { id_campanha } = await campaignToAdminister(db, user, q.id);
  return { id_campanha };
}

/** A campaign's coupons as a file; its large exports run in a worker thread that loads export-rows.ts. */
export const COUPONS_EXPORT: ListaExportavel<Query, C> = {
  lista: COUPONS_ROWS.lista,
  titulo: COUPONS_ROWS.titulo,
  arquivo: (q) => `campanha-${q.id}-cupons`,
  colunas: COUPONS_ROWS.colunas,
  fonte: async (db, user, q) => COUPONS_ROWS.linhas(db, await couponsFilter(db, user, q)),
  naThread: { modulo: COUPONS_ROWS.modulo, filtro: couponsFilter },
};
