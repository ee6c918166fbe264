import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * What the sales ledger needs beyond the initial model (docs/decisions/005-ledger.md):
 *
 * 1. `vendas.excluida_em`: a deleted sale stays as a row, because coupons it issued (and
 *    that may still be valid, voiding is newest first) keep pointing at it. Its number is
 *    free again: `vendas_numero_uq` becomes a partial unique index over live sales.
 *    PostgreSQL drops the constraint and creates the index; SQLite cannot drop a table
 *    constraint, so it rebuilds `vendas` the documented way (foreign keys off, copy, rename).
 * 2. `usuarios.nome_busca`: the name folded to lower case without accents, as a generated
 *    column with an index, so the customer search is a prefix range on an index, written by
 *    the database whoever changes `nome`. PostgreSQL stores it with collation "C" (byte
 *    order, so a range is a prefix); SQLite keeps it virtual. Plus an index on `whatsup`.
 * 3. Seller ids start above 99: 99 means 'Sem Vendedor' on the wire (spec §3, §9), so a real
 *    seller with id 99 could never be chosen. An existing seller 99 moves to a new id.
 *
 * Written once and never edited. The fold table is a frozen copy of lib/search-text.ts
 * (a test checks that both agree).
 */
const ACCENTED = 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ';
const PLAIN = [...ACCENTED].map((c) => c.normalize('NFD')[0].toLowerCase()).join('');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite: lower() folds ASCII only, the nested replace() calls fold the accented letters. */
function sqliteFold(): string {
  let expr = '"nome"';
  for (let i = 0; i < ACCENTED.length; i++) expr = `replace(${expr}, '${ACCENTED[i]}', '${PLAIN[i]}')`;
  return `lower(${expr})`;
}

const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The SQLite `vendas` table, with or without the ledger's soft delete. */
async function rebuildVendasSqlite(db: Kysely<unknown>, withExclusion: boolean): Promise<void> {
  const columns = [
    'id_venda',
    'id_campanha',
    'id_estabelecimento',
    'id_usuario',
    'id_vendedor',
    'dat_venda',
    'numero_venda',
    'valor_centavos',
    'pontos_e6',
    'cashback_e6',
    'qr_token_hash',
    'qr_expira_em',
    'reivindicada_em',
    'criado_por',
    'criado_em',
    'atualizado_em',
  ]
    .map((c) => `"${c}"`)
    .join(', ');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'vendas'`.execute(
        db,
      );
      await sql
        .raw(
          `create table "vendas_nova" (` +
            `"id_venda" integer primary key autoincrement, ` +
            `"id_campanha" integer not null references "campanhas" ("id_campanha"), ` +
            `"id_estabelecimento" integer not null references "estabelecimentos" ("id_estabelecimento"), ` +
            `"id_usuario" integer references "usuarios" ("id_usuario"), ` +
            `"id_vendedor" integer references "vendedores" ("id_vendedor") on delete set null, ` +
            `"dat_venda" text not null, "numero_venda" text not null, "valor_centavos" integer not null, ` +
            `"pontos_e6" integer default 0 not null, "cashback_e6" integer default 0 not null, ` +
            `"qr_token_hash" text unique, "qr_expira_em" text, "reivindicada_em" text, ` +
            `"criado_por" integer references "usuarios" ("id_usuario"), ` +
            `"criado_em" text default ${NOW} not null, "atualizado_em" text default ${NOW} not null, ` +
            (withExclusion
              ? `"excluida_em" text, `
              : `constraint "vendas_numero_uq" unique ("id_estabelecimento", "numero_venda"), `) +
            `constraint "vendas_valor_ck" check (valor_centavos > 0 and valor_centavos <= 5000000))`,
        )
        .execute(db);
      await sql.raw(`insert into "vendas_nova" (${columns}) select ${columns} from "vendas"`).execute(db);
      await sql`drop table "vendas"`.execute(db);
      await sql`alter table "vendas_nova" rename to "vendas"`.execute(db);
      if (seq.rows[0]) {
        await sql`update sqlite_sequence set seq = max(seq, ${seq.rows[0].seq}) where name = 'vendas'`.execute(
          db,
        );
      }
      await sql`create index "vendas_campanha_idx" on "vendas" ("id_campanha", "id_estabelecimento", "id_venda")`.execute(
        db,
      );
      await sql`create index "vendas_estab_idx" on "vendas" ("id_estabelecimento", "dat_venda")`.execute(db);
      await sql`create index "vendas_usuario_idx" on "vendas" ("id_usuario", "dat_venda")`.execute(db);
      if (withExclusion) {
        await sql`create unique index "vendas_numero_uq" on "vendas" ("id_estabelecimento", "numero_venda") where "excluida_em" is null`.execute(
          db,
        );
      }
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('vendas: chaves estrangeiras quebradas na reconstrução');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Moves a seller with id 99 to a fresh id, then makes every new id start above 99. */
async function sellersAbove99(db: Kysely<unknown>, pg: boolean): Promise<void> {
  const at99 = await sql<{
    id_estabelecimento: number;
    nome_vendedor: string;
  }>`select id_estabelecimento, nome_vendedor from vendedores where id_vendedor = 99`.execute(db);
  const old = at99.rows[0];
  if (old) {
    await sql`update vendedores set nome_vendedor = ${`${old.nome_vendedor} (99)`} where id_vendedor = 99`.execute(
      db,
    );
    const moved = await sql<{ id_vendedor: number }>`
      insert into vendedores (id_estabelecimento, nome_vendedor)
      values (${old.id_estabelecimento}, ${old.nome_vendedor}) returning id_vendedor`.execute(db);
    await sql`update vendas set id_vendedor = ${moved.rows[0].id_vendedor} where id_vendedor = 99`.execute(
      db,
    );
    await sql`delete from vendedores where id_vendedor = 99`.execute(db);
  }
  if (pg) {
    await sql`select setval(pg_get_serial_sequence('vendedores', 'id_vendedor'),
      greatest(99, (select coalesce(max(id_vendedor), 0) from vendedores)))`.execute(db);
  } else {
    await sql`update sqlite_sequence set seq = 99 where name = 'vendedores' and seq < 99`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'vendedores', 99
      where not exists (select 1 from sqlite_sequence where name = 'vendedores')`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  // 1. Soft delete of sales; a sale number is unique among the live sales of a shop.
  if (pg) {
    await sql`alter table vendas add column excluida_em text`.execute(db);
    await sql`alter table vendas drop constraint vendas_numero_uq`.execute(db);
    await sql`create unique index vendas_numero_uq on vendas (id_estabelecimento, numero_venda) where excluida_em is null`.execute(
      db,
    );
  } else {
    await rebuildVendasSqlite(db, true);
  }

  // 2. Customer search: folded name and phone digits, both on indexes of live users.
  if (pg) {
    await sql
      .raw(
        `alter table usuarios add column nome_busca text collate "C" generated always as ` +
          `(translate(nome, '${ACCENTED}${UPPER}', '${PLAIN}${UPPER.toLowerCase()}')) stored`,
      )
      .execute(db);
    await sql`create index usuarios_whatsup_idx on usuarios ((whatsup collate "C")) where removido_em is null`.execute(
      db,
    );
  } else {
    await sql
      .raw(`alter table usuarios add column nome_busca text generated always as (${sqliteFold()}) virtual`)
      .execute(db);
    await sql`create index usuarios_whatsup_idx on usuarios (whatsup) where removido_em is null`.execute(db);
  }
  await sql`create index usuarios_nome_busca_idx on usuarios (nome_busca) where removido_em is null`.execute(
    db,
  );

  // 3. Seller 99 is 'Sem Vendedor'.
  await sellersAbove99(db, pg);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`drop index if exists usuarios_nome_busca_idx`.execute(db);
  await sql`drop index if exists usuarios_whatsup_idx`.execute(db);
  await sql`alter table usuarios drop column nome_busca`.execute(db);
  if (pg) {
    await sql`drop index if exists vendas_numero_uq`.execute(db);
    await sql`alter table vendas add constraint vendas_numero_uq unique (id_estabelecimento, numero_venda)`.execute(
      db,
    );
    await sql`alter table vendas drop column excluida_em`.execute(db);
  } else {
    await rebuildVendasSqlite(db, false);
  }
}
