import { sql, PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Fair draws (issue 49, modules/apuracoes):
 *
 * - `apuracoes`: the rule's version (`versao_regra`: 1 for those apuradas before, 2 for new
 *   ones), the contest's instant (`instante_concurso`, the day at APURACAO_HORA_CONCURSO,
 *   copied when scheduled), a written exception to the calendar, the prizes' descriptions
 *   (JSON array), the authorisation, `final`, when the stored file stopped matching its hash
 *   (`suspensa_em`; shown as status 'suspensa'), the stored file's signature at its last check
 *   (size, modification time or ETag: the file is rehashed only when it changes), and who
 *   confirmed the result (the second of the two people).
 * - `apuracao_lancamentos`: the first entry of a contest's result, waiting for a second person.
 * - `apuracao_publicacoes`: where the edital came out.
 * - `apuracao_suplentes`: an annulled winner's substitute, on the next contest by the calendar;
 *   `premios` and `id_sorteado` once that contest's result is in.
 * - `contemplados`: why a winner was annulled (`tipo_anulacao`) and, for a substitute, its
 *   `apuracao_suplentes` row; one first winner per prize, one winner per substitute.
 * - `apuracao_reagendamentos`: `tipo`, 'concurso_nao_realizado' when Caixa did not hold it.
 * - `cidades`: the promoter's name and CNPJ, for the ata.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const apuracao = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('apuracoes.id_apuracao').onDelete('cascade');

  for (const [name, type, build] of [
    ['versao_regra', 'integer', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1)],
    ['instante_concurso', 'text', (c: ColumnDefinitionBuilder) => c],
    ['excecao_motivo', 'text', (c: ColumnDefinitionBuilder) => c],
    ['descricao_premios', 'text', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]')],
    ['autorizacao', 'text', (c: ColumnDefinitionBuilder) => c],
    ['final', 'integer', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
    ['suspensa_em', 'text', (c: ColumnDefinitionBuilder) => c],
    ['arquivo_assinatura', 'text', (c: ColumnDefinitionBuilder) => c],
    ['confirmada_por', 'integer', (c: ColumnDefinitionBuilder) => c.references('usuarios.id_usuario')],
  ] as const) {
    await db.schema.alterTable('apuracoes').addColumn(name, type, build).execute();
  }
  // Those scheduled before: 19:00 in São Paulo (UTC−3) on the contest's day.
  await sql`update apuracoes set instante_concurso = data_concurso || 'T22:00:00.000Z'`.execute(db);

  await db.schema
    .createTable('apuracao_lancamentos')
    .addColumn('id', 'integer', id)
    .addColumn('id_apuracao', 'integer', apuracao)
    .addColumn('concurso', 'integer', (c) => c.notNull())
    .addColumn('premios', 'text', (c) => c.notNull())
    .addColumn('por', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('em', 'text', (c) => c.notNull())
    .addUniqueConstraint('apuracao_lancamentos_uq', ['id_apuracao', 'concurso'])
    .execute();

  await db.schema
    .createTable('apuracao_publicacoes')
    .addColumn('id', 'integer', id)
    .addColumn('id_apuracao', 'integer', apuracao)
    .addColumn('veiculo', 'text', (c) => c.notNull())
    .addColumn('data_publicacao', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .addColumn('em', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('apuracao_publicacoes_idx')
    .on('apuracao_publicacoes')
    .columns(['id_apuracao', 'id'])
    .execute();

  await db.schema
    .createTable('apuracao_suplentes')
    .addColumn('id', 'integer', id)
    .addColumn('id_apuracao', 'integer', apuracao)
    .addColumn('premio', 'integer', (c) => c.notNull())
    .addColumn('id_sorteado_anulado', 'integer', (c) => c.notNull().references('contemplados.id_sorteado'))
    .addColumn('tipo', 'text', (c) =>
      c.notNull().check(sql`tipo in ('nao_localizado','titular_inelegivel','venda_anulada')`),
    )
    .addColumn('excluidos', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('concurso', 'integer', (c) => c.notNull())
    .addColumn('data_concurso', 'text', (c) => c.notNull())
    .addColumn('instante_concurso', 'text', (c) => c.notNull())
    .addColumn('premios', 'text')
    .addColumn('id_sorteado', 'integer', (c) => c.references('contemplados.id_sorteado'))
    .addColumn('resolvido_em', 'text')
    .addColumn('por', 'integer', (c) => c.references('usuarios.id_usuario'))
    .addColumn('em', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('apuracao_suplentes_idx')
    .on('apuracao_suplentes')
    .columns(['id_apuracao', 'id'])
    .execute();
  // One substitute per annulment.
  await db.schema
    .createIndex('apuracao_suplentes_anulado_uq')
    .unique()
    .on('apuracao_suplentes')
    .column('id_sorteado_anulado')
    .execute();

  await db.schema.alterTable('contemplados').addColumn('tipo_anulacao', 'text').execute();
  await db.schema.alterTable('contemplados').addColumn('id_suplente', 'integer').execute();
  await db.schema.dropIndex('contemplados_apuracao_uq').execute();
  // One first winner per prize; a substitute is one more winner of that prize, one per row.
  await db.schema
    .createIndex('contemplados_apuracao_premio_uq')
    .unique()
    .on('contemplados')
    .columns(['id_apuracao', 'premio'])
    .where(sql.ref('id_apuracao'), 'is not', null)
    .where(sql.ref('id_suplente'), 'is', null)
    .execute();
  await db.schema
    .createIndex('contemplados_suplente_uq')
    .unique()
    .on('contemplados')
    .column('id_suplente')
    .where(sql.ref('id_suplente'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('apuracao_reagendamentos')
    .addColumn('tipo', 'text', (c) => c.notNull().defaultTo('reagendamento'))
    .execute();

  await db.schema.alterTable('cidades').addColumn('promotor_nome', 'text').execute();
  await db.schema.alterTable('cidades').addColumn('promotor_cnpj', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cidades').dropColumn('promotor_cnpj').execute();
  await db.schema.alterTable('apuracao_reagendamentos').dropColumn('tipo').execute();
  await db.schema.alterTable('cidades').dropColumn('promotor_nome').execute();
  await db.schema.dropIndex('contemplados_suplente_uq').ifExists().execute();
  await db.schema.dropIndex('contemplados_apuracao_premio_uq').ifExists().execute();
  await db.schema
    .createIndex('contemplados_apuracao_uq')
    .unique()
    .on('contemplados')
    .columns(['id_apuracao', 'premio'])
    .where(sql.ref('id_apuracao'), 'is not', null)
    .execute();
  await db.schema.alterTable('contemplados').dropColumn('id_suplente').execute();
  await db.schema.alterTable('contemplados').dropColumn('tipo_anulacao').execute();
  await db.schema.dropTable('apuracao_suplentes').execute();
  await db.schema.dropTable('apuracao_publicacoes').execute();
  await db.schema.dropTable('apuracao_lancamentos').execute();
  for (const name of [
    'confirmada_por',
    'arquivo_assinatura',
    'suspensa_em',
    'final',
    'autorizacao',
    'descricao_premios',
    'excecao_motivo',
    'instante_concurso',
    'versao_regra',
  ]) {
    await db.schema.alterTable('apuracoes').dropColumn(name).execute();
  }
}
