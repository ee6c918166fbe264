import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The city's social entities and the coupons residents give them (issue 40, decision 051).
 *
 * - `entidades`: an entity of a city (name, CNPJ unique in the city, cause, logo, contact) and
 *   its own account (`id_usuario`, a person row with no role flags, that logs in at the
 *   consumer's door), created with it.
 * - `doacoes`: a resident's gift of one campaign's coupons to an entity, one per resident and
 *   campaign, final. 'todos': every coupon of the campaign the resident holds or will hold;
 *   'futuros': those issued from `criado_em` on. The coupons keep their earner
 *   (`cupons.id_usuario`, the ledger's key); who holds them in a draw is computed from this
 *   row (modules/entidades/holder.ts), so a sale writes nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('entidades')
    .addColumn('id_entidade', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('cnpj', 'text', (c) => c.notNull())
    .addColumn('causa', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contato', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('id_usuario', 'integer', (c) => c.notNull().unique().references('usuarios.id_usuario'))
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('entidades_cidade_cnpj_uq', ['cod_cidade', 'cnpj'])
    .execute();
  await db.schema
    .createTable('doacoes')
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
    .addColumn('id_entidade', 'integer', (c) => c.notNull().references('entidades.id_entidade'))
    .addColumn('modo', 'text', (c) => c.notNull().check(sql`modo in ('todos','futuros')`))
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doacoes_pk', ['id_usuario', 'id_campanha'])
    .execute();
  await db.schema.createIndex('doacoes_entidade_idx').on('doacoes').columns(['id_entidade', 'id_campanha']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('doacoes').ifExists().execute();
  await db.schema.dropTable('entidades').ifExists().execute();
}
