import { describe, expect, it } from 'vitest';
import { createSaleWriter } from '../src/modules/sales/service.js';
import { createSellingShop, day } from './factories.js';
import { dialect, useTestApp } from './helper.js';

/**
 * PostgreSQL's batched sale path (decision 044): sales of one campaign that wait while its
 * statement runs go together in the next one. When the whole statement fails, each sale of the
 * batch goes again alone, so only the one at fault is refused and the others are written once.
 */
const t = useTestApp();

describe.runIf(dialect === 'postgres')('the batched sale path (postgres)', () => {
  it('a batch the database refuses as a whole is retried one by one: only the faulty sale fails', async () => {
    const { id_campanha, shop, partner, people } = await createSellingShop(t.db, [
      'Ana Lote',
      'Bia Lote',
      'Caio Lote',
    ]);
    const writer = createSaleWriter({ db: t.db, dialect });
    const at = new Date().toISOString();
    const values = (numero_venda: string, id_usuario: number, pontos_e6: number) => ({
      id_campanha,
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario,
      id_vendedor: null,
      dat_venda: day(-1),
      numero_venda,
      valor_centavos: 10_000,
      pontos_e6,
      cashback_e6: 0,
      qr_token_hash: null,
      qr_expira_em: null,
      criado_por: partner.id_usuario,
      at,
      depois: JSON.stringify({ numero_venda, cupons_emitidos: [] }),
      ip: '127.0.0.1',
    });
    // The first goes at once; the next three wait for it and go as one batch, in which the
    // second's negative points would leave a balance below zero: the function raises, and the
    // whole statement writes nothing.
    const [first, ...batch] = await Promise.allSettled([
      writer.write(values('LOTE-1', people[0]!, 1_000_000)),
      writer.write(values('LOTE-2', people[1]!, 2_000_000)),
      writer.write(values('LOTE-3', people[2]!, -5_000_000)),
      writer.write(values('LOTE-4', people[0]!, 1_000_000)),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(batch.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((batch[1] as PromiseRejectedResult).reason)).toMatch(/saldo negativo/);

    const sold = await t.db
      .selectFrom('vendas')
      .select('numero_venda')
      .where('id_campanha', '=', id_campanha)
      .orderBy('numero_venda')
      .execute();
    expect(sold.map((s) => s.numero_venda)).toEqual(['LOTE-1', 'LOTE-2', 'LOTE-4']);
    // Each written sale's coupons once, numbered 1…N with no gap.
    const numbers = await t.db
      .selectFrom('cupons')
      .select('numero')
      .where('id_campanha', '=', id_campanha)
      .orderBy('numero')
      .execute();
    expect(numbers.map((n) => Number(n.numero))).toEqual([1, 2, 3, 4]);
    const totals = await t.db
      .selectFrom('totais_vendas')
      .select(['vendas', 'cupons'])
      .where('id_campanha', '=', id_campanha)
      .executeTakeFirstOrThrow();
    expect({ vendas: Number(totals.vendas), cupons: Number(totals.cupons) }).toEqual({
      vendas: 3,
      cupons: 4,
    });
  });

  it('a batch with one consumer three times and a number twice: the same balances, coupons and refusals as one sale after another', async () => {
    const { id_campanha, shop, partner, people } = await createSellingShop(t.db, [
      'Ana Conjunto',
      'Bia Conjunto',
      'Caio Conjunto',
    ]);
    const writer = createSaleWriter({ db: t.db, dialect });
    const at = new Date().toISOString();
    const values = (numero_venda: string, id_usuario: number, pontos_e6: number) => ({
      id_campanha,
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario,
      id_vendedor: null,
      dat_venda: day(-1),
      numero_venda,
      valor_centavos: 10_000,
      pontos_e6,
      cashback_e6: 0,
      qr_token_hash: null,
      qr_expira_em: null,
      criado_por: partner.id_usuario,
      at,
      depois: JSON.stringify({ numero_venda, cupons_emitidos: [] }),
      ip: '127.0.0.1',
    });
    // The first goes at once (half a point, no coupon); the rest wait for it and go as one
    // batch (migration vendas-em-conjunto: one insert, one upsert of the balances).
    const [, ...batch] = await Promise.allSettled([
      writer.write(values('CONJ-0', people[2]!, 500_000)),
      writer.write(values('CONJ-A', people[0]!, 600_000)),
      writer.write(values('CONJ-B', people[0]!, 700_000)),
      writer.write(values('CONJ-B', people[1]!, 5_000_000)),
      writer.write(values('CONJ-C', people[0]!, 1_900_000)),
      writer.write(values('CONJ-D', people[1]!, 1_000_000)),
    ]);
    expect(batch.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((batch[2] as PromiseRejectedResult).reason).toMatchObject({
      code: '23505',
      constraint: 'vendas_numero_uq',
    });
    const done = batch.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    // 0.6 → 1.3 → 3.2 points for Ana: 0, 1 and 2 coupons; 1.0 for Bia: 1; numbered in order.
    expect(done.map((w) => [w.pontos_e6, w.cupons.length, w.primeiro])).toEqual([
      [600_000, 0, null],
      [1_300_000, 1, 1],
      [3_200_000, 2, 2],
      [1_000_000, 1, 4],
    ]);
    const balances = await t.db
      .selectFrom('saldos')
      .select(['id_usuario', 'pontos_e6', 'cupons'])
      .where('id_campanha', '=', id_campanha)
      .orderBy('id_usuario')
      .execute();
    expect(balances.map((b) => [b.id_usuario, Number(b.pontos_e6), Number(b.cupons)])).toEqual(
      [
        [people[0]!, 3_200_000, 3],
        [people[1]!, 1_000_000, 1],
        [people[2]!, 500_000, 0],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    const coupons = await t.db
      .selectFrom('cupons')
      .innerJoin('vendas', 'vendas.id_venda', 'cupons.id_venda')
      .select(['cupons.numero', 'vendas.numero_venda', 'cupons.id_usuario'])
      .where('cupons.id_campanha', '=', id_campanha)
      .orderBy('cupons.numero')
      .execute();
    expect(coupons.map((k) => [Number(k.numero), k.numero_venda, k.id_usuario])).toEqual([
      [1, 'CONJ-B', people[0]!],
      [2, 'CONJ-C', people[0]!],
      [3, 'CONJ-C', people[0]!],
      [4, 'CONJ-D', people[1]!],
    ]);
    const audit = await t.db
      .selectFrom('auditoria')
      .select('depois')
      .where('entidade', '=', 'venda')
      .where('depois', 'like', '%CONJ-C%')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.depois!)).toMatchObject({ numero_venda: 'CONJ-C', cupons_emitidos: [2, 3] });
  });
});
