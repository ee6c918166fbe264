import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Residents' complaints about the ledger (issue 37, modules/contestacoes).
 *
 * - `contestacoes`: one complaint. 'nao_reconheco' names the disputed sale (`id_venda`) and
 *   copies its shop, day, value and number; 'nao_registrada' carries what the resident says
 *   was bought (and `imagem`, the receipt's photo), and gets `id_venda` when an accepted one
 *   registers the sale. `cod_cidade` is the shop's city, whose admins decide. `historico` is
 *   the JSON list of its steps (`[{em, status, motivo}]`), written with each change.
 * - At most one open complaint per sale: a partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('contestacoes')
    .addColumn('id_contestacao', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('nao_reconheco','nao_registrada')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('aberta')
        .check(sql`status in ('aberta','aceita','recusada')`),
    )
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('cod_cidade', 'integer', (c) => c.notNull())
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento'),
    )
    .addColumn('id_venda', 'integer', (c) => c.references('vendas.id_venda'))
    .addColumn('dat_venda', 'text', (c) => c.notNull())
    .addColumn('valor_centavos', 'integer', (c) => c.notNull())
    .addColumn('numero_venda', 'text', (c) => c.notNull())
    .addColumn('imagem', 'text')
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .addColumn('decidida_em', 'text')
    .addColumn('decidida_por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .addColumn('motivo', 'text')
    .addColumn('historico', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contestacoes_cidade_idx')
    .on('contestacoes')
    .columns(['cod_cidade', 'status', 'id_contestacao'])
    .execute();
  await db.schema
    .createIndex('contestacoes_usuario_idx')
    .on('contestacoes')
    .columns(['id_usuario', 'id_contestacao'])
    .execute();
  await db.schema
    .createIndex('contestacoes_estabelecimento_idx')
    .on('contestacoes')
    .columns(['id_estabelecimento', 'status'])
    .execute();
  await db.schema
    .createIndex('contestacoes_venda_aberta_uq')
    .on('contestacoes')
    .column('id_venda')
    .unique()
    .where(sql<boolean>`status = 'aberta'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contestacoes').execute();
}
