import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { DaySale } from './rules.js';
import { liveSale, salesTable } from '../sales/live.js';

/**
 * The SQL of the alerts: two reads per request, both through indexes of the first migration
 * (2026-11-22T0800-modelo-inicial, rebuilt in 2026-11-23T0900-livro-de-vendas):
 * `estabelecimentos_cidade_idx` (cod_cidade) finds the city's shops and `vendas_estab_idx`
 * (id_estabelecimento, dat_venda) their sales of the day, or of the 30 days before; the
 * campaign and the shop's factor are primary-key look-ups (`campanha_estabelecimentos_pk`).
 * Deleted sales (`excluida_em`) are left out.
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
