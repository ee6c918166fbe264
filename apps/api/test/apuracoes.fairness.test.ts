import { APURACAO_CSV_HEADER } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { BilhetesFileReader, apurarV1, apurarV2, type Opcoes } from '../src/modules/apuracoes/rule.js';
import { mulberry32 } from './prng.js';

/**
 * Is every ticket equally likely to win (issue 49)? 100,000 contests (5 different 5-digit
 * prizes each, from a fixed-seed generator, so the test is the same on every run) over a
 * 13-ticket file numbered from 000-00000 the way coupons are. For each prize position, a
 * chi-square goodness-of-fit test of the winners against the uniform distribution: version 2
 * passes at p > 0.001; version 1, over the very same contests, fails it (000-00000 wins
 * almost always), which shows the test can fail.
 */

const TICKETS = 13; // not a power of two
const CONCURSOS = 100_000;
const OPCOES: Opcoes = { qtd: 3, mloja: 'S', musuario: 'S' };

let generated: string[][] | null = null;
function contests(): string[][] {
  if (generated) return generated;
  const rnd = mulberry32(20_260_049);
  const out: string[][] = [];
  for (let c = 0; c < CONCURSOS; c++) {
    const premios = new Set<string>();
    while (premios.size < 5) premios.add(String(Math.floor(rnd() * 100_000)).padStart(5, '0'));
    out.push([...premios]);
  }
  generated = out;
  return out;
}

/** 000-00000 to 000-00012, holders and shops repeated (they play no part under S and S). */
function file() {
  const lines = [APURACAO_CSV_HEADER];
  for (let i = 0; i < TICKETS; i++) lines.push(`000,${String(i).padStart(5, '0')},t${i % 4},${1 + (i % 3)}`);
  const reader = new BilhetesFileReader();
  reader.feed(Buffer.from(lines.map((l) => `${l}\n`).join('')));
  return reader.end();
}

/**
 * The chi-square survival function P(X ≥ x) for an even number of degrees of freedom, in
 * closed form: e^(−x/2) · Σ_{i < df/2} (x/2)^i / i!.
 */
function chiSquareSurvival(x: number, df: number): number {
  let term = 1;
  let sum = 1;
  for (let i = 1; i < df / 2; i++) {
    term *= x / 2 / i;
    sum += term;
  }
  return Math.exp(-x / 2) * sum;
}

/** 12 degrees of freedom (13 tickets − 1), p = 0.001: the 99.9 % quantile, from the tables. */
const CRITICAL = 32.909;

/** The chi-square statistic of each prize position's winners against the uniform distribution. */
function statistics(winners: (premios: string[]) => number[]): number[] {
  const counts = Array.from({ length: OPCOES.qtd }, () => new Array<number>(TICKETS).fill(0));
  for (const premios of contests()) {
    const w = winners(premios);
    // No expect() in this loop: a hundred thousand of them would take seconds.
    if (w.length !== OPCOES.qtd) throw new Error(`${w.length} ganhadores para ${premios.join(',')}`);
    w.forEach((indice, k) => counts[k][indice]++);
  }
  const expected = CONCURSOS / TICKETS;
  return counts.map((c) => c.reduce((s, o) => s + (o - expected) ** 2 / expected, 0));
}

describe('fairness: every ticket has the same chance', () => {
  const { hash, bilhetes } = file();

  it('the critical value is the 0.001 tail of the chi-square with 12 degrees of freedom', () => {
    expect(chiSquareSurvival(CRITICAL, TICKETS - 1)).toBeCloseTo(0.001, 6);
    expect(chiSquareSurvival(12, 12)).toBeCloseTo(0.4457, 4); // the mean: near the middle
  });

  it('version 2: the winners of every prize position are uniform (p > 0.001)', () => {
    const stats = statistics((premios) => apurarV2(bilhetes, hash, premios, OPCOES).ganhadores);
    for (const [k, x] of stats.entries()) {
      expect(x, `${k + 1}º prêmio: χ² = ${x.toFixed(2)}`).toBeLessThan(CRITICAL);
      expect(chiSquareSurvival(x, TICKETS - 1)).toBeGreaterThan(0.001);
    }
  }, 60_000); // about 3 s on a quiet machine: 300,000 SHA-256 seeds

  it('version 1 over the same contests fails the same test, far beyond the critical value', () => {
    const stats = statistics((premios) => apurarV1(bilhetes, premios, OPCOES).ganhadores);
    for (const [k, x] of stats.entries()) {
      expect(x, `${k + 1}º prêmio: χ² = ${x.toFixed(2)}`).toBeGreaterThan(CRITICAL);
      expect(chiSquareSurvival(x, TICKETS - 1)).toBeLessThan(0.001);
    }
    // The starting número is uniform over 00000–99999 and everything after 000-00012 wraps
    // to 000-00000: it wins the 1st prize (100,000 − 12) / 100,000 of the time.
    let first = 0;
    for (const premios of contests()) if (apurarV1(bilhetes, premios, OPCOES).ganhadores[0] === 0) first++;
    expect(first / CONCURSOS).toBeGreaterThan(0.999);
  }, 60_000);
});
