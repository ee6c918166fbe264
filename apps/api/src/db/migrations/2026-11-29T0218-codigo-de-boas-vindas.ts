import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The welcome code (issue 51): a social entity's account gets, when the entity is registered,
 * a link of its own purpose (`boas_vindas`, 7 days) to set its first password, no longer a
 * password-reset one. `codigos.finalidade` accepts the new purpose.
 *
 * PostgreSQL: the column's check is replaced. SQLite cannot alter a check, so `codigos` is
 * rebuilt from its own stored definition (no table refers to it), its rows and index kept.
 *
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const OLD = `finalidade in ('reset','remocao')`;
const NEW = `finalidade in ('reset','remocao','boas_vindas')`;

async function rebuildSqlite(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'codigos'`.execute(db);
  const ddl = rows[0]?.sql ?? '';
  if (!ddl.includes(from)) throw new Error('codigos: verificação de finalidade inesperada');
  const created = ddl.replace(from, to).replace(/^create table\s+"?codigos"?/i, 'create table "codigos_novo"');
  await sql.raw(created).execute(db);
  await sql`insert into codigos_novo select * from codigos`.execute(db);
  await sql`drop table codigos`.execute(db);
  await sql`alter table codigos_novo rename to codigos`.execute(db);
  await db.schema.createIndex('codigos_usuario_idx').on('codigos').columns(['id_usuario', 'finalidade']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table codigos drop constraint if exists codigos_finalidade_check`.execute(db);
    await sql.raw(`alter table codigos add constraint codigos_finalidade_check check (${NEW})`).execute(db);
    return;
  }
  await rebuildSqlite(db, OLD, NEW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('codigos' as never).where('finalidade' as never, '=', 'boas_vindas' as never).execute();
  if (isPostgres(db)) {
    await sql`alter table codigos drop constraint if exists codigos_finalidade_check`.execute(db);
    await sql.raw(`alter table codigos add constraint codigos_finalidade_check check (${OLD})`).execute(db);
    return;
  }
  await rebuildSqlite(db, NEW, OLD);
}
