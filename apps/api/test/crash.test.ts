import { describe, expect, it } from 'vitest';
import { E6 } from '../src/modules/coupons/units.js';
import { createSellingShop } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import { exited, startServer } from './server-process.js';

/** Issue 52: every sale to a person counts as a look-up of its partner; this test makes hundreds. */
const LIMITS_UP = { BUSCA_CLIENTE_RATE_MAX: '1000000', BUSCA_CLIENTE_DIA_MAX: '1000000' };

/**
 * Crash safety (issue 11; docs/decisions/018-sale-write-path.md): the real server, started as
 * its own process on this test's database, is killed with SIGKILL in the middle of a burst of
 * sales. Every sale it answered 201 must be there with its coupons, each campaign's coupon
 * numbers must run 1..N with no gap or repeat, and every balance must hold floor(points)
 * coupons. A restarted server then goes on numbering after N.
 */
const t = useTestApp();

interface Answered {
  id_venda: number;
  numero_venda: string;
  cupons: number[];
}

describe(`crash safety (${dialect})`, () => {
  it('keeps every sale answered 201, with its coupons, and numbers without gaps, through a SIGKILL', async () => {
    // R$ 40–390 at factor 0.01 issues 0–3 coupons a sale.
    const { shop, id_campanha, people, token, sale } = await createSellingShop(
      t.db,
      Array.from({ length: 8 }, (_, i) => `Pessoa Crash ${i}`),
    );

    const server = await startServer(t, LIMITS_UP);
    const answered: Answered[] = [];
    let n = 0;
    let killed = false;
    const sell = async () => {
      while (!killed) {
        const numero_venda = `CR-${++n}`;
        try {
          const res = await fetch(`${server.url}/v1/parceiro/vendas`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(sale(numero_venda, people[n % people.length]!, 40 + (n % 8) * 50)),
          });
          if (res.status === 201) {
            const body = (await res.json()) as {
              venda: { id_venda: number };
              cupons: { id_sorteio: number }[];
            };
            answered.push({
              id_venda: body.venda.id_venda,
              numero_venda,
              cupons: body.cupons.map((c) => c.id_sorteio),
            });
            // Killed the moment an answer arrives: whatever was answered last must be there.
            if (answered.length >= 120 && !killed) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          } else if (!killed) throw new Error(`${res.status} ${await res.text()}`);
        } catch (err) {
          if (!killed) throw err;
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 12 }, sell));
    await burst;
    await exited(server.child);

    // Every answered sale, with the coupons its answer named.
    const sales = await t.db
      .selectFrom('vendas')
      .select(['id_venda', 'numero_venda'])
      .where('id_estabelecimento', '=', shop.id_estabelecimento)
      .execute();
    const saleById = new Map(sales.map((s) => [s.id_venda, s.numero_venda]));
    const coupons = await t.db
      .selectFrom('cupons')
      .select(['numero', 'id_venda', 'id_usuario', 'anulado_em'])
      .where('id_campanha', '=', id_campanha)
      .execute();
    const couponsOfSale = new Map<number, number[]>();
    for (const c of coupons)
      couponsOfSale.set(c.id_venda, [...(couponsOfSale.get(c.id_venda) ?? []), Number(c.numero)]);
    expect(answered.length).toBeGreaterThanOrEqual(120);
    for (const a of answered) {
      expect(saleById.get(a.id_venda), `venda ${a.numero_venda}`).toBe(a.numero_venda);
      expect((couponsOfSale.get(a.id_venda) ?? []).sort((x, y) => x - y)).toEqual(a.cupons);
    }
    // Numbers 1..N, no gap, no repeat; balances hold floor(points) live coupons.
    const numbers = coupons.map((c) => Number(c.numero)).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const balances = await t.db
      .selectFrom('saldos')
      .select(['id_usuario', 'pontos_e6', 'cupons'])
      .where('id_campanha', '=', id_campanha)
      .execute();
    for (const b of balances) {
      const live = coupons.filter((c) => c.id_usuario === b.id_usuario && c.anulado_em === null).length;
      expect(Number(b.cupons)).toBe(live);
      expect(Math.floor(Number(b.pontos_e6) / E6)).toBe(live);
    }

    // A restarted server numbers the next coupon N + 1.
    const again = await startServer(t, LIMITS_UP);
    try {
      const res = await fetch(`${again.url}/v1/parceiro/vendas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(sale('CR-depois', people[0]!, 100)),
        signal: AbortSignal.timeout(20_000),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { cupons: { id_sorteio: number }[] };
      expect(body.cupons.map((c) => c.id_sorteio)).toEqual([numbers.length + 1]);
    } finally {
      again.child.kill('SIGTERM');
      await exited(again.child);
    }
  }, 120_000);
});
