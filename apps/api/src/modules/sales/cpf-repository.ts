import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type { CreditadaVia } from '../users/cpf-identity.js';
import { liveSale } from './live.js';

/** Issue 40: the sales waiting for a CPF's account. */

/** Issue 40: a new sale waits for the account of a CPF (its lookup value and masked form). */
export async function markPendingCpf(trx: Kysely<Database>, idVenda: number, busca: string, mascara: string) {
  await trx
    .updateTable('vendas')
    .set({ cpf_busca: busca, cpf_mascara: mascara })
    .where('id_venda', '=', idVenda)
    .execute();
}

/** Issue 40: as `lockPersonInCampaign`, for the sales waiting for one CPF. */
export async function lockCpfInCampaign(
  trx: Kysely<Database>,
  dialect: Dialect,
  idCampanha: number,
  cpfBusca: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${idCampanha}::int, hashtext(${cpfBusca}))`.execute(trx);
}

/** Issue 40: the live sales waiting for one CPF in a campaign on one day (as `dayTotals`). */
export async function cpfDayTotals(
  trx: Kysely<Database>,
  k: { idCampanha: number; cpfBusca: string; idEstabelecimento: number; dia: string },
): Promise<{ vendasLoja: number; valorCentavos: number }> {
  const row = await trx
    .selectFrom('vendas')
    .select((eb) => [
      eb.fn
        .count<number>(eb.case().when('id_estabelecimento', '=', k.idEstabelecimento).then(1).end())
        .as('vendas_loja'),
      eb.fn.coalesce(eb.fn.sum<number>('valor_centavos'), eb.lit(0)).as('valor'),
    ])
    .where('cpf_busca', '=', k.cpfBusca)
    .where('id_campanha', '=', k.idCampanha)
    .where('dat_venda', '=', k.dia)
    .where('id_usuario', 'is', null)
    .where(liveSale())
    .executeTakeFirst();
  return { vendasLoja: Number(row?.vendas_loja ?? 0), valorCentavos: Number(row?.valor ?? 0) };
}

/** Issue 52: the CPF (lookup value) a live sale still waits for, or null. */
export async function cpfOfWaitingSale(db: Kysely<Database>, idVenda: number): Promise<string | null> {
  const row = await db
    .selectFrom('vendas')
    .select('cpf_busca')
    .where('id_venda', '=', idVenda)
    .where('id_usuario', 'is', null)
    .where(liveSale())
    .executeTakeFirst();
  return row?.cpf_busca ?? null;
}

/** Issue 40: the live sales still waiting for a CPF, oldest first (issue 52: with their refusal). */
export const pendingOfCpf = (db: Kysely<Database>, cpfBusca: string) =>
  db
    .selectFrom('vendas')
    .select(['id_venda', 'cpf_motivo'])
    .where('cpf_busca', '=', cpfBusca)
    .where('id_usuario', 'is', null)
    .where(liveSale())
    .orderBy('id_venda')
    .execute();

/**
 * Issue 40: a CPF's account takes a sale that waited for it (once: still without recipient).
 * Issue 52: how the account held the CPF is kept (`via`); a reason a rule gave before goes.
 */
export async function creditSale(
  trx: Kysely<Database>,
  idVenda: number,
  cpfBusca: string,
  idUsuario: number,
  via: CreditadaVia,
  at: string,
): Promise<boolean> {
  const r = await trx
    .updateTable('vendas')
    .set({
      id_usuario: idUsuario,
      cpf_busca: null,
      cpf_motivo: null,
      cpf_creditada_via: via,
      reivindicada_em: at,
      atualizado_em: at,
    })
    .where('id_venda', '=', idVenda)
    .where('id_usuario', 'is', null)
    .where(liveSale())
    .where('cpf_busca', '=', cpfBusca)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Issue 52 (it lapsed before): a rule refused to credit a sale waiting for a CPF (its campaign
 * ended, a limit…). It keeps waiting, with the reason for the admins. Answers whether the
 * reason is new (the person is told once, not at every retry).
 */
export async function refuseSale(
  db: Kysely<Database>,
  idVenda: number,
  motivo: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('vendas')
    .set({ cpf_motivo: motivo, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .where('id_usuario', 'is', null)
    .where((eb) => eb.or([eb('cpf_motivo', 'is', null), eb('cpf_motivo', '<>', motivo)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Issue 52: the CPFs whose waiting sales (never refused) now have an account to credit them, as
 * pairs of CPF and account, at most `limit`: a proven CPF, or one declared by one account alone
 * since `cutoff` or before. The periodic job credits them (cpf-credit.ts `creditMatured`).
 */
export async function maturedCpfs(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<{ cpf_busca: string; id_usuario: number }[]> {
  const rows = await db
    .selectFrom('vendas as v')
    .innerJoin('usuarios as u', 'u.cpf_busca', 'v.cpf_busca')
    .select(['u.cpf_busca', 'u.id_usuario'])
    .distinct()
    .where('v.id_usuario', 'is', null)
    .where('v.cpf_motivo', 'is', null)
    .where(liveSale('v'))
    .where('u.removido_em', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.cpf_situacao', '=', 'comprovado'),
        eb.and([
          eb('u.cpf_situacao', '=', 'declarado'),
          eb('u.cpf_definido_em', '<=', cutoff),
          eb.not(
            eb.exists(
              eb
                .selectFrom('usuarios as o')
                .select('o.id_usuario')
                .whereRef('o.cpf_busca', '=', 'u.cpf_busca')
                .whereRef('o.id_usuario', '<>', 'u.id_usuario')
                .where('o.removido_em', 'is', null),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('u.id_usuario')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ cpf_busca: r.cpf_busca!, id_usuario: r.id_usuario }));
}

/** Issue 52: the live sales credited to an account under a photo proof of its CPF. */
export const photoCreditsOf = (db: Kysely<Database>, idUsuario: number) =>
  db
    .selectFrom('vendas')
    .select('id_venda')
    .where('id_usuario', '=', idUsuario)
    .where('cpf_creditada_via', '=', 'foto')
    .where(liveSale())
    .orderBy('id_venda')
    .execute();

/** Issue 52: a credit reversed: the sale waits for the CPF again (its points already left). */
export async function uncreditSale(
  trx: Kysely<Database>,
  idVenda: number,
  cpfBusca: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('vendas')
    .set({
      id_usuario: null,
      cpf_busca: cpfBusca,
      cpf_motivo: null,
      cpf_creditada_via: null,
      reivindicada_em: null,
      atualizado_em: at,
    })
    .where('id_venda', '=', idVenda)
    .execute();
}

/**
 * Issue 52: a credit a gov.br proof left with the account (a coupon drawn or frozen): it is no
 * longer one to reverse (the audit entry of the transfer names it).
 */
export async function keepCredit(trx: Kysely<Database>, idVenda: number): Promise<void> {
  await trx.updateTable('vendas').set({ cpf_creditada_via: null }).where('id_venda', '=', idVenda).execute();
}
