import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 54: backups that restore.
 *
 * - `backups`: one row per backup run (scheduled or by hand): when, where its archive went, its
 *   size and number of files, how many old archives retention removed, and the error of a run
 *   that failed. The runs' audit record and their count (`situacao = 'ok'`, `'falhou'`).
 *   `agendado_para` is the schedule's instant a run was made for: unique, so of several
 *   instances that see the same instant come, one enqueues it.
 * - `travas`: named leases in the database (`ate`, renewed while the holder works), so one
 *   instance at a time runs a backup; a holder that died loses its lease when `ate` passes.
 *
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('backups')
    .addColumn('id_backup', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('origem', 'text', (c) => c.notNull().check(sql`origem in ('agendado', 'manual')`))
    .addColumn('agendado_para', 'text')
    .addColumn('situacao', 'text', (c) =>
      c.notNull().check(sql`situacao in ('pendente', 'rodando', 'ok', 'falhou')`),
    )
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('iniciado_em', 'text')
    .addColumn('terminado_em', 'text')
    .addColumn('arquivo', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('objetos', 'integer')
    .addColumn('removidos', 'integer')
    .addColumn('erro', 'text')
    .execute();
  await db.schema.createIndex('backups_agendado_uq').on('backups').column('agendado_para').unique().execute();
  await db.schema.createIndex('backups_situacao_idx').on('backups').columns(['situacao', 'id_backup']).execute();

  await db.schema
    .createTable('travas')
    .addColumn('nome', 'text', (c) => c.primaryKey())
    .addColumn('dono', 'text', (c) => c.notNull())
    .addColumn('ate', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('travas').execute();
  await db.schema.dropTable('backups').execute();
}
