import { describe, expect, it } from 'vitest';
import { lintProbe } from './lint-probe.js';

/**
 * The lint rule that keeps `vendas` in the sales module and `cupons` in the coupons module
 * (issue 50, eslint.config.js): run by the repository's ESLint on a probe file placed in turn
 * outside both modules, inside each, and in an exempt folder. The probe names the tables where
 * SQL reads them (the lines marked `hit`) and the same words where they are no table.
 */

const PROBE = `import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export async function probe(db: Kysely<Database>) {
  await db.selectFrom('vendas').selectAll().execute(); // hit vendas
  await db.selectFrom('vendas as v').selectAll().execute(); // hit vendas
  await db.selectFrom('usuarios as u').innerJoin('cupons as k', 'k.id_usuario', 'u.id_usuario').selectAll().execute(); // hit cupons
  await db.updateTable('cupons').set({ sorteado_em: null }).execute(); // hit cupons
  await sql\`select count(*) from vendas where id_venda = \${1}\`.execute(db); // hit vendas
  await sql\`select 1 from usuarios u join "cupons" k on k.id_usuario = u.id_usuario\`.execute(db); // hit cupons
  await db.selectNoFrom(({ exists, selectFrom }) => exists(selectFrom('cupons').select('id_cupom')).as('x')).execute(); // hit cupons
  const raw = 'delete from cupons'; // hit cupons
  const a = { cupons: 1, cupons_emitidos: 2, lista: 'cupons', tags: ['vendas'] };
  const t = \`\${a.cupons} vendas em \${'dia'}; mais vendas de cupons\`;
  await db.selectFrom('saldos').select((eb) => eb.fn.sum<number>('cupons').as('cupons')).execute();
  return [raw, t];
}
`;

const expected = (table: string) =>
  PROBE.split('\n').flatMap((line, i) => (line.endsWith(`// hit ${table}`) ? [i + 1] : []));

type Flagged = { vendas: number[]; cupons: number[] };

/** The lines the rule flags in the probe at each of `paths`, by table. */
function flagged(...paths: string[]): Flagged[] {
  const results = lintProbe(PROBE, paths);
  return results.map((messages) => {
    const lines = (table: string) =>
      messages
        .filter((m) => m.ruleId === 'praca/table-owner' && m.message.startsWith(`A tabela ${table} `))
        .map((m) => m.line);
    return { vendas: lines('vendas'), cupons: lines('cupons') };
  });
}

describe.skipIf(process.env.TEST_DIALECT === 'postgres')(
  'lint: vendas and cupons only in their modules',
  () => {
    it('flags each table where SQL names it outside its module, its own module and the exempt folders free', () => {
      const [elsewhere, sales, coupons, migration] = flagged(
        'apps/api/src/modules/draws/zz-probe.ts',
        'apps/api/src/modules/sales/zz-probe.ts',
        'apps/api/src/modules/coupons/zz-probe.ts',
        'apps/api/src/db/migrations/zz-probe.ts',
      );
      expect(expected('vendas')).toHaveLength(3);
      expect(expected('cupons')).toHaveLength(5);
      expect(elsewhere).toEqual({ vendas: expected('vendas'), cupons: expected('cupons') });
      expect(sales).toEqual({ vendas: [], cupons: expected('cupons') });
      expect(coupons).toEqual({ vendas: expected('vendas'), cupons: [] });
      expect(migration).toEqual({ vendas: [], cupons: [] });
    }, 60_000);
  },
);
