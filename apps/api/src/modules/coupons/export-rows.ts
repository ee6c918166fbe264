import type { Kysely } from 'kysely';
import type { CupomCampanhaAdmin } from '@praca/contract';
import { couponCode } from '@praca/contract/plain';
import type { Database } from '../../db/types.js';
import { col } from '../exports/columns.js';
import { keysetPages } from '../exports/sources.js';
import type { LinhasNaThread } from '../exports/thread.js';
import * as repo from './admin-repository.js';

/**
 * A campaign's coupons as a file (issue 39, decision 048), from the campaign its rules
 * (export.ts) let the caller administer. Its large exports run in a worker thread that loads
 * this module: kysely, the db types, the coupons' repository and the contract's plain part.
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

export function present(r: repo.CampaignCouponRow): C {
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

/** The campaign's coupons, every one, by number. */
export const COUPONS_ROWS: LinhasNaThread<{ id_campanha: number }, C> = {
  lista: 'cupons',
  titulo: 'Cupons',
  colunas: COUPON_COLUMNS,
  linhas: (db: Kysely<Database>, { id_campanha }) => ({
    contar: (cap) => repo.countCoupons(db, id_campanha, cap),
    async *paginas() {
      for await (const page of keysetPages(
        (after: number | undefined, size) => repo.couponsAfter(db, id_campanha, after, size),
        (r) => r.numero,
      ))
        yield page.map(present);
    },
  }),
  modulo: import.meta.url,
};
