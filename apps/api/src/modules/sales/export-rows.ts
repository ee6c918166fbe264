import type { Kysely } from 'kysely';
import type { Venda } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { liveCountBySale } from '../coupons/live-counts.js';
import { col, simNao } from '../exports/columns.js';
import { keysetPages } from '../exports/sources.js';
import type { LinhasNaThread } from '../exports/thread.js';
import type { Fonte } from '../exports/writers.js';
import * as adminRepo from './admin-repository.js';
import { presentSale, type Nomes } from './presenter.js';
import type { SaleViewRow, SalesFilter } from './repository.js';

/**
 * The sales lists' rows as files (issue 39, decision 048), from a filter their rules (export.ts)
 * already answered. Their large exports (2M rows for a city) run in a worker thread that loads
 * this module: it imports only kysely, the db types, the sales' repository and presenter and
 * the contract's plain part (no services, no zod schemas).
 */

/**
 * A sale in a spreadsheet: what the sales screen shows. The recipient by name and id only, as
 * the screen: no CPF, e-mail or phone leaves (LGPD).
 */
const SALE_COLUMNS = [
  col<Venda>('ID da venda', 'id', (v) => v.id_venda),
  col<Venda>('Data', 'data', (v) => v.dat_venda),
  col<Venda>('Número da venda', 'texto', (v) => v.numero_venda, { largura: 16 }),
  col<Venda>('ID da campanha', 'id', (v) => v.id_campanha),
  col<Venda>('Campanha', 'texto', (v) => v.den_campanha, { largura: 28 }),
  col<Venda>('ID do estabelecimento', 'id', (v) => v.id_estabelecimento),
  col<Venda>('Estabelecimento', 'texto', (v) => v.nome_estabelecimento, { largura: 28 }),
  col<Venda>('ID do participante', 'id', (v) => (v.id_usuario > 0 ? v.id_usuario : null)),
  col<Venda>('Participante', 'texto', (v) => v.nomeusuarios, { largura: 28 }),
  col<Venda>('Vendedor', 'texto', (v) => v.nome_vendedor, { largura: 20 }),
  col<Venda>('Valor', 'dinheiro', (v) => v.valor_venda),
  col<Venda>('Pontos', 'decimal', (v) => v.pontos, { casas: 2 }),
  col<Venda>('Cashback', 'dinheiro', (v) => v.cashback),
  col<Venda>('Cupons', 'inteiro', (v) => v.cupons),
  // A sale that names no buyer (issue 53) waits for nobody.
  col<Venda>('Aguardando resgate', 'texto', (v) => simNao(v.pendente && !v.sem_comprador)),
  // Issue 53: the receipt's key the shop reported, and whether the resident's receipt matched it.
  col<Venda>('Chave da NFC-e', 'texto', (v) => v.chave_nfce ?? '', { largura: 48 }),
  col<Venda>('Sem comprador', 'texto', (v) => simNao(Boolean(v.sem_comprador))),
  col<Venda>('Confirmada pelo recibo', 'texto', (v) => simNao(v.confirmada_recibo)),
] as const;

/** The city's list: also why a sale waiting for a CPF was not credited (issue 52). */
const CITY_SALE_COLUMNS = [
  ...SALE_COLUMNS,
  col<Venda>('Motivo da espera', 'texto', (v) => v.cpf_motivo ?? '', { largura: 28 }),
] as const;

/**
 * A page of rows as the list presents them, with each sale's live coupons; recipients named as
 * `nomes` (issue 52). `admin`: the city's list, with a waiting sale's refusal (issue 52).
 */
export async function presented(
  db: Kysely<Database>,
  rows: SaleViewRow[],
  nomes: Nomes = 'completos',
  admin = false,
): Promise<Venda[]> {
  const live = await liveCountBySale(
    db,
    rows.map((r) => r.id_venda),
  );
  return rows.map((r) => presentSale(r, live.get(r.id_venda) ?? 0, nomes, { admin }));
}

/** A shop's sales list, every row (same filters and order as the screen's pages). */
export const SHOP_SALES_ROWS: LinhasNaThread<SalesFilter, Venda> = {
  lista: 'vendas',
  titulo: 'Vendas',
  colunas: SALE_COLUMNS,
  linhas: (db, f): Fonte<Venda> => ({
    contar: (cap) => adminRepo.countShopSales(db, f, cap),
    async *paginas() {
      for await (const page of keysetPages(
        (after: { dat_venda: string; id_venda: number } | undefined, size) =>
          adminRepo.shopSalesAfter(db, f, after, size),
        (r) => ({ dat_venda: r.dat_venda, id_venda: r.id_venda }),
      ))
        yield presented(db, page, f.nomes);
    },
  }),
  modulo: import.meta.url,
};

/** The city's sales list, every row, by keyset on the sale's id. */
export const CITY_SALES_ROWS: LinhasNaThread<adminRepo.CitySalesFilter, Venda> = {
  lista: 'vendas-cidade',
  titulo: 'Vendas',
  colunas: CITY_SALE_COLUMNS,
  linhas: (db, f): Fonte<Venda> => ({
    contar: (cap) => adminRepo.countCitySales(db, f, cap),
    async *paginas() {
      for await (const page of keysetPages(
        (after: number | undefined, size) => adminRepo.citySalesAfter(db, f, after, size),
        (r) => r.id_venda,
      ))
        yield presented(db, page, 'completos', true);
    },
  }),
  modulo: import.meta.url,
};
