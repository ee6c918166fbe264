import { sql, type Kysely } from 'kysely';

/**
 * The resident's optional CPF (issue 40, decision 051), never in the clear:
 * - `cpf_busca`: HMAC-SHA256 of the 11 digits under the server's key (lib/cpf-vault.ts): one
 *   account per CPF (unique where present) and the partner's exact search;
 * - `cpf_cifrado`: AES-256-GCM of the digits, opened only for the owner.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios add column cpf_busca text`.execute(db);
  await sql`alter table usuarios add column cpf_cifrado text`.execute(db);
  await sql`create unique index usuarios_cpf_busca_idx on usuarios (cpf_busca) where cpf_busca is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists usuarios_cpf_busca_idx`.execute(db);
  await sql`alter table usuarios drop column cpf_cifrado`.execute(db);
  await sql`alter table usuarios drop column cpf_busca`.execute(db);
}
