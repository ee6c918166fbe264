import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { DaySale, DonatedReceipt, OverstatedSale, TriedKey, UnreportedReceipt } from './rules.js';
import { liveSale, salesTable } from '../sales/live.js';

/**
 * The SQL of the alerts: two reads per request, both through indexes of the first migration
 * (2026-11-22T0800-modelo-inicial, rebuilt in 2026-11-23T0900-livro-de-vendas):
 * `estabelecimentos_cidade_idx` (cod_cidade) finds the city's shops and `vendas_estab_idx`
 * (id_estabelecimento, dat_venda) their sales of the day, or of the 30 days before; the
 * campaign and the shop's factor are primary-key look-ups (`campanha_estabelecimentos_pk`).
 * Deleted sales (`excluida_em`) are left out.
 *
 * Issue 53's receipts' rules read the city's receipts of a window of days through
 * `recibos_cidade_idx` (cod_cidade, status, id_recibo), and its attempts through
 * `recibo_tentativas_cidade_idx` (cod_cidade, em).
 */

/** Shops per statement of the history's `in (…)`: well under both databases' parameter limits. */
const SHOPS_PER_QUERY = 500;

/** The city's live sales of the day, by shop and id. */
export async function salesOfDay(db: Kysely<Database>, codCidade: number, day: string): Promise<DaySale[]> {
  const rows = await db
    .selectFrom('estabelecimentos as e')
    .innerJoin(salesTable('v'), 'v.id_estabelecimento', 'e.id_estabelecimento')
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .leftJoin('campanha_estabelecimentos as ce', (j) =>
      j
        .onRef('ce.id_campanha', '=', 'v.id_campanha')
        .onRef('ce.id_estabelecimento', '=', 'v.id_estabelecimento'),
    )
    .select([
      'v.id_venda',
      'v.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'v.id_usuario',
      'v.id_campanha',
      'c.den_campanha',
      'v.valor_centavos',
      'v.criado_em',
      'ce.fator_sorteio_e4',
      'c.limite_valor_dia_centavos',
    ])
    .where('e.cod_cidade', '=', codCidade)
    .where('v.dat_venda', '=', day)
    .where(liveSale('v'))
    .orderBy('v.id_estabelecimento')
    .orderBy('v.id_venda')
    .execute();
  return rows.map((r) => ({
    ...r,
    id_venda: Number(r.id_venda),
    valor_centavos: Number(r.valor_centavos),
    fator_sorteio_e4: r.fator_sorteio_e4 === null ? null : Number(r.fator_sorteio_e4),
    limite_valor_dia_centavos:
      r.limite_valor_dia_centavos === null ? null : Number(r.limite_valor_dia_centavos),
  }));
}

/** Live sales per shop and day in [from, to], for the given shops: shop → (day → count). */
export async function dailyCounts(
  db: Kysely<Database>,
  shops: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  for (let i = 0; i < shops.length; i += SHOPS_PER_QUERY) {
    const rows = await db
      .selectFrom(salesTable())
      .select(['id_estabelecimento', 'dat_venda', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id_estabelecimento', 'in', shops.slice(i, i + SHOPS_PER_QUERY))
      .where('dat_venda', '>=', from)
      .where('dat_venda', '<=', to)
      .where(liveSale())
      .groupBy(['id_estabelecimento', 'dat_venda'])
      .execute();
    for (const r of rows) {
      let perDay = out.get(r.id_estabelecimento);
      if (!perDay) out.set(r.id_estabelecimento, (perDay = new Map()));
      perDay.set(r.dat_venda, Number(r.n));
    }
  }
  return out;
}

/** Keys per statement of an `in (…)`. */
const KEYS_PER_QUERY = 500;
const chunks = <T>(all: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(all.length / n) }, (_, i) => all.slice(i * n, (i + 1) * n));

/** The city's receipts sent in [from, to] (São Paulo days) that their shop never reported. */
export async function unreportedReceipts(
  db: Kysely<Database>,
  codCidade: number,
  from: string,
  to: string,
): Promise<UnreportedReceipt[]> {
  const rows = await db
    .selectFrom('recibos as r')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'r.id_estabelecimento')
    .select(['r.id_recibo', 'r.id_estabelecimento', 'e.nome as nome_estabelecimento', 'r.status'])
    .where('r.cod_cidade', '=', codCidade)
    .where('r.status', 'in', ['pendente', 'expirado'])
    .where('r.dia_envio', '>=', from)
    .where('r.dia_envio', '<=', to)
    .orderBy('r.id_estabelecimento')
    .orderBy('r.id_recibo')
    .execute();
  return rows.map((r) => ({
    ...r,
    id_recibo: Number(r.id_recibo),
    status: r.status as UnreportedReceipt['status'],
  }));
}

/**
 * The keys residents of the city tried in [fromIso, toIso) that at least `minPeople` different
 * people tried, each with those people, the shop of its CNPJ, its stored receipt and its live sale.
 */
export async function triedKeys(
  db: Kysely<Database>,
  codCidade: number,
  fromIso: string,
  toIso: string,
  minPeople: number,
): Promise<TriedKey[]> {
  const inWindow = db
    .selectFrom('recibo_tentativas')
    .where('cod_cidade', '=', codCidade)
    .where('em', '>=', fromIso)
    .where('em', '<', toIso);
  const keys = (
    await inWindow
      .select('chave')
      .groupBy('chave')
      .having((eb) => eb.fn.count('id_usuario').distinct(), '>=', minPeople)
      .orderBy('chave')
      .execute()
  ).map((r) => r.chave);
  const out = new Map<string, TriedKey>(
    keys.map((chave) => [
      chave,
      {
        chave,
        ids_usuario: [],
        id_estabelecimento: null,
        nome_estabelecimento: null,
        ids_recibo: [],
        ids_venda: [],
      },
    ]),
  );
  for (const part of chunks(keys, KEYS_PER_QUERY)) {
    const people = await inWindow
      .select(['chave', 'id_usuario'])
      .distinct()
      .where('chave', 'in', part)
      .orderBy('chave')
      .orderBy('id_usuario')
      .execute();
    for (const p of people) out.get(p.chave)!.ids_usuario.push(p.id_usuario);
    const shops = await db
      .selectFrom('estabelecimento_cnpjs as c')
      .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'c.id_estabelecimento')
      .select(['c.cnpj', 'e.id_estabelecimento', 'e.nome'])
      .where('c.cnpj', 'in', [...new Set(part.map((k) => k.slice(6, 20)))])
      .execute();
    const shopOf = new Map(shops.map((s) => [s.cnpj, s]));
    for (const k of part) {
      const shop = shopOf.get(k.slice(6, 20));
      if (shop)
        Object.assign(out.get(k)!, {
          id_estabelecimento: shop.id_estabelecimento,
          nome_estabelecimento: shop.nome,
        });
    }
    const receipts = await db
      .selectFrom('recibos')
      .select(['chave', 'id_recibo'])
      .where('chave', 'in', part)
      .execute();
    for (const r of receipts) out.get(r.chave)!.ids_recibo.push(Number(r.id_recibo));
    const sales = await db
      .selectFrom(salesTable('v'))
      .select(['v.chave_nfce', 'v.id_venda'])
      .where('v.chave_nfce', 'in', part)
      .where(liveSale('v'))
      .execute();
    for (const v of sales)
      if (v.chave_nfce !== null) out.get(v.chave_nfce)?.ids_venda.push(Number(v.id_venda));
  }
  return [...out.values()];
}

/** The city's receipts sent in [from, to] (São Paulo days) that were donated, with their entity. */
export async function donatedReceipts(
  db: Kysely<Database>,
  codCidade: number,
  from: string,
  to: string,
): Promise<DonatedReceipt[]> {
  const rows = await db
    .selectFrom('recibos as r')
    .innerJoin('entidades as en', 'en.id_entidade', 'r.id_entidade')
    .select(['r.id_recibo', 'r.id_entidade', 'en.nome as nome_entidade', 'r.id_venda'])
    .where('r.cod_cidade', '=', codCidade)
    .where('r.status', '=', 'doado')
    .where('r.dia_envio', '>=', from)
    .where('r.dia_envio', '<=', to)
    .orderBy('r.id_entidade')
    .orderBy('r.id_recibo')
    .execute();
  return rows.map((r) => ({
    id_recibo: Number(r.id_recibo),
    id_entidade: Number(r.id_entidade),
    nome_entidade: r.nome_entidade,
    id_venda: r.id_venda === null ? null : Number(r.id_venda),
  }));
}

/**
 * The city's receipts sent in [from, to] (São Paulo days) that SEFAZ authorised with a total
 * lower than the value of the live sale they confirmed (credited or donated), by shop and receipt.
 */
export async function overstatedSales(
  db: Kysely<Database>,
  codCidade: number,
  from: string,
  to: string,
): Promise<OverstatedSale[]> {
  const rows = await db
    .selectFrom('recibos as r')
    .innerJoin(salesTable('v'), 'v.id_venda', 'r.id_venda')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select([
      'r.id_recibo',
      'v.id_venda',
      'v.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'v.valor_centavos as venda_centavos',
      'r.valor_centavos as nota_centavos',
    ])
    .where('r.cod_cidade', '=', codCidade)
    .where('r.status', 'in', ['creditado', 'doado'])
    .where('r.sefaz_situacao', '=', 'autorizada')
    .where('r.valor_centavos', 'is not', null)
    .whereRef('v.valor_centavos', '>', 'r.valor_centavos')
    .where(liveSale('v'))
    .where('r.dia_envio', '>=', from)
    .where('r.dia_envio', '<=', to)
    .orderBy('v.id_estabelecimento')
    .orderBy('r.id_recibo')
    .execute();
  return rows.map((r) => ({
    id_recibo: Number(r.id_recibo),
    id_venda: Number(r.id_venda),
    id_estabelecimento: r.id_estabelecimento,
    nome_estabelecimento: r.nome_estabelecimento,
    venda_centavos: Number(r.venda_centavos),
    nota_centavos: Number(r.nota_centavos),
  }));
}
