import type { PromocaoAdmin, PromocaoPublica } from '@praca/contract';
import { centsToReais, fromE4 } from '../coupons/units.js';
import type { PromotionRow, PromotionValues } from './admin-repository.js';
import type { listCurrentPaid } from './repository.js';

/** A promotion as the admin screens read it, field by field; discounts ×10⁻⁴, money in reais. */
export const presentPromotion = (p: PromotionRow): PromocaoAdmin => ({
  id_promocao: p.id_promocao,
  id_estabelecimento: p.id_estabelecimento,
  nomeestabelecimento: p.nomeestabelecimento,
  dat_inicio: p.dat_inicio,
  dat_final: p.dat_final,
  plano_dias: p.plano_dias,
  ies_pago: p.ies_pago,
  imagem: p.imagem,
  linkproduto: p.linkproduto,
  val_desconto: fromE4(Number(p.val_desconto_e4)),
  porc_desconto: fromE4(Number(p.porc_desconto_e4)),
  val_minimo: centsToReais(Number(p.val_minimo_centavos)),
  cod_produto: p.cod_produto,
  regra: p.regra,
});

/** What the audit log keeps of a promotion: its fields in wire units. */
export const promotionSnapshot = (v: PromotionValues) => ({
  id_estabelecimento: v.id_estabelecimento,
  dat_inicio: v.dat_inicio,
  dat_final: v.dat_final,
  plano_dias: v.plano_dias,
  ies_pago: v.ies_pago,
  imagem: v.imagem,
  linkproduto: v.linkproduto,
  val_desconto: fromE4(v.val_desconto_e4),
  porc_desconto: fromE4(v.porc_desconto_e4),
  val_minimo: centsToReais(v.val_minimo_centavos),
  cod_produto: v.cod_produto,
  regra: v.regra,
});

type PublicRow = Awaited<ReturnType<typeof listCurrentPaid>>[number];

/** A promotion as consumers read it (no payment flag nor plan); discounts ×10⁻⁴, money in reais. */
export const presentPublicPromotion = (p: PublicRow): PromocaoPublica => ({
  id_promocao: p.id_promocao,
  id_estabelecimento: p.id_estabelecimento,
  dat_inicio: p.dat_inicio,
  dat_final: p.dat_final,
  imagem: p.imagem,
  linkproduto: p.linkproduto,
  val_desconto: fromE4(p.val_desconto_e4),
  porc_desconto: fromE4(p.porc_desconto_e4),
  val_minimo: centsToReais(p.val_minimo_centavos),
  cod_produto: p.cod_produto,
  regra: p.regra,
});
