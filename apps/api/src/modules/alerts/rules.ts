import { PROGRAMME_TIME_ZONE, SALE_MAX_VALUE } from '@praca/contract';

/**
 * The four alert rules of issue 37 over one day's sales of a city, and the four of issue 53
 * over the residents' fiscal receipts of the days up to it, as pure functions (the repository
 * reads, the presenter words): each finding names the rule, the shop (or the entity), the person
 * when the rule is about one, the figures that make it suspicious and the sales (and receipts)
 * behind it. docs/security.md states the rules; the thresholds come from the configuration
 * (config.ts).
 */

/** One live sale of the day, with what the rules need. */
export interface DaySale {
  id_venda: number;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  /** null while a QR hand-over is pending. */
  id_usuario: number | null;
  id_campanha: number;
  den_campanha: string;
  valor_centavos: number;
  /** The registration instant (ISO 8601 UTC), not the sale's date. */
  criado_em: string;
  /** The campaign's draw factor for the shop (points per real, ×10⁴); 0 or null: no coupons. */
  fator_sorteio_e4: number | null;
  /** The campaign's value limit per person per day (issue 37), null when it has none. */
  limite_valor_dia_centavos: number | null;
}

export interface AlertThresholds {
  /** k: a peak is more than k × the shop's 30-day daily median. */
  picoFator: number;
  /** With a median of 0, a peak is at least this many sales. */
  picoMinimo: number;
  /** n: more than n sales from one shop to one person in a day. */
  vendasPessoa: number;
  /** How far under a limit (percent of the limit, or of one coupon step) counts as "just under". */
  valorMargemPct: number;
  /** How many such sales of one shop in a day make an alert. */
  valorRepeticoes: number;
  /** Sales registered from 00:00 until this hour (exclusive, São Paulo) are "madrugada". */
  madrugadaFim: number;
  /** Issue 53: the receipts' rules look at this many days, up to and including the day asked. */
  recibosDias: number;
  /** More than this many receipts of a shop its partner never reported (pending or expired). */
  recibosNaoInformados: number;
  /** At least this many different people tried one key. */
  chavePessoas: number;
  /** An entity that got at least this many donated receipts… */
  doacoesMinimo: number;
  /** …and more than this percent of the city's donated receipts. */
  doacoesPct: number;
}

/** Days of history a shop's median is taken over (the 30 days before the day asked). */
export const PEAK_HISTORY_DAYS = 30;

/** Which limit a value sits just under (see {@link limitJustAbove}). */
export type LimitKind = 'venda' | 'dia' | 'cupom';

interface FindingBase {
  id_estabelecimento: number;
  nome_estabelecimento: string;
  ids_venda: number[];
}

export type Finding =
  | (FindingBase & { regra: 'pico_loja'; vendas: number; mediana: number })
  | (FindingBase & { regra: 'vendas_repetidas_pessoa'; id_usuario: number })
  | (FindingBase & {
      regra: 'valor_abaixo_limite';
      /** The limit the values sit under, in centavos. */
      limite_centavos: number;
      /**
       * 'venda': SALE_MAX_VALUE; 'dia': the campaign's value limit per person per day;
       * 'cupom': a multiple of the campaign's coupon step.
       */
      tipo: LimitKind;
      den_campanha: string;
      min_centavos: number;
      max_centavos: number;
    })
  | (FindingBase & { regra: 'madrugada'; horas: string[] })
  | (FindingBase & {
      regra: 'recibos_nao_informados';
      ids_recibo: number[];
      pendentes: number;
      expirados: number;
    })
  | {
      regra: 'chave_varias_pessoas';
      chave: string;
      /** The shop of the key's CNPJ; null when it is no longer a shop's. */
      id_estabelecimento: number | null;
      nome_estabelecimento: string | null;
      ids_usuario: number[];
      ids_recibo: number[];
      ids_venda: number[];
    }
  | (FindingBase & {
      regra: 'venda_acima_da_nota';
      ids_recibo: number[];
      /** Each sale's value and the total SEFAZ authorised on its receipt, in centavos. */
      valores: { venda: number; nota: number }[];
    })
  | {
      regra: 'doacoes_concentradas';
      id_entidade: number;
      nome_entidade: string;
      ids_recibo: number[];
      ids_venda: number[];
      /** The city's donated receipts in the days looked at. */
      total: number;
    };

/** The median of the counts (the mean of the two middle ones for an even number). */
export function median(counts: readonly number[]): number {
  if (counts.length === 0) return 0;
  const s = [...counts].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Rows grouped by a key (null: left out), in the order of first appearance. */
function groupBy<T, K>(rows: readonly T[], key: (r: T) => K | null): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const s of rows) {
    const k = key(s);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(s);
    else out.set(k, [s]);
  }
  return out;
}

const ids = (sales: readonly DaySale[]) => sales.map((s) => s.id_venda);
const base = (sales: readonly DaySale[]): FindingBase => ({
  id_estabelecimento: sales[0].id_estabelecimento,
  nome_estabelecimento: sales[0].nome_estabelecimento,
  ids_venda: ids(sales),
});

/**
 * `pico_loja`: the shop's count of the day above k × the median of its daily counts over the
 * 30 days before (days without sales count 0). With a median of 0 (a new or quiet shop) any
 * count would be "above", so then only a day of at least `picoMinimo` sales is a peak.
 * `history` holds each shop's (day → count) of those 30 days.
 */
export function peakFindings(
  sales: readonly DaySale[],
  history: ReadonlyMap<number, ReadonlyMap<string, number>>,
  historyDays: readonly string[],
  t: AlertThresholds,
): Finding[] {
  const out: Finding[] = [];
  for (const shopSales of groupBy(sales, (s) => s.id_estabelecimento).values()) {
    const perDay = history.get(shopSales[0].id_estabelecimento);
    const m = median(historyDays.map((d) => perDay?.get(d) ?? 0));
    const n = shopSales.length;
    const peak = m > 0 ? n > t.picoFator * m : n >= t.picoMinimo;
    if (peak) out.push({ regra: 'pico_loja', ...base(shopSales), vendas: n, mediana: m });
  }
  return out;
}

/** `vendas_repetidas_pessoa`: more than n sales of one shop to one person (pending QR sales have none). */
export function repeatedPersonFindings(sales: readonly DaySale[], t: AlertThresholds): Finding[] {
  const out: Finding[] = [];
  const groups = groupBy(sales, (s) =>
    s.id_usuario === null ? null : `${s.id_estabelecimento}:${s.id_usuario}`,
  );
  for (const g of groups.values()) {
    if (g.length > t.vendasPessoa) {
      out.push({ regra: 'vendas_repetidas_pessoa', ...base(g), id_usuario: g[0].id_usuario! });
    }
  }
  return out;
}

/** Centavos of one coupon in the campaign at this shop: a coupon per whole point (ledger.ts). */
const couponStepCentavos = (fatorE4: number): number => Math.ceil(1_000_000 / fatorE4);

/** A value below `limit` by at most `margemPct` % of `margin` (the limit itself is not under it). */
const justUnder = (valor: number, limit: number, margin: number, margemPct: number): boolean =>
  valor < limit && limit - valor <= (margin * margemPct) / 100;

/**
 * The limit a value sits just under, if any, in this order: SALE_MAX_VALUE, then the campaign's
 * value limit per person per day (`limiteDiaCentavos`, null for none), each when the value is
 * below it by at most `margem` % of it; else the next multiple of the coupon step when the value
 * is below it by at most `margem` % of one step (a value a few centavos short of one more
 * coupon). An exact limit or multiple is not "under" it.
 */
export function limitJustAbove(
  valorCentavos: number,
  fatorE4: number | null,
  margemPct: number,
  limiteDiaCentavos: number | null = null,
): { tipo: LimitKind; limite_centavos: number } | null {
  const max = SALE_MAX_VALUE * 100;
  if (justUnder(valorCentavos, max, max, margemPct)) return { tipo: 'venda', limite_centavos: max };
  if (
    limiteDiaCentavos !== null &&
    justUnder(valorCentavos, limiteDiaCentavos, limiteDiaCentavos, margemPct)
  ) {
    return { tipo: 'dia', limite_centavos: limiteDiaCentavos };
  }
  if (!fatorE4 || fatorE4 <= 0) return null;
  const step = couponStepCentavos(fatorE4);
  const next = (Math.floor(valorCentavos / step) + 1) * step;
  if (justUnder(valorCentavos, next, step, margemPct)) return { tipo: 'cupom', limite_centavos: next };
  return null;
}

/**
 * `valor_abaixo_limite`: at least `valorRepeticoes` sales of one shop in a day, in one campaign,
 * each just under the same limit ({@link limitJustAbove}).
 */
export function underLimitFindings(sales: readonly DaySale[], t: AlertThresholds): Finding[] {
  const out: Finding[] = [];
  const tagged = new Map<DaySale, { tipo: LimitKind; limite_centavos: number }>();
  for (const s of sales) {
    const l = limitJustAbove(
      s.valor_centavos,
      s.fator_sorteio_e4,
      t.valorMargemPct,
      s.limite_valor_dia_centavos,
    );
    if (l) tagged.set(s, l);
  }
  const groups = groupBy(sales, (s) => {
    const l = tagged.get(s);
    return l ? `${s.id_estabelecimento}:${s.id_campanha}:${l.tipo}:${l.limite_centavos}` : null;
  });
  for (const g of groups.values()) {
    if (g.length < t.valorRepeticoes) continue;
    const l = tagged.get(g[0])!;
    const valores = g.map((s) => s.valor_centavos);
    out.push({
      regra: 'valor_abaixo_limite',
      ...base(g),
      ...l,
      den_campanha: g[0].den_campanha,
      min_centavos: Math.min(...valores),
      max_centavos: Math.max(...valores),
    });
  }
  return out;
}

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: PROGRAMME_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `HH:MM` of an instant on the programme's clock (America/Sao_Paulo). */
const clockTime = (iso: string): string => clock.format(new Date(iso));

/** `madrugada`: a shop's sales registered from 00:00 until `madrugadaFim` o'clock, São Paulo time. */
export function nightFindings(sales: readonly DaySale[], t: AlertThresholds): Finding[] {
  const out: Finding[] = [];
  const night = groupBy(sales, (s) =>
    Number(clockTime(s.criado_em).slice(0, 2)) < t.madrugadaFim ? s.id_estabelecimento : null,
  );
  for (const g of night.values()) {
    out.push({ regra: 'madrugada', ...base(g), horas: g.map((s) => clockTime(s.criado_em)) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Issue 53: the residents' fiscal receipts (NFC-e), over the `recibosDias` days up to the day asked.

/** A receipt its shop never reported: still waiting, or expired waiting. */
export interface UnreportedReceipt {
  id_recibo: number;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  status: 'pendente' | 'expirado';
}

/**
 * `recibos_nao_informados`: more than `recibosNaoInformados` receipts of one shop that its partner
 * never reported (the shop may be selling without telling the programme, or residents may be
 * sending receipts of purchases that were never theirs).
 */
export function unreportedReceiptFindings(rows: readonly UnreportedReceipt[], t: AlertThresholds): Finding[] {
  const out: Finding[] = [];
  for (const g of groupBy(rows, (r) => r.id_estabelecimento).values()) {
    if (g.length <= t.recibosNaoInformados) continue;
    const pendentes = g.filter((r) => r.status === 'pendente').length;
    out.push({
      regra: 'recibos_nao_informados',
      id_estabelecimento: g[0].id_estabelecimento,
      nome_estabelecimento: g[0].nome_estabelecimento,
      ids_venda: [],
      ids_recibo: g.map((r) => r.id_recibo),
      pendentes,
      expirados: g.length - pendentes,
    });
  }
  return out;
}

/** A key and the different people who tried it (`recibo_tentativas`), with what it led to. */
export interface TriedKey {
  chave: string;
  ids_usuario: number[];
  id_estabelecimento: number | null;
  nome_estabelecimento: string | null;
  /** The receipt stored for it, if any (a key is stored once). */
  ids_recibo: number[];
  /** The live sale the partner reported it with, if any. */
  ids_venda: number[];
}

/**
 * `chave_varias_pessoas`: one key tried by at least `chavePessoas` different people (a receipt
 * passed around, or keys computed for a real partner's CNPJ and tried by several accounts). One
 * person sending the same key again counts once.
 */
export function sharedKeyFindings(keys: readonly TriedKey[], t: AlertThresholds): Finding[] {
  return keys
    .filter((k) => new Set(k.ids_usuario).size >= t.chavePessoas)
    .map((k) => ({
      regra: 'chave_varias_pessoas' as const,
      chave: k.chave,
      id_estabelecimento: k.id_estabelecimento,
      nome_estabelecimento: k.nome_estabelecimento,
      ids_usuario: [...new Set(k.ids_usuario)].sort((a, b) => a - b),
      ids_recibo: k.ids_recibo,
      ids_venda: k.ids_venda,
    }));
}

/** A receipt without a buyer donated to a social entity. */
export interface DonatedReceipt {
  id_recibo: number;
  id_entidade: number;
  nome_entidade: string;
  id_venda: number | null;
}

/**
 * `doacoes_concentradas`: an entity that got at least `doacoesMinimo` of the city's donated
 * receipts and more than `doacoesPct` % of them (the Nota Fiscal Paulista's lesson: 4 % of the
 * entities got 50 % of the donated credits, through receipts gathered in bulk).
 */
export function concentratedDonationFindings(rows: readonly DonatedReceipt[], t: AlertThresholds): Finding[] {
  const total = rows.length;
  const out: Finding[] = [];
  for (const g of groupBy(rows, (r) => r.id_entidade).values()) {
    if (g.length < t.doacoesMinimo || g.length * 100 <= t.doacoesPct * total) continue;
    out.push({
      regra: 'doacoes_concentradas',
      id_entidade: g[0].id_entidade,
      nome_entidade: g[0].nome_entidade,
      ids_recibo: g.map((r) => r.id_recibo),
      ids_venda: g.flatMap((r) => (r.id_venda === null ? [] : [r.id_venda])),
      total,
    });
  }
  return out;
}

/** A sale confirmed by a receipt whose total SEFAZ authorised is lower than the sale's value. */
export interface OverstatedSale {
  id_recibo: number;
  id_venda: number;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  /** The partner's value for the sale, in centavos. */
  venda_centavos: number;
  /** The receipt's total (vNF) as SEFAZ authorised it, in centavos. */
  nota_centavos: number;
}

/**
 * `venda_acima_da_nota`: sales of a shop worth more than the total SEFAZ authorised on the receipt
 * that confirmed them (a city with the gateway, `SEFAZ_CONSULTA_URL`): the coupons came from a
 * value the tax document does not back. One such sale is already an alert; the credit stands
 * until an admin looks (the receipt did happen, its value did not).
 */
export function overstatedSaleFindings(rows: readonly OverstatedSale[]): Finding[] {
  return [...groupBy(rows, (r) => r.id_estabelecimento).values()].map((g) => ({
    regra: 'venda_acima_da_nota' as const,
    id_estabelecimento: g[0].id_estabelecimento,
    nome_estabelecimento: g[0].nome_estabelecimento,
    ids_venda: g.map((r) => r.id_venda),
    ids_recibo: g.map((r) => r.id_recibo),
    valores: g.map((r) => ({ venda: r.venda_centavos, nota: r.nota_centavos })),
  }));
}
