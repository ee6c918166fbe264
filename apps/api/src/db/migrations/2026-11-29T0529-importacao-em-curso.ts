import { sql, type Kysely } from 'kysely';

/**
 * One import per city at a time (issue 52): an import holds its city's row here from the moment
 * its file is received until it answers; a second one meets the primary key and is 409. `desde`
 * lets a row left by a server that died be taken over after a while. The same statements on
 * SQLite and PostgreSQL. Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table importacoes_em_curso (
    cod_cidade integer primary key,
    desde text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists importacoes_em_curso`.execute(db);
}
