import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Background exports of the admin lists (issue 39, decision 048, modules/exports).
 * - `exportacoes`: one large export an admin asked for: which list (`lista`), in which format,
 *   with which filters (`filtros`, the list's query as JSON) and as whom (`autor`, JSON of the
 *   caller as the list's rules need it), its progress (`linhas` of `total`), the file written
 *   under DATA_DIR/exportacoes (`arquivo`, private) and when it expires. `cod_cidade` is the
 *   caller's city, whose admins may also see and download it.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('exportacoes')
    .addColumn('id_exportacao', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('cod_cidade', 'integer', (c) => c.notNull())
    .addColumn('lista', 'text', (c) => c.notNull())
    .addColumn('formato', 'text', (c) => c.notNull().check(sql`formato in ('csv','xlsx')`))
    .addColumn('filtros', 'text', (c) => c.notNull())
    .addColumn('autor', 'text', (c) => c.notNull())
    .addColumn('situacao', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pendente')
        .check(sql`situacao in ('pendente','rodando','pronta','falha')`),
    )
    .addColumn('linhas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nome_arquivo', 'text', (c) => c.notNull())
    .addColumn('arquivo', 'text')
    .addColumn('erro', 'text')
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .addColumn('concluida_em', 'text')
    .addColumn('expira_em', 'text')
    .execute();
  await db.schema
    .createIndex('exportacoes_expira_idx')
    .on('exportacoes')
    .columns(['situacao', 'expira_em'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exportacoes').ifExists().execute();
}
