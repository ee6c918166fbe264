import { sql, type Kysely } from 'kysely';

/**
 * "Entrar com gov.br" (issue 52):
 * - `govbr_fluxos`: one authorization request under way: its `state` (key), `nonce` and PKCE
 *   `verificador`, bound to the browser that started it (`navegador`: SHA-256 of the random id
 *   in its HttpOnly cookie) and to its purpose (`entrar` or `vincular`); deleted when its
 *   callback arrives (single use), refused past `expira_em` (10 minutes).
 * - `govbr_pendencias`: what a completed flow left for that browser's next step (one per
 *   browser): a login to hand over (`sessao`), an account to complete (`cadastro`) or accounts
 *   to link (`vincular`), with the gov.br CPF (lookup value and sealed, as `usuarios` keeps it),
 *   name and e-mail; short-lived.
 * - `govbr_vinculos`: an account and its gov.br `sub` (the CPF, kept as its lookup value):
 *   each unique. A login through gov.br finds its account only here.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table govbr_fluxos (
    state text primary key,
    navegador text not null,
    finalidade text not null check (finalidade in ('entrar', 'vincular')),
    nonce text not null,
    verificador text not null,
    destino text not null,
    criado_em text not null,
    expira_em text not null
  )`.execute(db);
  await sql`create index govbr_fluxos_expira_idx on govbr_fluxos (expira_em)`.execute(db);
  await sql`create table govbr_pendencias (
    navegador text primary key,
    etapa text not null check (etapa in ('sessao', 'cadastro', 'vincular')),
    motivo text not null default '',
    id_usuario integer references usuarios (id_usuario),
    cpf_busca text not null,
    cpf_cifrado text not null,
    nome text not null,
    email text not null,
    destino text not null,
    criado_em text not null,
    expira_em text not null
  )`.execute(db);
  await sql`create index govbr_pendencias_expira_idx on govbr_pendencias (expira_em)`.execute(db);
  await sql`create table govbr_vinculos (
    id_usuario integer primary key references usuarios (id_usuario),
    sub_busca text not null unique,
    criado_em text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists govbr_vinculos`.execute(db);
  await sql`drop table if exists govbr_pendencias`.execute(db);
  await sql`drop table if exists govbr_fluxos`.execute(db);
}
