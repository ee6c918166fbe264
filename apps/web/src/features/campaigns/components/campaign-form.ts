import { askForCity, checkWithContract, type ContractCheck } from '@/components/editor/contract-check';
import {
  CampanhaBody,
  MSG_ADMIN,
  type CampanhaAdminDetalhe,
  type CampanhaDados,
  type CampanhaLojaMarcada,
} from '@praca/contract';
import { typedDayRefusal } from '@/components/date-input';
import { FACTOR_EXAMPLE, decimalMessage, decimalText, readDecimal } from '@/lib/decimal-text';
import { todayIso } from '@/lib/today';

/** What a participant starts with when ticked (domain §4: 0,01 = one coupon per R$ 100). */
const DEFAULT_FATOR_SORTEIO = '0,01';
const DEFAULT_FATOR_CASHBACK = '0,00';
/** Factors have 4 decimals (spec §5). */
const FATOR_PLACES = 4;

/**
 * A factor exactly as typed (DecimalInput), read on Save with `readDecimal`: '0,00001', a
 * minus sign or a letter is refused with a message, never rounded away or dropped.
 */
export type FatorValue = string;

/** A stored factor as the field shows it: 2 to 4 decimals ('0,01', '0,0125'). */
const fatorText = (n: number): FatorValue => decimalText(n, 2, FATOR_PLACES);

/** A shop of the city in the editor. */
export interface CampaignShopValues {
  id_estabelecimento: number;
  nome: string;
  participa: boolean;
  fator_sorteio: FatorValue;
  fator_cashback: FatorValue;
}

export interface CampaignFormValues {
  den_campanha: string;
  /** YYYY-MM-DD, as the date input gives it. */
  validade_ini: string;
  validade_fim: string;
  link: string;
  /** The stored image path ('' none). */
  banner: string;
  /** Limits per person (issue 37) as typed; '' is no limit. */
  limite_vendas_dia_loja: string;
  limite_cupons_mes: string;
  /** Reais, as MoneyInput keeps it. */
  limite_valor_dia: string;
  /** Issue 40: the share (%) of the coupons for each resident's chosen entity, as typed. */
  pct_entidade: string;
  /** Issue 53: every sale of the campaign must carry its receipt's NFC-e key. */
  exige_nfce: boolean;
  lojas: CampaignShopValues[];
}

const byName = (a: { nome: string }, b: { nome: string }) => a.nome.localeCompare(b.nome, 'pt-BR');

function shopValues(lojas: CampanhaLojaMarcada[]): CampaignShopValues[] {
  return lojas
    .map((l) => ({
      id_estabelecimento: l.id_estabelecimento,
      nome: l.nome,
      participa: l.id_campanha > 0,
      fator_sorteio: fatorText(l.fator_sorteio),
      fator_cashback: fatorText(l.fator_cashback),
    }))
    .sort(byName);
}

/** A new campaign: from today to the last day of this year, every shop of the city unticked. */
export function newCampaignValues(lojas: CampanhaLojaMarcada[], today = todayIso()): CampaignFormValues {
  return {
    den_campanha: '',
    validade_ini: today,
    validade_fim: `${today.slice(0, 4)}-12-31`,
    link: '',
    banner: '',
    limite_vendas_dia_loja: '',
    limite_cupons_mes: '',
    limite_valor_dia: '',
    pct_entidade: '0',
    exige_nfce: false,
    lojas: shopValues(lojas),
  };
}

export function campaignValues(campanha: CampanhaAdminDetalhe): CampaignFormValues {
  return {
    den_campanha: campanha.den_campanha,
    validade_ini: campanha.validade_ini.slice(0, 10),
    validade_fim: campanha.validade_fim.slice(0, 10),
    link: campanha.link,
    banner: campanha.banner,
    limite_vendas_dia_loja:
      campanha.limite_vendas_dia_loja === null ? '' : String(campanha.limite_vendas_dia_loja),
    limite_cupons_mes: campanha.limite_cupons_mes === null ? '' : String(campanha.limite_cupons_mes),
    limite_valor_dia: campanha.limite_valor_dia === null ? '' : decimalText(campanha.limite_valor_dia, 2),
    pct_entidade: String(campanha.pct_entidade),
    exige_nfce: campanha.exige_nfce,
    lojas: shopValues(campanha.estabelecimentos),
  };
}

const isZero = (v: FatorValue) => {
  const read = readDecimal(v, FATOR_PLACES);
  return read.ok ? read.value === 0 : read.reason === 'vazio';
};

/**
 * Ticks or unticks a shop. Unticking keeps the factors, so ticking again brings them back; a
 * shop ticked with no factors yet gets the defaults (sorteio 0,01, cashback 0).
 */
export function setParticipa(loja: CampaignShopValues, participa: boolean): CampaignShopValues {
  if (!participa) return { ...loja, participa };
  if (isZero(loja.fator_sorteio) && isZero(loja.fator_cashback)) {
    return {
      ...loja,
      participa,
      fator_sorteio: DEFAULT_FATOR_SORTEIO,
      fator_cashback: DEFAULT_FATOR_CASHBACK,
    };
  }
  return { ...loja, participa };
}

/** Which input a refusal points at, to mark it. */
export type CampaignField =
  | 'den_campanha'
  | 'validade_ini'
  | 'validade_fim'
  | 'link'
  | 'banner'
  | 'limite_vendas_dia_loja'
  | 'limite_cupons_mes'
  | 'limite_valor_dia'
  | 'pct_entidade'
  | `loja:${number}:${'fator_sorteio' | 'fator_cashback'}`;

const FIELDS: readonly CampaignField[] = [
  'den_campanha',
  'validade_ini',
  'validade_fim',
  'link',
  'banner',
  'limite_vendas_dia_loja',
  'limite_cupons_mes',
  'limite_valor_dia',
  'pct_entidade',
];

const DATE_FIELDS = ['validade_ini', 'validade_fim'] as const;

const FATOR_LABELS = { fator_sorteio: 'Fator sorteio', fator_cashback: 'Fator cashback' } as const;

/** A typed factor as a number; NaN (which the schema refuses) when it cannot be read. */
function fatorNumber(text: FatorValue): number {
  const read = readDecimal(text, FATOR_PLACES);
  return read.ok ? read.value : Number.NaN;
}

/** A typed limit: '' is none (null); digits a count; anything else NaN, which the schema refuses. */
function limitNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** A typed limit in reais: '' is none (null); what cannot be read is NaN. */
function limitReais(text: string): number | null {
  const read = readDecimal(text, 2);
  if (read.ok) return read.value;
  return read.reason === 'vazio' ? null : Number.NaN;
}

/**
 * The whole body of POST and PATCH, checked with the contract's schema before any call.
 * `estabelecimentos` carries every shop of the city: `id_campanha` is the campaign's id (1 for
 * a new one) when it takes part, 0 when not; a shop that does not take part goes with factors 0.
 * The first refusal is the answer (the shop's name before a factor's message); then the dates
 * must be in order.
 */
export function toCampanhaBody(
  values: CampaignFormValues,
  { idCampanha, codCidade }: { idCampanha: number; codCidade: number },
): ContractCheck<CampanhaDados, CampaignField> {
  const marker = idCampanha > 0 ? idCampanha : 1;
  const { lojas, limite_vendas_dia_loja, limite_cupons_mes, limite_valor_dia, pct_entidade, ...fields } =
    values;
  const raw: CampanhaBody = {
    id_campanha: idCampanha,
    ...fields,
    limite_vendas_dia_loja: limitNumber(limite_vendas_dia_loja),
    limite_cupons_mes: limitNumber(limite_cupons_mes),
    limite_valor_dia: limitReais(limite_valor_dia),
    // Empty is 0 (no share); anything not a whole number is NaN, which the schema refuses.
    pct_entidade:
      pct_entidade.trim() === '' ? 0 : /^\d+$/.test(pct_entidade.trim()) ? Number(pct_entidade) : Number.NaN,
    cod_cidade: codCidade,
    estabelecimentos: lojas.map((l) =>
      l.participa
        ? {
            id_estabelecimento: l.id_estabelecimento,
            id_campanha: marker,
            fator_cashback: fatorNumber(l.fator_cashback),
            fator_sorteio: fatorNumber(l.fator_sorteio),
          }
        : { id_estabelecimento: l.id_estabelecimento, id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
    ),
  };
  const checked = checkWithContract(CampanhaBody, raw, FIELDS, (issue) => {
    const [first, index, field] = issue.path;
    if (first !== 'estabelecimentos' || typeof index !== 'number') {
      return askForCity(issue) ?? typedDayRefusal(issue, values, DATE_FIELDS, { emptyToo: true });
    }
    const loja = lojas[index];
    if (!loja) return { erro: issue.message };
    const fator = field === 'fator_sorteio' || field === 'fator_cashback' ? field : undefined;
    const campo = fator && (`loja:${loja.id_estabelecimento}:${fator}` as const);
    // A factor the reading refused says why (decimals, minus sign, format); the schema's
    // refusal of a number read well (above 1.000) keeps its own text.
    const read = fator ? readDecimal(loja[fator], FATOR_PLACES) : undefined;
    if (fator && read && !read.ok) {
      const label = `${FATOR_LABELS[fator]} de ${loja.nome}`;
      return {
        erro: decimalMessage(read.reason, { label, places: FATOR_PLACES, example: FACTOR_EXAMPLE }),
        campo,
      };
    }
    return { erro: `${loja.nome}: ${issue.message}`, campo };
  });
  if (!checked.ok) return checked;
  const body = checked.body;
  if (body.validade_ini && body.validade_fim && body.validade_ini > body.validade_fim) {
    return { ok: false, erro: MSG_ADMIN.datasInvertidas, campo: 'validade_fim' };
  }
  return checked;
}
