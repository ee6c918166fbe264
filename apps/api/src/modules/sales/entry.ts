import { DEFAULT_SELLER_ID } from '@praca/contract';
import { centsToReais } from '../coupons/units.js';
import type { SaleValues } from './repository.js';

/**
 * What is told of a sale: where its webhook events go and what they say, what the audit log
 * keeps (one text for every writer of new sales: the route, registrar_vendas' caller, the
 * batch form that the seed and the benchmark's generator use). No database here.
 */

/** Where a sale's webhook events go: its shop and the shop's city. */
export const saleScope = (r: { cod_cidade: number; values: SaleValues }) => ({
  cod_cidade: r.cod_cidade,
  id_estabelecimento: r.values.id_estabelecimento,
});

/** What a webhook receiver is told of a sale (no names: the consumer is an id). */
export const saleEvent = (v: SaleValues) => ({
  id_campanha: v.id_campanha,
  id_estabelecimento: v.id_estabelecimento,
  id_usuario: v.id_usuario,
  id_vendedor: v.id_vendedor ?? DEFAULT_SELLER_ID,
  dat_venda: v.dat_venda,
  numero_venda: v.numero_venda,
  valor_venda: centsToReais(v.valor_centavos),
});

/** What the audit log keeps of a sale. */
export const snapshot = (v: SaleValues) => ({
  id_campanha: v.id_campanha,
  id_estabelecimento: v.id_estabelecimento,
  id_usuario: v.id_usuario,
  id_vendedor: v.id_vendedor ?? DEFAULT_SELLER_ID,
  dat_venda: v.dat_venda,
  numero_venda: v.numero_venda,
  valor_centavos: v.valor_centavos,
  pontos_e6: v.pontos_e6,
  cashback_e6: v.cashback_e6,
});

/**
 * The audit entry of a new sale ('criar'), its coupons' numbers last (the one-statement writer
 * fills them in). Issue 53: the receipt's key it reports, and whether it names no buyer.
 */
export const newSaleEntry = (
  v: SaleValues,
  e: {
    pendente: boolean;
    qr_expira_em: string | null;
    cpf?: string;
    cupons_emitidos: number[];
    chave_nfce?: string | null;
    sem_comprador?: boolean;
  },
) => ({
  ...snapshot(v),
  pendente: e.pendente,
  qr_expira_em: e.qr_expira_em,
  ...(e.cpf !== undefined ? { pendente_cpf: true, cpf: e.cpf } : {}),
  ...(e.chave_nfce ? { chave_nfce: e.chave_nfce } : {}),
  ...(e.sem_comprador ? { sem_comprador: true } : {}),
  cupons_emitidos: e.cupons_emitidos,
});
