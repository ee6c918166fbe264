import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abSales } from '../src/ab-sales.js';
import { openBenchDb } from '../src/bench-db.js';
import { generate } from '../src/generate.js';

/**
 * `npm run bench:ab-sales` on two copies of a tiny generated directory: each side registers
 * its sales in its own copy (the fault of decision 025 was a run measuring another file), all
 * of them answered 201, and the figures are there.
 */
describe('npm run bench:ab-sales (tiny scale)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-ab-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs both copies in turns, each on its own file', { timeout: 120_000 }, async () => {
    const a = path.join(dir, 'a');
    const b = path.join(dir, 'b');
    await generate({ scale: 'tiny', dataDir: a, seed: 1 });
    fs.cpSync(a, b, { recursive: true });

    const lines: string[] = [];
    const {
      a: sa,
      b: sb,
      ratio,
    } = await abSales({
      a,
      b,
      rounds: 2,
      batches: 2,
      concurrency: 5,
      log: (l) => lines.push(l),
    });

    for (const [side, d] of [
      [sa, a],
      [sb, b],
    ] as const) {
      expect(side.dataDir).toBe(d);
      expect(side.sales).toBe(2 * 2 * 5);
      expect(side.rate).toBeGreaterThan(0);
      expect(side.cpuUsPerSale).toBeGreaterThan(0);
      const db = await openBenchDb(path.join(d, 'praca.db'));
      try {
        // 3 warm-up turns and 2 measured, of 2 × 5 sales each.
        const [row] = await db.all<{ n: number }>(
          `select count(*) as n from vendas where numero_venda like 'AB%'`,
        );
        expect(row?.n).toBe(5 * 2 * 5);
      } finally {
        await db.close();
      }
    }
    expect(ratio).toBeCloseTo(sb.rate / sa.rate, 10);
    expect(lines.at(-1)).toMatch(/^B ÷ A: \d+\.\d{3}$/);
  });
});
