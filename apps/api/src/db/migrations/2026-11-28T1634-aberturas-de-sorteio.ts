import { sql, PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The instant draw's commit-reveal (issue 49, modules/draws): `sorteio_aberturas`, one row per
 * opened draw dialog. Opening publishes the SHA-256 of a fresh server seed (`hash_semente`);
 * the seed (`semente`) stays on the server until the one draw that uses it (`id_registro`,
 * the draw's `sorteios` row, unique), which reveals it in its public record. Unused rows stay
 * public too ("aberto, sem sorteio"), so no discarded opening is hidden.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('sorteio_aberturas')
    .addColumn('id_abertura', 'integer', id)
    .addColumn('id_campanha', 'integer', (c) =>
      c.notNull().references('campanhas.id_campanha').onDelete('cascade'),
    )
    .addColumn('semente', 'text', (c) => c.notNull())
    .addColumn('hash_semente', 'text', (c) => c.notNull())
    .addColumn('aberto_em', 'text', (c) => c.notNull())
    .addColumn('aberto_por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .addColumn('id_registro', 'integer', (c) => c.references('sorteios.id'))
    .execute();
  // A campaign's openings, newest first (the city's public list).
  await db.schema
    .createIndex('sorteio_aberturas_campanha_idx')
    .on('sorteio_aberturas')
    .columns(['id_campanha', 'id_abertura'])
    .execute();
  // One draw per opening, one opening per draw.
  await db.schema
    .createIndex('sorteio_aberturas_registro_uq')
    .unique()
    .on('sorteio_aberturas')
    .column('id_registro')
    .where(sql.ref('id_registro'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sorteio_aberturas').execute();
}
