import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { salesTable } from '../sales/live.js';

/** A campaign's coupons for its admins (issue 39): by number, keyset pages for the export. */
function ofCampaign(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('cupons as k')
    .innerJoin(salesTable('v'), 'v.id_venda', 'k.id_venda')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'k.id_estabelecimento')
    .leftJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .where('k.id_campanha', '=', idCampanha)
    .select([
      'k.numero',
      'k.dat_emissao',
      'k.id_venda',
      'v.numero_venda',
      'k.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'k.id_usuario',
      sql<string>`coalesce(u.nome, '')`.as('nome_usuario'),
      'k.anulado_em',
      'k.sorteado_em',
    ]);
}

export type CampaignCouponRow = Awaited<ReturnType<typeof couponsAfter>>[number];

export function couponsAfter(
  db: Kysely<Database>,
  idCampanha: number,
  after: number | undefined,
  size: number,
) {
  let q = ofCampaign(db, idCampanha);
  if (after !== undefined) q = q.where('k.numero', '>', after);
  return q.orderBy('k.numero').limit(size).execute();
}

export function couponsPage(
  db: Kysely<Database>,
  idCampanha: number,
  page: { offset: number; limit: number },
) {
  return ofCampaign(db, idCampanha).orderBy('k.numero').offset(page.offset).limit(page.limit).execute();
}

/** How many coupons the campaign has, counted up to `cap` + 1 at most. */
export async function countCoupons(db: Kysely<Database>, idCampanha: number, cap: number): Promise<number> {
  const { n } = await db
    .selectFrom(
      db
        .selectFrom('cupons')
        .select('id_cupom')
        .where('id_campanha', '=', idCampanha)
        .limit(cap + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
