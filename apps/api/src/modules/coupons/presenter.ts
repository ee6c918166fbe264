import { couponCode, type Cupom, type ExtratoItem, type SaldoCampanha } from '@praca/contract';
import { saldoOf } from './ledger.js';
import type * as repo from './repository.js';
import { cashbackForDisplay, centsToReais, pointsForDisplay } from './units.js';

/** What goes out of the coupons module, field by field: coupons, balances, statement lines. */

/** A sale's answer builds its new coupons' rows without `doado_para` (then null). */
export function presentCoupon(r: Omit<repo.CouponRow, 'doado_para'> & { doado_para?: string | null }): Cupom {
  const n = Number(r.numero);
  return {
    id_sorteio: n,
    ...couponCode(n), // série, número and the code, the coupon's public identity (domain §5)
    dat_emissao: r.dat_emissao,
    id_campanha: r.id_campanha,
    den_campanha: r.den_campanha,
    banner: r.banner,
    id_estabelecimento: r.id_estabelecimento,
    nom_estabecimento: r.nom_estabecimento,
    url_logo: r.url_logo,
    doado_para: r.doado_para ?? null,
  };
}

/** A campaign's balance as the consumer's coupons screen reads it, with its live coupons. */
export function presentBalance(b: repo.BalanceRow, coupons: repo.CouponRow[]): SaldoCampanha {
  const pontos = Number(b.pontos_e6);
  return {
    id_campanha: b.id_campanha,
    den_campanha: b.den_campanha,
    saldo: saldoOf(pontos),
    pontos: pointsForDisplay(pontos),
    cupons: coupons.map(presentCoupon),
  };
}

/** One sale of the consumer's statement, with its cashback, points and live coupons. */
export const presentStatementLine = (r: repo.StatementRow, cupons: number): ExtratoItem => ({
  id_venda: r.id_venda,
  id_campanha: r.id_campanha,
  den_campanha: r.den_campanha,
  id_estabelecimento: r.id_estabelecimento,
  nomeestabelecimento: r.nomeestabelecimento,
  dat_venda: r.dat_venda,
  numero_venda: r.numero_venda,
  valor_venda: centsToReais(r.valor_centavos),
  cashback: cashbackForDisplay(Number(r.cashback_e6)),
  pontos: pointsForDisplay(Number(r.pontos_e6)),
  cupons,
});
