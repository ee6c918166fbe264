import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CPF_CARENCIA_JOB } from '../src/modules/sales/service.js';
import { dialect, useTestApp } from './helper.js';

/**
 * Issue 53: a job may be due later (`enqueue(…, { afterMs })`: a receipt checked again at SEFAZ a
 * day later). On both runners the stored job's due time is that far from its creation, so no
 * worker takes it before. The job is the hourly CPF one, whose run is harmless (its queue exists
 * on pg-boss); an hour ahead, it does not run during the test.
 */
const t = useTestApp();
const HOUR = 3_600_000;

describe(`a job due later (${dialect})`, () => {
  it('is stored due afterMs from now, and a worker leaves it until then', async () => {
    const before = Date.now();
    await t.db
      .transaction()
      .execute((trx) => t.app.jobs.enqueue(trx, CPF_CARENCIA_JOB, {}, { afterMs: HOUR }));
    const after = Date.now();
    let due: number;
    let created: number;
    if (dialect === 'sqlite') {
      const row = await t.db
        .selectFrom('tarefas')
        .select(['executar_em', 'criada_em', 'situacao'])
        .where('nome', '=', CPF_CARENCIA_JOB)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.situacao).toBe('pendente');
      due = Date.parse(row.executar_em);
      created = Date.parse(row.criada_em);
    } else {
      const { rows } = await sql<{ start_after: Date; created_on: Date; state: string }>`
        select start_after, created_on, state from pgboss.job
         where name = ${CPF_CARENCIA_JOB} order by created_on desc limit 1`.execute(t.db);
      expect(rows[0]!.state).toBe('created');
      due = new Date(rows[0]!.start_after).getTime();
      created = new Date(rows[0]!.created_on).getTime();
    }
    expect(due - created).toBeGreaterThanOrEqual(HOUR - 1_000);
    expect(due - created).toBeLessThanOrEqual(HOUR + 1_000);
    expect(due).toBeGreaterThanOrEqual(before + HOUR - 1_000);
    expect(due).toBeLessThanOrEqual(after + HOUR + 1_000);
    // Nothing due: the worker is idle at once, and the job is still there, untaken.
    await t.app.jobs.idle();
    if (dialect === 'sqlite') {
      const n = await t.db
        .selectFrom('tarefas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('nome', '=', CPF_CARENCIA_JOB)
        .where('situacao', '=', 'pendente')
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThanOrEqual(1);
    }
  });
});
