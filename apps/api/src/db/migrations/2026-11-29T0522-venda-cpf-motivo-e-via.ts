import { sql, type Kysely } from 'kysely';

/**
 * Issue 52: a sale waiting for a CPF that a rule refused stays waiting, with its reason
 * (`cpf_motivo`, the Portuguese `erro` of the refusal, shown to the admins); and a sale
 * credited by CPF records how its holder held the CPF then (`cpf_creditada_via`: `declarado`,
 * `foto` or `govbr`), so that a gov.br proof that takes a CPF from a photo proof can reverse
 * the credits made under the photo.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vendas add column cpf_motivo text`.execute(db);
  await sql`alter table vendas add column cpf_creditada_via text check (cpf_creditada_via in ('declarado', 'foto', 'govbr'))`.execute(
    db,
  );
  // The sweep of the credits made under a photo proof reads them by account.
  await sql`create index vendas_cpf_foto_idx on vendas (id_usuario) where cpf_creditada_via = 'foto'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists vendas_cpf_foto_idx`.execute(db);
  await sql`alter table vendas drop column cpf_creditada_via`.execute(db);
  await sql`alter table vendas drop column cpf_motivo`.execute(db);
}
