import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
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

/** Issue 40: the live sales still waiting for a CPF, oldest first. */
export const pendingOfCpf = (db: Kysely<Database>, cpfBusca: string) =>
  db
    .selectFrom('vendas')
    .select('id_venda')
    .where('cpf_busca', '=', cpfBusca)
    .where('id_usuario', 'is', null)
    .where(liveSale())
    .orderBy('id_venda')
    .execute();

/** Issue 40: a CPF's account takes a sale that waited for it (once: still without recipient). */
export async function creditSale(
  trx: Kysely<Database>,
  idVenda: number,
  cpfBusca: string,
  idUsuario: number,
  at: string,
): Promise<boolean> {
  const r = await trx
    .updateTable('vendas')
    .set({ id_usuario: idUsuario, cpf_busca: null, reivindicada_em: at, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .where('id_usuario', 'is', null)
    .where(liveSale())
    .where('cpf_busca', '=', cpfBusca)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Issue 40: a sale that waited for a CPF lapses (its campaign ended first): it waits no more. */
export async function lapseSale(trx: Kysely<Database>, idVenda: number, at: string): Promise<void> {
  await trx
    .updateTable('vendas')
    .set({ cpf_busca: null, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .execute();
}
