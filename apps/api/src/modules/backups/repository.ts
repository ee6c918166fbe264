import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Issue 54: the backup runs (`backups`) and the database's leases (`travas`). */

type Db = Kysely<Database>;

/**
 * The run for the schedule's instant `slot`, created unless one exists (several instances see
 * the same instant): its id when this call created it, else null.
 */
export async function claimSlot(db: Db, slot: string, at: string): Promise<number | null> {
  const row = await db
    .insertInto('backups')
    .values({ origem: 'agendado', agendado_para: slot, situacao: 'pendente', criado_em: at })
    .onConflict((oc) => oc.column('agendado_para').doNothing())
    .returning('id_backup')
    .executeTakeFirst();
  return row?.id_backup ?? null;
}

export async function newManualRun(db: Db, at: string): Promise<number> {
  const row = await db
    .insertInto('backups')
    .values({ origem: 'manual', situacao: 'pendente', criado_em: at })
    .returning('id_backup')
    .executeTakeFirstOrThrow();
  return row.id_backup;
}

export const findRun = (db: Db, id: number) =>
  db.selectFrom('backups').selectAll().where('id_backup', '=', id).executeTakeFirst();

export async function markRunning(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('backups')
    .set({ situacao: 'rodando', iniciado_em: at, terminado_em: null, erro: null })
    .where('id_backup', '=', id)
    .execute();
}

export async function markDone(
  db: Db,
  id: number,
  o: { at: string; arquivo: string; bytes: number; objetos: number; removidos: number },
): Promise<void> {
  await db
    .updateTable('backups')
    .set({
      situacao: 'ok',
      terminado_em: o.at,
      arquivo: o.arquivo,
      bytes: o.bytes,
      objetos: o.objetos,
      removidos: o.removidos,
      erro: null,
    })
    .where('id_backup', '=', id)
    .execute();
}

export async function markFailed(db: Db, id: number, at: string, erro: string): Promise<void> {
  await db
    .updateTable('backups')
    .set({ situacao: 'falhou', terminado_em: at, erro: erro.slice(0, 2000) })
    .where('id_backup', '=', id)
    .execute();
}

/**
 * After a restore: the run that wrote the archive is done (its snapshot saw it running), any
 * other run the snapshot saw unfinished was cut short, and no lease of the old database holds.
 */
export async function settleAfterRestore(db: Db, o: { id: number | null; arquivo: string; at: string }) {
  if (o.id !== null) {
    await db
      .updateTable('backups')
      .set({ situacao: 'ok', terminado_em: o.at, arquivo: o.arquivo, erro: null })
      .where('id_backup', '=', o.id)
      .execute();
  }
  await db
    .updateTable('backups')
    .set({
      situacao: 'falhou',
      terminado_em: o.at,
      erro: 'interrompido: o banco foi restaurado de um backup',
    })
    .where('situacao', 'in', ['pendente', 'rodando'])
    .execute();
  await db.deleteFrom('travas').execute();
}

/** Runs by outcome: what an operator (or a metric) counts. */
export async function countRuns(db: Db): Promise<Record<'ok' | 'falhou' | 'pendente' | 'rodando', number>> {
  const rows = await db
    .selectFrom('backups')
    .select(['situacao', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('situacao')
    .execute();
  const out = { ok: 0, falhou: 0, pendente: 0, rodando: 0 };
  for (const r of rows) out[r.situacao] = Number(r.n);
  return out;
}

/**
 * Takes the lease `nome` for `dono` until `ate` when it is free or its holder's lease ran out
 * (one statement: of two callers, one gets it). Answers whether it is now `dono`'s.
 */
export async function takeLease(
  db: Db,
  nome: string,
  dono: string,
  now: string,
  ate: string,
): Promise<boolean> {
  const row = await db
    .insertInto('travas')
    .values({ nome, dono, ate })
    .onConflict((oc) => oc.column('nome').doUpdateSet({ dono, ate }).where(sql.ref('travas.ate'), '<', now))
    .returning('dono')
    .executeTakeFirst();
  return row?.dono === dono;
}

/** Extends `dono`'s lease; false when it is no longer theirs. */
export async function renewLease(db: Db, nome: string, dono: string, ate: string): Promise<boolean> {
  const r = await db
    .updateTable('travas')
    .set({ ate })
    .where('nome', '=', nome)
    .where('dono', '=', dono)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function releaseLease(db: Db, nome: string, dono: string): Promise<void> {
  await db.deleteFrom('travas').where('nome', '=', nome).where('dono', '=', dono).execute();
}

/** Apurações' and seeded draws' published hashes (issue 49), whose files the restore checks. */
export async function publishedHashes(db: Db) {
  const apuracoes = await db
    .selectFrom('apuracoes')
    .select(['id_apuracao', 'arquivo', 'hash_bilhetes'])
    .where('hash_bilhetes', '<>', '')
    .orderBy('id_apuracao')
    .execute();
  const sorteios = await db
    .selectFrom('sorteios')
    .select(['id', 'hash_lista'])
    .where('hash_lista', 'is not', null)
    .orderBy('id')
    .execute();
  return { apuracoes, sorteios };
}

/** The newest migration applied. */
export async function newestMigration(db: Db): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
  return rows[0]?.name ?? null;
}
