import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS, runBench } from '../src/run.js';

/**
 * The cluster benchmark (issue 54) in one short pass at tiny scale on PostgreSQL: three instances
 * on one database and one shared directory, the sales on one, two and three of them, then the
 * mixed run with one killed. Every figure must be there and nothing lost; the rates are recorded,
 * not judged. It runs only when asked for by name (`--only cluster`), not in a full run.
 */
const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(text);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const hasPg = await adminQuery('select 1');

describe('npm run bench -- --only cluster (tiny scale)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-cluster-'));
  const pgName = `praca_t_cluster_${process.pid}`;
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (hasPg) await adminQuery(`drop database if exists ${pgName} with (force)`);
  });

  it('is left out of a full run', () => {
    expect(DEFAULTS.only).not.toContain('cluster');
  });

  it.skipIf(!hasPg)(
    'measures one, two and three instances and loses nothing to a SIGKILL',
    { timeout: 240_000 },
    async () => {
      const url = new URL(PG_URL);
      url.pathname = `/${pgName}`;
      const lines: string[] = [];
      const run = await runBench({
        scale: 'tiny',
        only: ['cluster'],
        databaseUrl: url.toString(),
        dataDir: path.join(dir, 'data'),
        resultsDir: path.join(dir, 'results'),
        salesSeconds: 2,
        salesConnections: 6,
        clusterExportRows: 1500,
        log: (l) => lines.push(l),
      });
      expect(run.errors, lines.join('\n')).toEqual([]);
      const names = run.figures.map((f) => f.name.replace(/of [\d,]+ rows/, 'of N rows'));
      expect(names).toEqual([
        'cluster ×1: sales/s',
        'cluster ×1: sale p99',
        'cluster ×2: sales/s',
        'cluster ×2: sale p99',
        'cluster ×3: sales/s',
        'cluster ×3: sale p99',
        'cluster ×3 with a SIGKILL: what was lost',
        'cluster ×3 with a SIGKILL: sales/s',
        'cluster: export of N rows, time to the file',
        'cluster: the replacement ready after its start',
      ]);
      const lost = run.figures.find((f) => f.name.endsWith('what was lost'))!;
      expect(lost.value, lost.reference).toBe(0);
      for (const f of run.figures.filter((f) => f.unit === '/s')) expect(f.value, f.name).toBeGreaterThan(0);
      for (const k of [1, 2, 3]) {
        const rate = run.figures.find((f) => f.name === `cluster ×${k}: sales/s`)!;
        expect(rate.reference, rate.name).toContain('SQL check OK');
        const p99 = run.figures.find((f) => f.name === `cluster ×${k}: sale p99`)!;
        expect(p99.reference).toMatch(new RegExp(`instance ${k} \\d+\\.\\d s`));
      }
      const ready = run.figures.find((f) => f.name.startsWith('cluster: the replacement'))!;
      expect(ready.reference).toMatch(/recusada → 200$/);
    },
  );
});
