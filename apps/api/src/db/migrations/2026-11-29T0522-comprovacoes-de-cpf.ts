import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Proofs of a CPF by an admin (issue 52, modules/cpf-comprovacoes).
 *
 * - `cpf_comprovacoes`: one proof a person sent, a photo of a document (`imagem`) and a selfie
 *   holding it (`selfie`), keys of the store's private folder `cpf-comprovacoes/`. It keeps the
 *   CPF the account declared when it was sent (`cpf_busca`, `cpf_cifrado`), the account's city
 *   (`cod_cidade`, whose admins decide), the decision (`status`, `motivo`, `decidido_por`,
 *   `decidido_em`) and when the photos were deleted (`fotos_removidas_em`, 30 days after the
 *   decision, or at the account's removal).
 * - At most one open proof per account: a partial unique index.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('cpf_comprovacoes')
    .addColumn('id_comprovacao', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('cod_cidade', 'integer', (c) => c.notNull())
    .addColumn('cpf_busca', 'text', (c) => c.notNull())
    .addColumn('cpf_cifrado', 'text', (c) => c.notNull())
    .addColumn('imagem', 'text', (c) => c.notNull())
    .addColumn('selfie', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('aberta')
        .check(sql`status in ('aberta','aprovada','recusada')`),
    )
    .addColumn('motivo', 'text')
    .addColumn('decidido_por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .addColumn('decidido_em', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('fotos_removidas_em', 'text')
    .execute();
  await db.schema
    .createIndex('cpf_comprovacoes_cidade_idx')
    .on('cpf_comprovacoes')
    .columns(['cod_cidade', 'status', 'id_comprovacao'])
    .execute();
  await db.schema
    .createIndex('cpf_comprovacoes_usuario_idx')
    .on('cpf_comprovacoes')
    .columns(['id_usuario', 'id_comprovacao'])
    .execute();
  // The daily cap counts an admin's approvals of the day.
  await db.schema
    .createIndex('cpf_comprovacoes_decisor_idx')
    .on('cpf_comprovacoes')
    .columns(['decidido_por', 'decidido_em'])
    .execute();
  // The sweep finds the decided proofs whose photos are still kept.
  await db.schema
    .createIndex('cpf_comprovacoes_fotos_idx')
    .on('cpf_comprovacoes')
    .column('decidido_em')
    .where(sql<boolean>`fotos_removidas_em is null and status <> 'aberta'`)
    .execute();
  await db.schema
    .createIndex('cpf_comprovacoes_aberta_uq')
    .on('cpf_comprovacoes')
    .column('id_usuario')
    .unique()
    .where(sql<boolean>`status = 'aberta'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cpf_comprovacoes').execute();
}
