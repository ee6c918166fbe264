import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The campaign's share for the social entities and the resident's chosen entity (issue 40,
 * decision 052).
 *
 * - `campanhas.pct_entidade` (0 to 100, 0 by default): that share of the campaign's coupons goes
 *   to each earner's chosen entity. Which coupons: number n is the entity's when
 *   ⌊(n+1)·p/100⌋ > ⌊n·p/100⌋, so any run of consecutive numbers (a sale's coupons) gives it
 *   ⌊k·p/100⌋ or ⌈k·p/100⌉ of k. Fixed once the campaign has sales (the promotion's rules do
 *   not change under its participants).
 * - `escolhas_entidade`: a resident's choices, never edited, the latest before a coupon's issue
 *   in force for it (`id_entidade` null: none). So changing one's mind moves only coupons
 *   issued afterwards.
 * Nothing is written on the sale path: the holder is computed (modules/entidades/holder.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table campanhas add column pct_entidade integer not null default 0 check (pct_entidade between 0 and 100)`.execute(
    db,
  );
  await db.schema
    .createTable('escolhas_entidade')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('id_entidade', 'integer', (c) => c.references('entidades.id_entidade'))
    .addColumn('desde', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('escolhas_entidade_usuario_idx')
    .on('escolhas_entidade')
    .columns(['id_usuario', 'desde'])
    .execute();
  await db.schema.createIndex('escolhas_entidade_entidade_idx').on('escolhas_entidade').column('id_entidade').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('escolhas_entidade').ifExists().execute();
  await sql`alter table campanhas drop column pct_entidade`.execute(db);
}
