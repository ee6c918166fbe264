import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Who holds a coupon in the draws (issue 40, decisions 051 and 052). The coupon keeps its
 * earner (`cupons.id_usuario`, the ledger's key); it is held by an entity's account when
 *
 * 1. a gift of the earner for the coupon's campaign covers it (`doacoes`: 'todos', or
 *    'futuros' and issued since the gift), else
 * 2. the campaign gives `pct_entidade` % to the chosen entities, the coupon's number is one of
 *    that share (number n when ⌊(n+1)·p/100⌋ > ⌊n·p/100⌋), and the earner's choice in force
 *    when it was issued (`escolhas_entidade`, the latest before) names an entity of the
 *    campaign's city.
 *
 * Otherwise the earner holds it. Every reader of "who holds this coupon" (the instant draw,
 * the apuração's frozen file and its result, the entities' pages) takes it from here. Each
 * condition is a probe of a primary key or of an index by person, so a campaign without gifts
 * and without a share (see {@link campaignHasEntityHolders}) keeps the draws' own plans.
 */
export function entityHolderOf(k: string, asOf?: string): RawBuilder<number | null> {
  const col = (c: string) => sql.ref(`${k}.${c}`);
  // `asOf`: only the gifts made by then (an apuração's file and result hold its freeze's holders).
  const giftBy = asOf === undefined ? sql`` : sql` and d.criado_em <= ${asOf}`;
  return sql<number | null>`coalesce(
    (select ed.id_usuario from doacoes d inner join entidades ed on ed.id_entidade = d.id_entidade
      where d.id_usuario = ${col('id_usuario')} and d.id_campanha = ${col('id_campanha')}
        and (d.modo = 'todos' or ${col('dat_emissao')} >= d.criado_em)${giftBy}),
    (select ex.id_usuario from campanhas p
      inner join escolhas_entidade x on x.id = (
        select y.id from escolhas_entidade y
        where y.id_usuario = ${col('id_usuario')} and y.desde <= ${col('dat_emissao')}
        order by y.desde desc, y.id desc limit 1)
      inner join entidades ex on ex.id_entidade = x.id_entidade and ex.cod_cidade = p.cod_cidade
      where p.id_campanha = ${col('id_campanha')} and p.pct_entidade > 0
        and ((${col('numero')} + 1) * p.pct_entidade) / 100 > (${col('numero')} * p.pct_entidade) / 100))`;
}

/**
 * The name of the entity holding coupon `k` ({@link entityHolderOf}), or null when its earner
 * holds it: what the resident's coupon lists say as "Doado para …" (issue 51).
 */
export const entityNameHolding = (k: string): RawBuilder<string | null> =>
  sql<string | null>`(select eh.nome from entidades eh where eh.id_usuario = ${entityHolderOf(k)})`;

/** The account holding coupon `k` in the draws: an entity's ({@link entityHolderOf}) or its earner's. */
export const holderOf = (k: string, asOf?: string): RawBuilder<number> =>
  sql<number>`coalesce(${entityHolderOf(k, asOf)}, ${sql.ref(`${k}.id_usuario`)})`;

/**
 * Whether any coupon of the campaign may be held by an entity: it has a gift, or a share for
 * the chosen entities. When not, every holder is the earner and the draws keep their plans.
 */
export async function campaignHasEntityHolders(db: Kysely<Database>, idCampanha: number): Promise<boolean> {
  const r = await db
    .selectFrom('campanhas as c')
    .select((eb) => [
      'c.pct_entidade',
      eb
        .exists(
          eb
            .selectFrom('doacoes as d')
            .select('d.id_usuario')
            .whereRef('d.id_campanha', '=', 'c.id_campanha'),
        )
        .as('com_doacao'),
    ])
    .where('c.id_campanha', '=', idCampanha)
    .executeTakeFirst();
  return !!r && (Number(r.pct_entidade) > 0 || Boolean(r.com_doacao));
}
