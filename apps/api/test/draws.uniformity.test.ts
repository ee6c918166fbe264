import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  TICKET_FILE_HEADER,
  TICKET_FILE_HEADER_V1,
  TicketFileError,
  TicketFileReader,
  derivePosition,
  maskedParticipant,
  ticketField,
  ticketLine,
} from '../src/modules/draws/draw-rule.js';
import {
  REJECTION_TRIES,
  pickUniform,
  pickUnseeded,
  secureRandomInt,
  type PickSource,
  type RandomInt,
} from '../src/modules/draws/service.js';
import { useTestApp } from './helper.js';
import { createCampaign, createCity, createShop, day, insertConsumers } from './factories.js';

/**
 * Uniformity of the unseeded pick: Pearson's chi-square over many picks of a small campaign,
 * at a fixed significance level α = 10⁻⁶. With 5 coupons (df = 4) the critical value is
 * about 33.4 (the brief's p = 0.001 would be 18.47): a fair picker fails one run in a million,
 * so the suite does not flake, while the biased pickers below score in the hundreds.
 */
const ALPHA = 1e-6;

/** P(χ²_df ≥ x) for an even df, in closed form: e^{-x/2} Σ_{i<df/2} (x/2)^i / i!. */
function chiSquareSurvival(x: number, df: number): number {
  if (df % 2 !== 0) throw new Error('df par apenas');
  let term = 1;
  let sum = 1;
  for (let i = 1; i < df / 2; i++) {
    term *= x / 2 / i;
    sum += term;
  }
  return Math.exp(-x / 2) * sum;
}

function chiSquare(counts: number[]): { stat: number; p: number } {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  const stat = counts.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
  return { stat, p: chiSquareSurvival(stat, counts.length - 1) };
}

/** A picker with the classic bias: the modulo of a small random value (3 bits mod 5). */
const biasedRandomInt: RandomInt = (min, max) => min + ((randomBytes(1)[0] & 7) % (max - min));

/** An in-memory campaign: coupon numbers 1..maxNumero, the eligible ones given. */
function memorySource(eligible: number[], maxNumero: number) {
  const sorted = [...eligible].sort((a, b) => a - b);
  const set = new Set(sorted);
  const calls = { byNumber: 0, count: 0, nth: 0 };
  const src: PickSource<number> = {
    minNumero: 1,
    maxNumero,
    byNumber: async (n) => {
      calls.byNumber++;
      return set.has(n) ? n : undefined;
    },
    count: async () => {
      calls.count++;
      return sorted.length;
    },
    nth: async (k) => {
      calls.nth++;
      return sorted[k];
    },
  };
  return { src, calls };
}

async function tally(
  eligible: number[],
  maxNumero: number,
  picks: number,
  rng: RandomInt,
): Promise<number[]> {
  const { src } = memorySource(eligible, maxNumero);
  const counts = new Map(eligible.map((e) => [e, 0]));
  for (let i = 0; i < picks; i++) {
    const r = await pickUniform(src, rng);
    if (!r) throw new Error('nada sorteado');
    counts.set(r.item, (counts.get(r.item) ?? 0) + 1);
  }
  return eligible.map((e) => counts.get(e) ?? 0);
}

describe('draws/draw-rule: the seeded derivation', () => {
  const hash = createHash('sha256').update('lista').digest('hex');

  it('is deterministic, in range, and handles N = 1', () => {
    for (const n of [1, 2, 3, 7, 51, 1000, 99_991, 10_000_000, 2 ** 40 + 3]) {
      const p = derivePosition('semente', hash, n);
      expect(p).toBe(derivePosition('semente', hash, n));
      expect(Number.isInteger(p) && p >= 0 && p < n, `n=${n}`).toBe(true);
    }
    expect(derivePosition('qualquer', hash, 1)).toBe(0);
    expect(() => derivePosition('s', hash, 0)).toThrow(RangeError);
    expect(() => derivePosition('s', hash, 1.5)).toThrow(RangeError);
  });

  it('follows the published rule: first 6 bytes of SHA-256(seed|hash|i), rejected above floor(2^48/N)·N', () => {
    const n = 1_000_003;
    const h0 = createHash('sha256').update(`Loteria|${hash}|0`, 'utf8').digest();
    const x = h0.readUIntBE(0, 6);
    const limit = Math.floor(2 ** 48 / n) * n;
    expect(x < limit).toBe(true); // (rejection has probability < 4·10⁻⁹ here)
    expect(derivePosition('Loteria', hash, n)).toBe(x % n);
    // Seed and hash both matter.
    const others = new Set(['a', 'b', 'c', 'd', 'e'].map((s) => derivePosition(s, hash, n)));
    expect(others.size).toBeGreaterThan(1);
    expect(derivePosition('Loteria', hash.replace(/^./, hash[0] === '0' ? '1' : '0'), n)).not.toBe(x % n);
  });

  it('spreads positions evenly over many seeds', () => {
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) counts[derivePosition(`semente ${i}`, hash, 5)]++;
    expect(chiSquare(counts).p).toBeGreaterThan(ALPHA);
  });

  it('writes and reads the ticket file format', () => {
    expect(ticketField('a;b\r\nc\td')).toBe('a,b c d');
    expect(ticketField('=1+1')).toBe("'=1+1");
    expect(ticketField('-x')).toBe("'-x");
    expect(ticketField(ticketField('@x'))).toBe("'@x");
    expect(maskedParticipant('Ana Maria Souza')).toBe('A** ***** S****');
    expect(maskedParticipant('')).toBe('');
    const lines = [
      ticketLine({
        posicao: 0,
        codigo: '000-00003',
        participante: 'A**',
        estabelecimento: 'Bar; do Zé',
      }),
      ticketLine({
        posicao: 1,
        codigo: '001-00000',
        participante: 'B**',
        estabelecimento: 'Loja',
      }),
    ];
    expect(lines[0]).toBe('0;000-00003;A**;Bar, do Zé'); // the coupon by its code only
    const file = Buffer.from(`${TICKET_FILE_HEADER}\n${lines.join('\n')}\n`, 'utf8');
    // Fed in awkward pieces (inside a multi-byte character too), it reads the same.
    const reader = new TicketFileReader(1);
    for (let i = 0; i < file.length; i += 7) reader.feed(file.subarray(i, i + 7));
    const r = reader.end();
    expect(r.n).toBe(2);
    expect(r.hash).toBe(createHash('sha256').update(file).digest('hex'));
    expect(r.ticket).toEqual({
      posicao: 1,
      cupom: 100_001,
      codigo: '001-00000',
      participante: 'B**',
      estabelecimento: 'Loja',
    });

    const bad = (text: string) => () => {
      const rd = new TicketFileReader();
      rd.feed(Buffer.from(text, 'utf8'));
      rd.end();
    };
    expect(bad('')).toThrow(TicketFileError);
    expect(bad(`${TICKET_FILE_HEADER}\n`)).toThrow(/nenhum bilhete/);
    expect(bad('a;b\n0;000-00000;d;e\n')).toThrow(/cabeçalho/);
    expect(bad(`${TICKET_FILE_HEADER}\r\n0;000-00000;d;e\r\n`)).toThrow(TicketFileError);
    expect(bad(`${TICKET_FILE_HEADER}\n0;000-00000;d\n`)).toThrow(/4 campos/);
    expect(bad(`${TICKET_FILE_HEADER}\n0;000-00001;d;e\n1;000-00001;d;e\n`)).toThrow(/fora de ordem/);
    for (const codigo of ['1', 'x', '0-1', '000-0001', '000-000001']) {
      expect(bad(`${TICKET_FILE_HEADER}\n0;${codigo};d;e\n`), codigo).toThrow(/código de cupom inválido/);
    }
    expect(bad(`${TICKET_FILE_HEADER}\n0;000-00000;d;e\n\n1;000-00001;d;e\n`)).toThrow(TicketFileError);

    // Files published before (the stored number after the position) are read as they are.
    const v1 = new TicketFileReader(0);
    v1.feed(Buffer.from(`${TICKET_FILE_HEADER_V1}\n0;4;000-00003;A**;Bar\n`, 'utf8'));
    expect(v1.end().ticket).toEqual({
      posicao: 0,
      cupom: 4,
      codigo: '000-00003',
      participante: 'A**',
      estabelecimento: 'Bar',
    });
    expect(bad(`${TICKET_FILE_HEADER_V1}\n0;x;c;d;e\n`)).toThrow(/cupom inválido/);
    expect(bad(`${TICKET_FILE_HEADER_V1}\n0;1;c;d\n`)).toThrow(/5 campos/);
  });
});

describe('the unseeded picker (pickUniform)', () => {
  it('is uniform by rejection sampling (5 of 8 numbers eligible)', async () => {
    const counts = await tally([1, 3, 4, 6, 8], 8, 10_000, secureRandomInt);
    expect(chiSquare(counts).p, counts.join(' ')).toBeGreaterThan(ALPHA);
  });

  it('is uniform by position when the numbers are sparse (5 of 10⁹), after at most 64 probes', async () => {
    const eligible = [7, 123_456, 500_000_000, 999_999_998, 1_000_000_000];
    const { src, calls } = memorySource(eligible, 1_000_000_000);
    const r = await pickUniform(src);
    expect(eligible).toContain(r?.item);
    expect(calls).toEqual({ byNumber: REJECTION_TRIES, count: 1, nth: 1 }); // (a hit: probability 3·10⁻⁷)
    const counts = await tally(eligible, 1_000_000_000, 5_000, secureRandomInt);
    expect(chiSquare(counts).p, counts.join(' ')).toBeGreaterThan(ALPHA);
  });

  it('is uniform when both paths mix (5 of 120 eligible: about 9 draws in 10 by rejection)', async () => {
    const counts = await tally([2, 40, 41, 99, 120], 120, 10_000, secureRandomInt);
    expect(chiSquare(counts).p, counts.join(' ')).toBeGreaterThan(ALPHA);
  });

  it('the same test fails a biased picker (a small random byte, modulo)', async () => {
    for (const [eligible, max] of [
      [[1, 2, 3, 4, 5], 5],
      [[7, 123_456, 500_000_000, 999_999_998, 1_000_000_000], 1_000_000_000],
    ] as const) {
      const counts = await tally([...eligible], max, 5_000, biasedRandomInt);
      expect(chiSquare(counts).p, counts.join(' ')).toBeLessThan(ALPHA);
    }
  });

  it('answers null when nothing is eligible', async () => {
    expect(await pickUniform(memorySource([], 10).src)).toBeNull();
  });
});

describe('the unseeded pick over the database', () => {
  const t = useTestApp();

  it('is uniform over 5 eligible coupons among voided and drawn ones (5,000 picks)', async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const shop = await createShop(t.db, { cod_cidade: city });
    const [u] = await insertConsumers(t.db, { cod_cidade: city, nomes: ['Pessoa Teste'] });
    const { id_campanha } = await createCampaign(t.db, { cod_cidade: city });
    const now = new Date().toISOString();
    const { id_venda } = await t.db
      .insertInto('vendas')
      .values({
        id_campanha,
        id_estabelecimento: shop.id_estabelecimento,
        id_usuario: u,
        id_vendedor: null,
        dat_venda: day(-1),
        numero_venda: 'U-1',
        valor_centavos: 100,
        pontos_e6: 0,
        cashback_e6: 0,
        atualizado_em: now,
      })
      .returning('id_venda')
      .executeTakeFirstOrThrow();
    // Numbers 1..9: 2 and 5 voided, 6 and 9 drawn → eligible 1, 3, 4, 7, 8.
    await t.db
      .insertInto('cupons')
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          id_campanha,
          numero: i + 1,
          id_usuario: u,
          id_venda,
          id_estabelecimento: shop.id_estabelecimento,
          dat_emissao: now,
          anulado_em: [2, 5].includes(i + 1) ? now : null,
          sorteado_em: [6, 9].includes(i + 1) ? now : null,
        })),
      )
      .execute();
    const eligible = [1, 3, 4, 7, 8];
    const e = { idCampanha: id_campanha, semUsuariosContemplados: false, semLojasContempladas: false };
    const counts = new Map(eligible.map((n) => [n, 0]));
    for (let i = 0; i < 5_000; i++) {
      const p = await pickUnseeded(t.db, e);
      expect(p).not.toBeNull();
      expect(p!.qtd_elegiveis).toBe(5);
      expect(p!.posicao).toBe(eligible.indexOf(p!.numero));
      counts.set(p!.numero, (counts.get(p!.numero) ?? 0) + 1);
    }
    const observed = eligible.map((n) => counts.get(n) ?? 0);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(eligible);
    expect(chiSquare(observed).p, observed.join(' ')).toBeGreaterThan(ALPHA);
  }, 120_000);
});
