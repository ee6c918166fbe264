import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The audit log screen (`GET /v1/adm/auditoria`) at a city's size. Every sale writes an entry, so
 * a city holds millions; the list joined each entry to its author to find the city's, and counted
 * them all. On a copy of the city benchmark with one entry a sale (2 million) a page took 150 ms,
 * 1.9 s with `q` and 3.5 s with `entidade=venda`, all on the server's one thread.
 *
 * 1. `auditoria.cod_cidade`: the author's city when the entry was written, filled from the
 *    author's row by the insert itself (modules/audit/repository.ts) and here for the entries
 *    already written.
 * 2. Indexes in the list's order, newest first: by city, by city and entity, and by author (in
 *    place of the author's index without the city). Each holds the columns the others filter
 *    on, so the list counts and pages from the indexes alone (modules/audit/repository.ts names
 *    which one each query walks). They take the place of `auditoria_data_idx` (criado_em) and
 *    `auditoria_entidade_idx` (entidade, id_entidade), which no query uses any more, so each
 *    write (a sale's too) keeps the same number of indexes to update.
 * 3. `auditoria_autores`: who has written entries in each city, with the folded name and the
 *    lower-cased e-mail the search (`q`) compares. One trigger adds each new author, another
 *    copies a person's new name or e-mail. The search reads these few people (about 1,800 in
 *    the benchmark's city: under a millisecond), not every person of the city (25–40 ms for
 *    200,000 on SQLite), nor each author's row (the fold computed again: 7–10 ms).
 *
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const SQLITE_TRIGGERS = [
  // The fold is read only for a new author: most entries are by someone already listed.
  `create trigger auditoria_autores_ai after insert on auditoria
   when new.cod_cidade is not null and new.id_usuario is not null
   begin
     insert into auditoria_autores (cod_cidade, id_usuario, nome_busca, email)
     select new.cod_cidade, u.id_usuario, u.nome_busca, coalesce(lower(u.email), '')
       from usuarios u
      where u.id_usuario = new.id_usuario
        and not exists (select 1 from auditoria_autores x
                         where x.cod_cidade = new.cod_cidade and x.id_usuario = new.id_usuario);
   end`,
  `create trigger auditoria_autores_au after update of nome, email on usuarios
   when old.nome is not new.nome or old.email is not new.email
   begin
     update auditoria_autores set nome_busca = new.nome_busca, email = coalesce(lower(new.email), '')
      where id_usuario = new.id_usuario;
   end`,
];

const PG_FUNCTIONS = [
  `create function auditoria_autor() returns trigger language plpgsql as $$
   begin
     if new.cod_cidade is not null and new.id_usuario is not null
        and not exists (select 1 from auditoria_autores x
                         where x.cod_cidade = new.cod_cidade and x.id_usuario = new.id_usuario) then
       insert into auditoria_autores (cod_cidade, id_usuario, nome_busca, email)
       select new.cod_cidade, u.id_usuario, u.nome_busca, coalesce(lower(u.email), '')
         from usuarios u where u.id_usuario = new.id_usuario
       on conflict do nothing;
     end if;
     return null;
   end $$`,
  `create function auditoria_autor_renomeado() returns trigger language plpgsql as $$
   begin
     update auditoria_autores set nome_busca = new.nome_busca, email = coalesce(lower(new.email), '')
      where id_usuario = new.id_usuario;
     return null;
   end $$`,
];

const PG_TRIGGERS = [
  `create trigger auditoria_autores_ai after insert on auditoria
   for each row execute function auditoria_autor()`,
  `create trigger auditoria_autores_au after update of nome, email on usuarios
   for each row when (old.nome is distinct from new.nome or old.email is distinct from new.email)
   execute function auditoria_autor_renomeado()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`alter table auditoria add column cod_cidade integer`.execute(db);
  await sql`update auditoria set cod_cidade =
    (select u.cod_cidade from usuarios u where u.id_usuario = auditoria.id_usuario)`.execute(db);
  for (const name of ['auditoria_data_idx', 'auditoria_entidade_idx', 'auditoria_usuario_idx']) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
  await sql`create index auditoria_cidade_idx on auditoria (cod_cidade, criado_em, id, id_usuario)`.execute(
    db,
  );
  await sql`create index auditoria_cidade_entidade_idx
    on auditoria (cod_cidade, entidade, criado_em, id, id_usuario)`.execute(db);
  await sql`create index auditoria_usuario_idx
    on auditoria (id_usuario, criado_em, id, cod_cidade, entidade)`.execute(db);

  await sql
    .raw(
      `create table auditoria_autores (
         cod_cidade integer not null,
         id_usuario integer not null,
         nome_busca text not null,
         email text not null,
         constraint auditoria_autores_pk primary key (cod_cidade, id_usuario)
       )${pg ? '' : ' without rowid'}`,
    )
    .execute(db);
  await sql`insert into auditoria_autores (cod_cidade, id_usuario, nome_busca, email)
    select a.cod_cidade, u.id_usuario, u.nome_busca, coalesce(lower(u.email), '')
      from (select distinct cod_cidade, id_usuario from auditoria
             where cod_cidade is not null and id_usuario is not null) a
      join usuarios u on u.id_usuario = a.id_usuario`.execute(db);
  if (pg) {
    for (const q of PG_FUNCTIONS) await sql.raw(q).execute(db);
    for (const q of PG_TRIGGERS) await sql.raw(q).execute(db);
  } else {
    for (const q of SQLITE_TRIGGERS) await sql.raw(q).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql.raw(`drop trigger if exists auditoria_autores_ai${pg ? ' on auditoria' : ''}`).execute(db);
  await sql.raw(`drop trigger if exists auditoria_autores_au${pg ? ' on usuarios' : ''}`).execute(db);
  if (pg) {
    await sql`drop function if exists auditoria_autor()`.execute(db);
    await sql`drop function if exists auditoria_autor_renomeado()`.execute(db);
  }
  await sql`drop table if exists auditoria_autores`.execute(db);
  for (const name of ['auditoria_usuario_idx', 'auditoria_cidade_entidade_idx', 'auditoria_cidade_idx']) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
  await sql`create index auditoria_data_idx on auditoria (criado_em)`.execute(db);
  await sql`create index auditoria_usuario_idx on auditoria (id_usuario, criado_em)`.execute(db);
  await sql`create index auditoria_entidade_idx on auditoria (entidade, id_entidade)`.execute(db);
  await sql`alter table auditoria drop column cod_cidade`.execute(db);
}
