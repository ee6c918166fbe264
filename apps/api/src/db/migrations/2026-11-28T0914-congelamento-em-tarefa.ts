import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The apuração's ticket file is frozen by a job (issue 38, decision 046): the request fixes
 * WHICH tickets are in (`maior_numero`, `qtd_bilhetes` and the left-out numbers of
 * `apuracao_fora`, at `congelado_em`) and a job writes the file. `hash_bilhetes` and `arquivo`
 * stay '' until the job is done ("congelando"); `bilhetes_gravados` counts the tickets the job
 * has written so far (its progress; `qtd_bilhetes` once frozen). Apurações frozen before this
 * migration are complete.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('apuracoes')
    .addColumn('bilhetes_gravados', pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update apuracoes set bilhetes_gravados = qtd_bilhetes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apuracoes').dropColumn('bilhetes_gravados').execute();
}
