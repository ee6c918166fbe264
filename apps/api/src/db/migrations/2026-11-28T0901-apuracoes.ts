import { sql, PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Apurações by the Loteria Federal (issue 36, modules/apuracoes) and winners annulled in the
 * open.
 *
 * - `apuracoes`: one scheduled or decided apuração. When scheduled, the campaign's eligible
 *   coupons are frozen into a ticket file (`arquivo`, relative to the data folder) whose
 *   SHA-256 is `hash_bilhetes`; `maior_numero` is the highest stored coupon number frozen.
 *   Once apurada it keeps the five prizes (`premios`, comma-joined) and the starting point.
 * - `apuracao_fora`: the coupons numbered up to `maior_numero` that were *not* frozen (voided,
 *   drawn, or of a removed person at that instant). A coupon is in the file exactly when its
 *   number is ≤ `maior_numero` and it is not listed here, so a resident's numbers and the
 *   public search need no read of the file; this list is short (the same complement as the
 *   instant draw's count, decision 009).
 * - `apuracao_reagendamentos`: every move to another contest, shown publicly.
 * - `contemplados`: the apuração and prize order of a winner that came from one; and, for any
 *   winner, its annulment (when, why, by whom: public next to its draw) and the prize's
 *   delivery (a prize not delivered 180 days after the result is prescribed).
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const now = pg
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const flag = (name: string) => (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo('S')
      .check(sql`${sql.ref(name)} in ('S','N')`);

  await db.schema
    .createTable('apuracoes')
    .addColumn('id_apuracao', 'integer', id)
    .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
    .addColumn('concurso', 'integer', (c) => c.notNull())
    .addColumn('data_concurso', 'text', (c) => c.notNull())
    .addColumn('qtd_premios', 'integer', (c) => c.notNull())
    .addColumn('mloja', 'text', flag('mloja'))
    .addColumn('musuario', 'text', flag('musuario'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('agendada')
        .check(sql`status in ('agendada','apurada')`),
    )
    .addColumn('hash_bilhetes', 'text', (c) => c.notNull())
    .addColumn('qtd_bilhetes', bigint, (c) => c.notNull())
    .addColumn('maior_numero', bigint, (c) => c.notNull())
    .addColumn('arquivo', 'text', (c) => c.notNull())
    .addColumn('congelado_em', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('criado_por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .addColumn('premios', 'text')
    .addColumn('serie_inicial', 'text')
    .addColumn('numero_inicial', 'text')
    .addColumn('apurada_em', 'text')
    .addColumn('apurada_por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .execute();
  await db.schema
    .createIndex('apuracoes_campanha_idx')
    .on('apuracoes')
    .columns(['id_campanha', 'id_apuracao'])
    .execute();

  await db.schema
    .createTable('apuracao_fora')
    .addColumn('id_apuracao', 'integer', (c) =>
      c.notNull().references('apuracoes.id_apuracao').onDelete('cascade'),
    )
    .addColumn('numero', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('apuracao_fora_pk', ['id_apuracao', 'numero'])
    .execute();

  await db.schema
    .createTable('apuracao_reagendamentos')
    .addColumn('id', 'integer', id)
    .addColumn('id_apuracao', 'integer', (c) =>
      c.notNull().references('apuracoes.id_apuracao').onDelete('cascade'),
    )
    .addColumn('em', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('concurso_anterior', 'integer', (c) => c.notNull())
    .addColumn('data_anterior', 'text', (c) => c.notNull())
    .addColumn('concurso', 'integer', (c) => c.notNull())
    .addColumn('data_concurso', 'text', (c) => c.notNull())
    .addColumn('motivo', 'text')
    .addColumn('por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .execute();
  await db.schema
    .createIndex('apuracao_reagendamentos_idx')
    .on('apuracao_reagendamentos')
    .columns(['id_apuracao', 'id'])
    .execute();

  for (const [name, type] of [
    ['id_apuracao', 'integer'],
    ['premio', 'integer'],
    ['anulado_em', 'text'],
    ['motivo_anulacao', 'text'],
    ['anulado_por', 'integer'],
    ['entregue_em', 'text'],
  ] as const) {
    await db.schema.alterTable('contemplados').addColumn(name, type).execute();
  }
  // One winner per prize of an apuração: ten result posts at once record one set of winners.
  await db.schema
    .createIndex('contemplados_apuracao_uq')
    .unique()
    .on('contemplados')
    .columns(['id_apuracao', 'premio'])
    .where(sql.ref('id_apuracao'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contemplados_apuracao_uq').ifExists().execute();
  for (const name of [
    'entregue_em',
    'anulado_por',
    'motivo_anulacao',
    'anulado_em',
    'premio',
    'id_apuracao',
  ]) {
    await db.schema.alterTable('contemplados').dropColumn(name).execute();
  }
  await db.schema.dropTable('apuracao_reagendamentos').ifExists().execute();
  await db.schema.dropTable('apuracao_fora').ifExists().execute();
  await db.schema.dropTable('apuracoes').ifExists().execute();
}
