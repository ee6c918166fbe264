import { sql, type Kysely } from 'kysely';

/**
 * The partner's customer search by name (`GET /v1/parceiro/usuarios?nome=`) is a prefix of the
 * folded name among the live residents of the caller's cities (issue 37). With only
 * `usuarios_nome_busca_idx` (the name) and `usuarios_cidade_idx` (the city), SQLite without
 * statistics took the city's index and sorted the whole city: 1.1–1.7 s at city scale
 * (200,000 residents) for "Cláud", where the target is 10 ms. An index on the city and the
 * folded name makes the search one range of it, in the order the answer wants, stopped at the
 * sixth row; the contains search walks the city in name order too. PostgreSQL already found the
 * prefix by the name's index; it gets the same index, which keeps a city's range apart from
 * the other cities' at state scale. `nome_busca` has collation "C" on PostgreSQL, so the range
 * is exactly the prefix on both.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index usuarios_cidade_nome_idx on usuarios (cod_cidade, nome_busca) where removido_em is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists usuarios_cidade_nome_idx`.execute(db);
}
