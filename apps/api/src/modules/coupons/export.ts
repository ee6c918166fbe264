import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { couponCode, type CupomCampanhaAdmin, type CuponsCampanhaQuery } from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { campaignToAdminister } from '../campaigns/admin-service.js';
import { col } from '../exports/columns.js';
import { keysetPages } from '../exports/sources.js';
import type { ListaExportavel } from '../exports/service.js';
import type { Fonte } from '../exports/writers.js';
import { pageWindow, type Page } from '../shared/admin.js';
import * as repo from './admin-repository.js';

/**
 * A campaign's coupons for the admins of its city (issue 39): `GET /v1/adm/campanhas/{id}/cupons`,
 * by number, and its export. The holder by name and id, as the winners' list shows them.
 */

type C = CupomCampanhaAdmin;

const COUPON_COLUMNS = [
  col<C>('Nº na campanha', 'id', (c) => c.id_sorteio),
  col<C>('Código', 'texto', (c) => c.codigo),
  col<C>('Série', 'id', (c) => c.serie),
  col<C>('Número', 'id', (c) => c.numero),
  col<C>('Emitido em', 'instante', (c) => c.dat_emissao, { largura: 18 }),
  col<C>('ID da venda', 'id', (c) => c.id_venda),
  col<C>('Número da venda', 'texto', (c) => c.numero_venda),
  col<C>('ID do estabelecimento', 'id', (c) => c.id_estabelecimento),
  col<C>('Estabelecimento', 'texto', (c) => c.nome_estabelecimento, { largura: 28 }),
  col<C>('ID do participante', 'id', (c) => c.id_usuario),
  col<C>('Participante', 'texto', (c) => c.nome_usuario, { largura: 28 }),
  col<C>(
    'Situação',
    'texto',
    (c) => ({ valido: 'Válido', anulado: 'Anulado', sorteado: 'Sorteado' })[c.situacao],
  ),
] as const;

function present(r: repo.CampaignCouponRow): C {
  const { serie, numero, codigo } = couponCode(r.numero);
  return {
    id_sorteio: r.numero,
    codigo,
    serie,
    numero,
    dat_emissao: r.dat_emissao,
    id_venda: r.id_venda,
    numero_venda: r.numero_venda,
    id_estabelecimento: r.id_estabelecimento,
    nome_estabelecimento: r.nome_estabelecimento,
    id_usuario: r.id_usuario,
    nome_usuario: r.nome_usuario,
    situacao: r.anulado_em ? 'anulado' : r.sorteado_em ? 'sorteado' : 'valido',
  };
}

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

async function couponsSource(db: Kysely<Database>, user: AuthUser, q: Query): Promise<Fonte<C>> {
  const { id_campanha } = await campaignToAdminister(db, user, q.id);
  return {
    contar: (cap) => repo.countCoupons(db, id_campanha, cap),
    async *paginas() {
      for await (const page of keysetPages(
        (after: number | undefined, size) => repo.couponsAfter(db, id_campanha, after, size),
        (r) => r.numero,
      ))
        yield page.map(present);
    },
  };
}

/** A campaign's coupons as a file; its large exports run in a worker thread that loads this module. */
export const COUPONS_EXPORT: ListaExportavel<Query, C> = {
  lista: 'cupons',
  titulo: 'Cupons',
  arquivo: (q) => `campanha-${q.id}-cupons`,
  colunas: COUPON_COLUMNS,
  fonte: couponsSource,
  modulo: import.meta.url,
};
