import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Durable background work (issue 38, decision 043).
 * - `tarefas`: the job queue of the SQLite runner (src/jobs/sqlite-runner.ts). On PostgreSQL the
 *   queue is pg-boss's own schema (`pgboss`), which pg-boss creates and migrates at start, so
 *   this table is SQLite's only.
 * - `notificacao_envios`: one row per (notification, push subscription) of an admin fan-out,
 *   its state `pendente` → `enviada` | `falha` | `removida`. The primary key is what makes a
 *   re-run batch skip what was sent already; the admin's progress is a count by state. No
 *   foreign key to `push_assinaturas`: a row outlives its deleted subscription, to be counted.
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`create table tarefas (
      id integer primary key autoincrement,
      nome text not null,
      dados text not null,
      situacao text not null default 'pendente'
        check (situacao in ('pendente', 'rodando', 'morta')),
      tentativas integer not null default 0,
      max_tentativas integer not null,
      espera_base_ms integer not null,
      executar_em text not null,
      travada_ate text,
      ultimo_erro text,
      criada_em text not null
    )`.execute(db);
    await sql`create index tarefas_proxima_idx on tarefas (situacao, executar_em)`.execute(db);
  }
  await sql`create table notificacao_envios (
    id_notificacao integer not null references notificacoes (id_notificacao) on delete cascade,
    id_assinatura integer not null,
    situacao text not null default 'pendente'
      check (situacao in ('pendente', 'enviada', 'falha', 'removida')),
    atualizado_em text,
    primary key (id_notificacao, id_assinatura)
  )`.execute(db);
  await sql`create index notificacao_envios_situacao_idx on notificacao_envios (id_notificacao, situacao)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists notificacao_envios`.execute(db);
  await sql`drop table if exists tarefas`.execute(db);
}
