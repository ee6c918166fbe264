import { checkWithContract, type ContractCheck } from '@/components/editor/contract-check';
import {
  MSG_CONTEUDO,
  PROMOTION_PLANS,
  PromocaoBody,
  isRealDay,
  planFromSpan,
  promotionEnd,
  promotionPlan,
  type PromocaoAdmin,
  type PromocaoDados,
} from '@praca/contract';
import { DATA_DIGITADA_INVALIDA, isBadDay } from '@/components/date-input';
import {
  FACTOR_EXAMPLE,
  MONEY_EXAMPLE,
  decimalText,
  readOptionalDecimal,
  type DecimalField,
} from '@/lib/decimal-text';
import { formatMoney } from '@/lib/format';
import { todayIso } from '@/lib/today';

/** A decimal exactly as typed (DecimalInput), read on Save with `readDecimal` ('' is 0). */
type DecimalValue = string;

export interface PromotionFormValues {
  /** The shop's id as the select holds it ('' none chosen). */
  id_estabelecimento: string;
  /** YYYY-MM-DD, or the text being typed while it is no real day (DateInput). */
  dat_inicio: string;
  /** Days of the exposure plan (null: none chosen, e.g. an old span that is no plan). */
  plano_dias: number | null;
  pago: boolean;
  /** The stored image path ('' none). */
  imagem: string;
  linkproduto: string;
  val_desconto: DecimalValue;
  porc_desconto: DecimalValue;
  val_minimo: DecimalValue;
  cod_produto: string;
  regra: string;
}

/** '7 dias — R$ 15,00' (spec §9). */
const planLabel = (plan: { dias: number; preco: number }) => `${plan.dias} dias — ${formatMoney(plan.preco)}`;

export const PLAN_OPTIONS = PROMOTION_PLANS.map((p) => ({ value: String(p.dias), label: planLabel(p) }));

/** A new promotion starts today with the shortest plan, unpaid. */
export function newPromotionValues(today = todayIso()): PromotionFormValues {
  return {
    id_estabelecimento: '',
    dat_inicio: today,
    plano_dias: PROMOTION_PLANS[0].dias,
    pago: false,
    imagem: '',
    linkproduto: '',
    val_desconto: '0,00',
    porc_desconto: '0,00',
    val_minimo: '0,00',
    cod_produto: '',
    regra: '',
  };
}

/**
 * An existing promotion: the plan is inferred from its dates (spec §4); when the span is no
 * plan's length, the stored plan if it is one, else none (the admin must choose).
 */
export function promotionValues(p: PromocaoAdmin): PromotionFormValues {
  const inicio = p.dat_inicio.slice(0, 10);
  const plan = planFromSpan(inicio, p.dat_final.slice(0, 10)) ?? promotionPlan(p.plano_dias);
  return {
    id_estabelecimento: String(p.id_estabelecimento),
    dat_inicio: inicio,
    plano_dias: plan?.dias ?? null,
    pago: p.ies_pago === 'S',
    imagem: p.imagem,
    linkproduto: p.linkproduto,
    val_desconto: decimalText(p.val_desconto, 2, 4),
    porc_desconto: decimalText(p.porc_desconto, 2, 4),
    val_minimo: decimalText(p.val_minimo, 2),
    cod_produto: p.cod_produto,
    regra: p.regra,
  };
}

/** The end date the server will store (start + plan − 1), or '' while start or plan is missing. */
export function promotionEndOf(values: Pick<PromotionFormValues, 'dat_inicio' | 'plano_dias'>): string {
  if (!values.plano_dias || !isRealDay(values.dat_inicio)) return '';
  return promotionEnd(values.dat_inicio, values.plano_dias);
}

export type PromotionField = Exclude<keyof PromotionFormValues, 'pago'>;

const FIELDS: readonly PromotionField[] = [
  'id_estabelecimento',
  'dat_inicio',
  'plano_dias',
  'imagem',
  'linkproduto',
  'val_desconto',
  'porc_desconto',
  'val_minimo',
  'cod_produto',
  'regra',
];

/** The decimal fields: their names on screen and decimals (spec §5: discounts 4, money 2). */
const DECIMALS: Record<'val_desconto' | 'porc_desconto' | 'val_minimo', DecimalField> = {
  val_desconto: { label: 'Valor do desconto', places: 4, example: FACTOR_EXAMPLE },
  porc_desconto: { label: 'Percentual de desconto', places: 4, example: '12,5' },
  val_minimo: { label: 'Valor mínimo', places: 2, example: MONEY_EXAMPLE },
};

/**
 * The body of POST and PATCH, checked with the contract's schema before any call. It sends the
 * plan and the start; the server computes `dat_final`. `ies_pago` goes only for the
 * super-admin (spec §6): a plain admin's request never carries it.
 */
export function toPromocaoBody(
  values: PromotionFormValues,
  { superadmin }: { superadmin: boolean },
): ContractCheck<PromocaoDados, PromotionField> {
  if (!values.id_estabelecimento) {
    return { ok: false, erro: MSG_CONTEUDO.estabelecimentoObrigatorio, campo: 'id_estabelecimento' };
  }
  if (!values.dat_inicio) return { ok: false, erro: MSG_CONTEUDO.inicioObrigatorio, campo: 'dat_inicio' };
  if (isBadDay(values.dat_inicio)) return { ok: false, erro: DATA_DIGITADA_INVALIDA, campo: 'dat_inicio' };
  if (values.plano_dias === null) return { ok: false, erro: MSG_CONTEUDO.planoInvalido, campo: 'plano_dias' };
  const numbers = { val_desconto: 0, porc_desconto: 0, val_minimo: 0 };
  for (const campo of ['val_desconto', 'porc_desconto', 'val_minimo'] as const) {
    const read = readOptionalDecimal(values[campo], DECIMALS[campo]);
    if (!read.ok) return { ok: false, erro: read.erro, campo };
    numbers[campo] = read.value;
  }
  const raw: PromocaoBody = {
    ...values,
    id_estabelecimento: Number(values.id_estabelecimento),
    plano_dias: values.plano_dias,
    ...(superadmin ? { ies_pago: values.pago ? ('S' as const) : ('N' as const) } : {}),
    ...numbers,
  };
  return checkWithContract(PromocaoBody, raw, FIELDS);
}
