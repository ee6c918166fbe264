import {
  sql,
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

/**
 * The whole data model of spec §3 and domain.md, so later work adds behaviour, not tables.
 * Written once and never edited: a change is a new migration.
 * SQLite/PostgreSQL differences are spelled out: identity columns, 64-bit integers and the
 * default for instants (ISO 8601 UTC text in both, see docs/decisions/002-data-model.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const now = pg
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const created = <T extends string>(t: CreateTableBuilder<T>) =>
    t.addColumn('criado_em', 'text', (c) => c.notNull().defaultTo(now));
  const stamps = <T extends string>(t: CreateTableBuilder<T>) =>
    created(t).addColumn('atualizado_em', 'text', (c) => c.notNull().defaultTo(now));
  const flag = (name: string, def: 'S' | 'N') => (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo(def)
      .check(sql`${sql.ref(name)} in ('S','N')`);
  const txt = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  await db.schema
    .createTable('cidades')
    .addColumn('cod_cidade', 'integer', (c) => c.primaryKey())
    .addColumn('cidade', 'text', (c) => c.notNull())
    .addColumn('uf', 'text', (c) => c.notNull())
    .execute();

  await stamps(
    db.schema
      .createTable('usuarios')
      .addColumn('id_usuario', 'integer', id)
      .addColumn('nome', 'text', txt)
      .addColumn('email', 'text')
      .addColumn('senha_hash', 'text')
      .addColumn('whatsup', 'text', txt)
      .addColumn('endereco', 'text', txt)
      .addColumn('numero', 'text', txt)
      .addColumn('complemento', 'text', txt)
      .addColumn('bairro', 'text', txt)
      .addColumn('cidade', 'text', txt)
      .addColumn('uf', 'text', txt)
      .addColumn('cep', 'text', txt)
      .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
      .addColumn('parceiro', 'integer', zero)
      .addColumn('admin', 'integer', zero)
      .addColumn('superadmin', 'integer', zero)
      .addColumn('visto_em', 'text')
      .addColumn('removido_em', 'text'),
  ).execute();
  await db.schema.createIndex('usuarios_email_uq').unique().on('usuarios').column('email').execute();
  await db.schema
    .createIndex('usuarios_cidade_idx')
    .on('usuarios')
    .columns(['cod_cidade', 'parceiro'])
    .execute();
  await db.schema
    .createIndex('usuarios_visto_idx')
    .on('usuarios')
    .columns(['cod_cidade', 'visto_em'])
    .execute();

  await created(
    db.schema
      .createTable('sessoes')
      .addColumn('id_sessao', 'integer', id)
      .addColumn('id_usuario', 'integer', (c) =>
        c.notNull().references('usuarios.id_usuario').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expira_em', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', txt),
  ).execute();
  await db.schema.createIndex('sessoes_usuario_idx').on('sessoes').column('id_usuario').execute();

  await db.schema
    .createTable('categorias')
    .addColumn('id_categoria', 'integer', id)
    .addColumn('categoria', 'text', (c) => c.notNull().unique())
    .execute();

  await stamps(
    db.schema
      .createTable('estabelecimentos')
      .addColumn('id_estabelecimento', 'integer', id)
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('endereco', 'text', txt)
      .addColumn('complemento', 'text', txt)
      .addColumn('bairro', 'text', txt)
      .addColumn('cidade', 'text', txt)
      .addColumn('cep', 'text', txt)
      .addColumn('uf', 'text', txt)
      .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
      .addColumn('telefone', 'text', txt)
      .addColumn('whatsup', 'text', txt)
      .addColumn('url_foto', 'text', txt)
      .addColumn('url_logo', 'text', txt)
      .addColumn('site', 'text', txt)
      .addColumn('soma_estrelas', 'integer', zero)
      .addColumn('qtd_avaliacao', 'integer', zero)
      .addColumn('id_categoria', 'integer', (c) =>
        c.references('categorias.id_categoria').onDelete('set null'),
      )
      .addColumn('id_cupom', 'integer')
      .addColumn('ind_ativo', 'text', flag('ind_ativo', 'S'))
      .addColumn('vl_min_pedido_centavos', 'integer', zero)
      .addColumn('vl_taxa_entrega_centavos', 'integer', zero)
      .addColumn('ies_campanha', 'text', flag('ies_campanha', 'N'))
      .addColumn('id_campanha_def', 'integer')
      .addColumn('cnpj', 'text', txt)
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision'),
  ).execute();
  await db.schema
    .createIndex('estabelecimentos_cidade_idx')
    .on('estabelecimentos')
    .columns(['cod_cidade', 'ind_ativo'])
    .execute();
  await db.schema
    .createIndex('estabelecimentos_nome_idx')
    .on('estabelecimentos')
    .columns(['cod_cidade', 'nome'])
    .execute();

  await db.schema
    .createTable('vendedores')
    .addColumn('id_vendedor', 'integer', id)
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento').onDelete('cascade'),
    )
    .addColumn('nome_vendedor', 'text', (c) => c.notNull())
    .addUniqueConstraint('vendedores_nome_uq', ['id_estabelecimento', 'nome_vendedor'])
    .execute();

  await db.schema
    .createTable('usuario_estabelecimentos')
    .addColumn('id_usuario', 'integer', (c) =>
      c.notNull().references('usuarios.id_usuario').onDelete('cascade'),
    )
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('usuario_estabelecimentos_pk', ['id_usuario', 'id_estabelecimento'])
    .execute();
  await db.schema
    .createIndex('usuario_estabelecimentos_estab_idx')
    .on('usuario_estabelecimentos')
    .column('id_estabelecimento')
    .execute();

  await stamps(
    db.schema
      .createTable('campanhas')
      .addColumn('id_campanha', 'integer', id)
      .addColumn('den_campanha', 'text', (c) => c.notNull())
      .addColumn('banner', 'text', txt)
      .addColumn('validade_ini', 'text', (c) => c.notNull())
      .addColumn('validade_fim', 'text', (c) => c.notNull())
      .addColumn('link', 'text', txt)
      .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
      .addColumn('proximo_cupom', bigint, (c) => c.notNull().defaultTo(1))
      .addCheckConstraint('campanhas_datas_ck', sql`validade_ini <= validade_fim`),
  ).execute();
  await db.schema
    .createIndex('campanhas_cidade_idx')
    .on('campanhas')
    .columns(['cod_cidade', 'validade_fim', 'validade_ini'])
    .execute();

  await db.schema
    .createTable('campanha_estabelecimentos')
    .addColumn('id_campanha', 'integer', (c) =>
      c.notNull().references('campanhas.id_campanha').onDelete('cascade'),
    )
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento').onDelete('cascade'),
    )
    .addColumn('fator_cashback_e4', 'integer', zero)
    .addColumn('fator_sorteio_e4', 'integer', zero)
    .addPrimaryKeyConstraint('campanha_estabelecimentos_pk', ['id_campanha', 'id_estabelecimento'])
    .addCheckConstraint('campanha_fatores_ck', sql`fator_cashback_e4 >= 0 and fator_sorteio_e4 >= 0`)
    .execute();
  await db.schema
    .createIndex('campanha_estabelecimentos_estab_idx')
    .on('campanha_estabelecimentos')
    .column('id_estabelecimento')
    .execute();

  await stamps(
    db.schema
      .createTable('vendas')
      .addColumn('id_venda', 'integer', id)
      .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
      .addColumn('id_estabelecimento', 'integer', (c) =>
        c.notNull().references('estabelecimentos.id_estabelecimento'),
      )
      .addColumn('id_usuario', 'integer', (c) => c.references('usuarios.id_usuario'))
      .addColumn('id_vendedor', 'integer', (c) => c.references('vendedores.id_vendedor').onDelete('set null'))
      .addColumn('dat_venda', 'text', (c) => c.notNull())
      .addColumn('numero_venda', 'text', (c) => c.notNull())
      .addColumn('valor_centavos', 'integer', (c) => c.notNull())
      .addColumn('pontos_e6', bigint, zero)
      .addColumn('cashback_e6', bigint, zero)
      .addColumn('qr_token_hash', 'text', (c) => c.unique())
      .addColumn('qr_expira_em', 'text')
      .addColumn('reivindicada_em', 'text')
      .addColumn('criado_por', 'integer', (c) => c.references('usuarios.id_usuario'))
      .addUniqueConstraint('vendas_numero_uq', ['id_estabelecimento', 'numero_venda'])
      .addCheckConstraint('vendas_valor_ck', sql`valor_centavos > 0 and valor_centavos <= 5000000`),
  ).execute();
  await db.schema
    .createIndex('vendas_campanha_idx')
    .on('vendas')
    .columns(['id_campanha', 'id_estabelecimento', 'id_venda'])
    .execute();
  await db.schema
    .createIndex('vendas_estab_idx')
    .on('vendas')
    .columns(['id_estabelecimento', 'dat_venda'])
    .execute();
  await db.schema
    .createIndex('vendas_usuario_idx')
    .on('vendas')
    .columns(['id_usuario', 'dat_venda'])
    .execute();

  await db.schema
    .createTable('saldos')
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
    .addColumn('pontos_e6', bigint, zero)
    .addColumn('cupons', 'integer', zero)
    .addPrimaryKeyConstraint('saldos_pk', ['id_usuario', 'id_campanha'])
    .execute();

  await db.schema
    .createTable('cupons')
    .addColumn('id_cupom', 'integer', id)
    .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
    .addColumn('numero', bigint, (c) => c.notNull())
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('id_venda', 'integer', (c) => c.notNull().references('vendas.id_venda'))
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento'),
    )
    .addColumn('dat_emissao', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('anulado_em', 'text')
    .addColumn('sorteado_em', 'text')
    .addUniqueConstraint('cupons_numero_uq', ['id_campanha', 'numero'])
    .execute();
  await db.schema
    .createIndex('cupons_usuario_idx')
    .on('cupons')
    .columns(['id_usuario', 'id_campanha'])
    .execute();
  await db.schema.createIndex('cupons_venda_idx').on('cupons').column('id_venda').execute();

  await stamps(
    db.schema
      .createTable('contemplados')
      .addColumn('id_sorteado', 'integer', id)
      .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
      .addColumn('id_cupom', 'integer', (c) => c.references('cupons.id_cupom'))
      .addColumn('id_usuario', 'integer', (c) => c.references('usuarios.id_usuario'))
      .addColumn('id_estabelecimento', 'integer', (c) =>
        c.references('estabelecimentos.id_estabelecimento').onDelete('set null'),
      )
      .addColumn('id_venda', 'integer', (c) => c.references('vendas.id_venda'))
      .addColumn('id_vendedor', 'integer')
      .addColumn('nome_vendedor', 'text', txt)
      .addColumn('nome_sorteado', 'text', txt)
      .addColumn('data_sorteio', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('contemplados_campanha_idx')
    .on('contemplados')
    .columns(['id_campanha', 'data_sorteio'])
    .execute();
  await db.schema
    .createIndex('contemplados_usuario_idx')
    .on('contemplados')
    .columns(['id_campanha', 'id_usuario'])
    .execute();
  await db.schema
    .createIndex('contemplados_estab_idx')
    .on('contemplados')
    .columns(['id_campanha', 'id_estabelecimento'])
    .execute();

  await db.schema
    .createTable('contemplado_fotos')
    .addColumn('id', 'integer', id)
    .addColumn('id_sorteado', 'integer', (c) =>
      c.notNull().references('contemplados.id_sorteado').onDelete('cascade'),
    )
    .addColumn('url_foto', 'text', (c) => c.notNull())
    .addColumn('ordem', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('contemplado_fotos_idx')
    .on('contemplado_fotos')
    .columns(['id_sorteado', 'ordem'])
    .execute();

  await created(
    db.schema
      .createTable('sorteios')
      .addColumn('id', 'integer', id)
      .addColumn('id_campanha', 'integer', (c) => c.notNull().references('campanhas.id_campanha'))
      .addColumn('id_cupom', 'integer', (c) => c.notNull().references('cupons.id_cupom'))
      .addColumn('id_sorteado', 'integer', (c) =>
        c.references('contemplados.id_sorteado').onDelete('set null'),
      )
      .addColumn('semente', 'text')
      .addColumn('hash_lista', 'text')
      .addColumn('qtd_elegiveis', bigint, (c) => c.notNull())
      .addColumn('posicao', bigint, (c) => c.notNull())
      .addColumn('mloja', 'text', flag('mloja', 'S'))
      .addColumn('musuario', 'text', flag('musuario', 'S'))
      .addColumn('criado_por', 'integer', (c) => c.references('usuarios.id_usuario')),
  ).execute();
  await db.schema.createIndex('sorteios_campanha_idx').on('sorteios').column('id_campanha').execute();
  // One winner per coupon: two concurrent draws can never pick the same one.
  await db.schema.createIndex('sorteios_cupom_uq').unique().on('sorteios').column('id_cupom').execute();

  await db.schema
    .createTable('avaliacoes')
    .addColumn('id_avaliacao', 'integer', id)
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento').onDelete('cascade'),
    )
    .addColumn('id_usuario', 'integer', (c) => c.references('usuarios.id_usuario').onDelete('set null'))
    .addColumn('nro_estrelas', 'integer', (c) => c.notNull().check(sql`nro_estrelas between 1 and 5`))
    .addColumn('den_avaliacao', 'text', (c) => c.notNull())
    .addColumn('den_resposta', 'text', txt)
    .addColumn('aprovado', 'text', flag('aprovado', 'N'))
    .addColumn('datahora', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('aprovado_em', 'text')
    .addColumn('aprovado_por', 'integer', (c) => c.references('usuarios.id_usuario').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('avaliacoes_estab_idx')
    .on('avaliacoes')
    .columns(['id_estabelecimento', 'aprovado', 'datahora'])
    .execute();
  // One pending review per consumer and shop: nobody floods a shop.
  await db.schema
    .createIndex('avaliacoes_pendente_uq')
    .unique()
    .on('avaliacoes')
    .columns(['id_estabelecimento', 'id_usuario'])
    .where(sql.ref('aprovado'), '=', 'N')
    .execute();

  await stamps(
    db.schema
      .createTable('avisos')
      .addColumn('id_aviso', 'integer', id)
      .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('M'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', txt)
      .addColumn('image', 'text', txt)
      .addColumn('validade', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('avisos_cidade_idx').on('avisos').columns(['cod_cidade', 'validade']).execute();

  await stamps(
    db.schema
      .createTable('promocoes')
      .addColumn('id_promocao', 'integer', id)
      .addColumn('id_estabelecimento', 'integer', (c) =>
        c.notNull().references('estabelecimentos.id_estabelecimento').onDelete('cascade'),
      )
      .addColumn('dat_inicio', 'text', (c) => c.notNull())
      .addColumn('dat_final', 'text', (c) => c.notNull())
      .addColumn('plano_dias', 'integer', (c) => c.notNull())
      .addColumn('ies_pago', 'text', flag('ies_pago', 'N'))
      .addColumn('imagem', 'text', txt)
      .addColumn('linkproduto', 'text', txt)
      .addColumn('val_desconto_e4', bigint, zero)
      .addColumn('porc_desconto_e4', 'integer', zero)
      .addColumn('val_minimo_centavos', 'integer', zero)
      .addColumn('cod_produto', 'text', txt)
      .addColumn('regra', 'text', txt),
  ).execute();
  await db.schema
    .createIndex('promocoes_estab_idx')
    .on('promocoes')
    .columns(['id_estabelecimento', 'ies_pago', 'dat_final'])
    .execute();

  await stamps(
    db.schema
      .createTable('turismo')
      .addColumn('id_turismo', 'integer', id)
      .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
      .addColumn('tipo', 'integer', (c) => c.notNull().check(sql`tipo between 0 and 4`))
      .addColumn('descricao', 'text', (c) => c.notNull())
      .addColumn('url_foto', 'text', txt)
      .addColumn('url_site', 'text', txt)
      .addColumn('ind_ativo', 'text', flag('ind_ativo', 'S'))
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('validade_ate', 'text'),
  ).execute();
  await db.schema
    .createIndex('turismo_cidade_idx')
    .on('turismo')
    .columns(['cod_cidade', 'tipo', 'ind_ativo'])
    .execute();

  await created(
    db.schema
      .createTable('notificacoes')
      .addColumn('id_notificacao', 'integer', id)
      .addColumn('cod_cidade', 'integer', (c) => c.notNull().references('cidades.cod_cidade'))
      .addColumn('destino', 'text', (c) => c.notNull().check(sql`destino in ('N','P','I')`))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('M'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', txt)
      .addColumn('image', 'text', txt)
      .addColumn('enviado_por', 'integer', (c) => c.references('usuarios.id_usuario').onDelete('set null'))
      .addColumn('qtd_enviadas', 'integer', zero)
      .addColumn('qtd_falhas', 'integer', zero),
  ).execute();
  await db.schema
    .createIndex('notificacoes_cidade_idx')
    .on('notificacoes')
    .columns(['cod_cidade', 'criado_em'])
    .execute();

  await db.schema
    .createTable('usuario_notificacoes')
    .addColumn('id_message', 'integer', id)
    .addColumn('id_usuario', 'integer', (c) =>
      c.notNull().references('usuarios.id_usuario').onDelete('cascade'),
    )
    .addColumn('id_notificacao', 'integer', (c) =>
      c.references('notificacoes.id_notificacao').onDelete('set null'),
    )
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('N'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', txt)
    .addColumn('image', 'text', txt)
    .addColumn('dat_recece', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('lida_em', 'text')
    .execute();
  await db.schema
    .createIndex('usuario_notificacoes_idx')
    .on('usuario_notificacoes')
    .columns(['id_usuario', 'dat_recece'])
    .execute();

  await stamps(
    db.schema
      .createTable('push_assinaturas')
      .addColumn('id', 'integer', id)
      .addColumn('id_usuario', 'integer', (c) =>
        c.notNull().references('usuarios.id_usuario').onDelete('cascade'),
      )
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', txt)
      .addColumn('auth', 'text', txt)
      .addColumn('ies_promocao', 'text', flag('ies_promocao', 'S'))
      .addColumn('ies_live', 'text', flag('ies_live', 'S'))
      .addColumn('ies_sorteio', 'text', flag('ies_sorteio', 'S'))
      .addColumn('device', 'text', txt)
      .addColumn('os_version', 'text', txt)
      .addColumn('ip', 'text', txt),
  ).execute();
  await db.schema
    .createIndex('push_assinaturas_usuario_idx')
    .on('push_assinaturas')
    .column('id_usuario')
    .execute();

  await created(
    db.schema
      .createTable('codigos')
      .addColumn('id', 'integer', id)
      .addColumn('id_usuario', 'integer', (c) =>
        c.notNull().references('usuarios.id_usuario').onDelete('cascade'),
      )
      .addColumn('finalidade', 'text', (c) => c.notNull().check(sql`finalidade in ('reset','remocao')`))
      .addColumn('codigo_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expira_em', 'text', (c) => c.notNull())
      .addColumn('usado_em', 'text'),
  ).execute();
  await db.schema
    .createIndex('codigos_usuario_idx')
    .on('codigos')
    .columns(['id_usuario', 'finalidade'])
    .execute();

  await created(
    db.schema
      .createTable('auditoria')
      .addColumn('id', 'integer', id)
      .addColumn('id_usuario', 'integer', (c) => c.references('usuarios.id_usuario').onDelete('set null'))
      .addColumn('acao', 'text', (c) => c.notNull())
      .addColumn('entidade', 'text', (c) => c.notNull())
      .addColumn('id_entidade', 'text', txt)
      .addColumn('antes', 'text')
      .addColumn('depois', 'text')
      .addColumn('ip', 'text', txt),
  ).execute();
  await db.schema.createIndex('auditoria_data_idx').on('auditoria').column('criado_em').execute();
  await db.schema
    .createIndex('auditoria_usuario_idx')
    .on('auditoria')
    .columns(['id_usuario', 'criado_em'])
    .execute();
  await db.schema
    .createIndex('auditoria_entidade_idx')
    .on('auditoria')
    .columns(['entidade', 'id_entidade'])
    .execute();

  await db.schema
    .createTable('configuracoes')
    .addColumn('chave', 'text', (c) => c.primaryKey())
    .addColumn('valor', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'configuracoes',
    'auditoria',
    'codigos',
    'push_assinaturas',
    'usuario_notificacoes',
    'notificacoes',
    'turismo',
    'promocoes',
    'avisos',
    'avaliacoes',
    'sorteios',
    'contemplado_fotos',
    'contemplados',
    'cupons',
    'saldos',
    'vendas',
    'campanha_estabelecimentos',
    'campanhas',
    'usuario_estabelecimentos',
    'vendedores',
    'estabelecimentos',
    'categorias',
    'sessoes',
    'usuarios',
    'cidades',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
