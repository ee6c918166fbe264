import { sql, type Kysely } from 'kysely';

/**
 * A CPF is declared or proven (issue 52):
 * - `cpf_situacao`: `''` (no CPF), `declarado` (typed by the person) or `comprovado` (gov.br at
 *   the minimum level, or a proof a city admin approved);
 * - `cpf_definido_em`: when the present CPF was set (the declared CPF's waiting period, and the
 *   one change every 90 days);
 * - `cpf_comprovado_por`: `govbr` or `foto` while proven (gov.br outranks a photo).
 * Only a proven CPF is unique now: a declaration never blocks anyone. The CPFs stored before
 * this become declared as of this migration, so they wait the period like any new declaration.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios add column cpf_situacao text not null default '' check (cpf_situacao in ('', 'declarado', 'comprovado'))`.execute(
    db,
  );
  await sql`alter table usuarios add column cpf_definido_em text`.execute(db);
  await sql`alter table usuarios add column cpf_comprovado_por text check (cpf_comprovado_por in ('govbr', 'foto'))`.execute(
    db,
  );
  const at = new Date().toISOString();
  await sql`update usuarios set cpf_situacao = 'declarado', cpf_definido_em = ${at} where cpf_busca is not null`.execute(
    db,
  );
  await sql`drop index if exists usuarios_cpf_busca_idx`.execute(db);
  await sql`create unique index usuarios_cpf_comprovado_idx on usuarios (cpf_busca) where cpf_situacao = 'comprovado'`.execute(
    db,
  );
  await sql`create index usuarios_cpf_declarado_idx on usuarios (cpf_busca) where cpf_busca is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists usuarios_cpf_declarado_idx`.execute(db);
  await sql`drop index if exists usuarios_cpf_comprovado_idx`.execute(db);
  // Back to one account per CPF: the declarations of a CPF someone proved are dropped.
  await sql`update usuarios set cpf_busca = null, cpf_cifrado = null
    where cpf_situacao = 'declarado'
      and cpf_busca in (select cpf_busca from usuarios where cpf_situacao = 'comprovado')`.execute(db);
  await sql`update usuarios set cpf_busca = null, cpf_cifrado = null
    where cpf_busca is not null
      and id_usuario not in (select min(id_usuario) from usuarios where cpf_busca is not null group by cpf_busca)`.execute(
    db,
  );
  await sql`create unique index usuarios_cpf_busca_idx on usuarios (cpf_busca) where cpf_busca is not null`.execute(
    db,
  );
  await sql`alter table usuarios drop column cpf_comprovado_por`.execute(db);
  await sql`alter table usuarios drop column cpf_definido_em`.execute(db);
  await sql`alter table usuarios drop column cpf_situacao`.execute(db);
}
