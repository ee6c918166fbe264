import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Participantes pages through a city's shops by name with a server-side search (issue 38,
 * docs/decisions/042): `estabelecimentos.nome_busca` is the name folded the way
 * `usuarios.nome_busca` is (lower case, the Portuguese accented letters to their plain letter;
 * db/search-text.ts), as a generated column written by the database whoever changes `nome`.
 * PostgreSQL stores it with collation "C"; SQLite keeps it virtual. The index over the active
 * shops of a city by that name gives the pages their order (and a search scans the index, not
 * the table).
 *
 * Written once and never edited. The fold table is a frozen copy of db/search-text.ts (a test
 * checks that both agree).
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

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `alter table estabelecimentos add column nome_busca text collate "C" generated always as ` +
          `(translate(nome, '${ACCENTED}${UPPER}', '${PLAIN}${UPPER.toLowerCase()}')) stored`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`alter table estabelecimentos add column nome_busca text generated always as (${sqliteFold()}) virtual`)
      .execute(db);
  }
  await sql`create index estabelecimentos_busca_idx on estabelecimentos (cod_cidade, nome_busca, id_estabelecimento) where ind_ativo = 'S'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists estabelecimentos_busca_idx`.execute(db);
  await sql`alter table estabelecimentos drop column nome_busca`.execute(db);
}
