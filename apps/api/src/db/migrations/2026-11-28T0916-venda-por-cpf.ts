import { sql, type Kysely } from 'kysely';

/**
 * A sale to a CPF that has no account yet (issue 40, decision 051): the sale waits without a
 * recipient (`id_usuario` null, no coupons), holding the CPF's lookup value (`cpf_busca`, the
 * HMAC of lib/cpf-vault.ts, never the digits) and its masked form for the partner's screens
 * (`cpf_mascara`, `***.456.789-**`). When an account confirms that CPF, its pending sales of
 * running campaigns are credited and `cpf_busca` is cleared; those of ended campaigns lapse
 * (cleared too). The partial index finds a CPF's pending sales.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vendas add column cpf_busca text`.execute(db);
  await sql`alter table vendas add column cpf_mascara text`.execute(db);
  await sql`create index vendas_cpf_pendente_idx on vendas (cpf_busca, id_campanha, dat_venda) where cpf_busca is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists vendas_cpf_pendente_idx`.execute(db);
  await sql`alter table vendas drop column cpf_mascara`.execute(db);
  await sql`alter table vendas drop column cpf_busca`.execute(db);
}
