import { sql, type Kysely } from 'kysely';

/**
 * Notifications (issue 8, modules/notifications): a person holds at most one row of each sent
 * notification, so the fan-out (one INSERT … SELECT) and the web's foreground copy of the same
 * push (`POST /v1/usuarios/notificacao` with `id_notificacao`) never make two. Rows without a
 * notification (`id_notificacao` null) are not limited: NULLs are distinct in a unique index
 * on SQLite and PostgreSQL alike.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index usuario_notificacoes_uq
    on usuario_notificacoes (id_usuario, id_notificacao)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists usuario_notificacoes_uq`.execute(db);
}
