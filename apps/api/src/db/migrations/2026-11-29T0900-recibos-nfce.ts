import { sql, PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Issue 53: credit confirmed by the fiscal receipt (NFC-e).
 *
 * - `estabelecimento_cnpjs`: the CNPJs a shop issues receipts under (its branches), each unique
 *   across shops, kept as the key writes them (14 positions, no punctuation, letters in upper
 *   case: alphanumeric CNPJs). The shops' existing `cnpj` is copied in (a CNPJ two shops shared
 *   goes to the oldest).
 * - `vendas.chave_nfce`: the receipt's access key the partner reported with the sale (a key
 *   reports once: unique); `vendas.recibo_confirmado_em`: when the resident's receipt matched it.
 * - `campanhas.exige_nfce`: 'S' when every sale of the campaign must carry a key.
 * - `recibos`: a receipt a resident sent (a key counts once in the whole programme: unique), with
 *   what it may keep (key, CNPJ, value, date, status) and what it led to (the sale, the entity it
 *   was donated to, the complaint it opened). `dia_envio` is the São Paulo day it was sent (at
 *   most `RECIBO_MAX_LOJA_DIA` per person, shop and day).
 * - `recibo_tentativas`: who tried which key and when (the alert "one key tried by several
 *   people"), kept whether the key was refused or not.
 * - `contestacoes.automatica` and `id_recibo`: a complaint a receipt opened by itself (it does not
 *   count against the resident's cap of open complaints).
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('estabelecimento_cnpjs')
    .addColumn('cnpj', 'text', (c) => c.primaryKey())
    .addColumn('id_estabelecimento', 'integer', (c) =>
      c.notNull().references('estabelecimentos.id_estabelecimento').onDelete('cascade'),
    )
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('estabelecimento_cnpjs_estab_idx')
    .on('estabelecimento_cnpjs')
    .column('id_estabelecimento')
    .execute();
  await sql`
    insert into estabelecimento_cnpjs (cnpj, id_estabelecimento, criado_em)
    select upper(replace(replace(replace(cnpj, '.', ''), '/', ''), '-', '')), min(id_estabelecimento), min(criado_em)
      from estabelecimentos
     where cnpj is not null and cnpj <> ''
     group by upper(replace(replace(replace(cnpj, '.', ''), '/', ''), '-', ''))`.execute(db);

  await sql`alter table vendas add column chave_nfce text`.execute(db);
  await sql`alter table vendas add column recibo_confirmado_em text`.execute(db);
  await sql`create unique index vendas_chave_nfce_uq on vendas (chave_nfce) where chave_nfce is not null`.execute(db);

  await sql`alter table campanhas add column exige_nfce text not null default 'N' check (exige_nfce in ('S', 'N'))`.execute(
    db,
  );

  await db.schema
    .createTable('recibos')
    .addColumn('id_recibo', 'integer', id)
    .addColumn('chave', 'text', (c) => c.notNull().unique())
    .addColumn('cnpj', 'text', (c) => c.notNull())
    .addColumn('id_estabelecimento', 'integer', (c) => c.notNull().references('estabelecimentos.id_estabelecimento'))
    .addColumn('cod_cidade', 'integer', (c) => c.notNull())
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
    .addColumn('valor_centavos', 'integer')
    .addColumn('dat_emissao', 'text', (c) => c.notNull())
    .addColumn('dia_envio', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('pendente','creditado','expirado','doado','contestado','sem_comprador','cancelado')`),
    )
    .addColumn('id_venda', 'integer', (c) => c.references('vendas.id_venda'))
    .addColumn('id_entidade', 'integer', (c) => c.references('entidades.id_entidade'))
    .addColumn('id_contestacao', 'integer', (c) => c.references('contestacoes.id_contestacao'))
    .addColumn('expira_em', 'text')
    .addColumn('sefaz_situacao', 'text')
    .addColumn('sefaz_consultado_em', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recibos_limite_idx')
    .on('recibos')
    .columns(['id_usuario', 'id_estabelecimento', 'dia_envio'])
    .execute();
  await db.schema.createIndex('recibos_usuario_idx').on('recibos').columns(['id_usuario', 'id_recibo']).execute();
  await db.schema.createIndex('recibos_cidade_idx').on('recibos').columns(['cod_cidade', 'status', 'id_recibo']).execute();
  await db.schema.createIndex('recibos_estab_idx').on('recibos').columns(['id_estabelecimento', 'status']).execute();
  await sql`create index recibos_pendentes_idx on recibos (expira_em) where status = 'pendente'`.execute(db);
  await sql`create index recibos_venda_idx on recibos (id_venda) where id_venda is not null`.execute(db);

  await db.schema
    .createTable('recibo_tentativas')
    .addColumn('id_tentativa', 'integer', id)
    .addColumn('chave', 'text', (c) => c.notNull())
    .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario').onDelete('cascade'))
    .addColumn('cod_cidade', 'integer', (c) => c.notNull())
    .addColumn('em', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recibo_tentativas_chave_idx').on('recibo_tentativas').columns(['chave', 'id_usuario']).execute();
  await db.schema.createIndex('recibo_tentativas_cidade_idx').on('recibo_tentativas').columns(['cod_cidade', 'em']).execute();

  await sql`alter table contestacoes add column automatica text not null default 'N' check (automatica in ('S', 'N'))`.execute(
    db,
  );
  await sql`alter table contestacoes add column id_recibo integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contestacoes drop column id_recibo`.execute(db);
  await sql`alter table contestacoes drop column automatica`.execute(db);
  await db.schema.dropTable('recibo_tentativas').execute();
  await db.schema.dropTable('recibos').execute();
  await sql`alter table campanhas drop column exige_nfce`.execute(db);
  await sql`drop index if exists vendas_chave_nfce_uq`.execute(db);
  await sql`alter table vendas drop column recibo_confirmado_em`.execute(db);
  await sql`alter table vendas drop column chave_nfce`.execute(db);
  await db.schema.dropTable('estabelecimento_cnpjs').execute();
}
