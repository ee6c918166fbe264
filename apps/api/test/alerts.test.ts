import { beforeAll, describe, expect, it } from 'vitest';
import type { Alerta } from '@praca/contract';
import { MSG_ADMIN } from '@praca/contract';
import { addDays } from '../src/lib/clock.js';
import { createCast, sender, type Cast } from './admin-fixtures.js';
import { bearer, createCampaign, createCity, createShop, createUser, sessionFor } from './factories.js';
import { createTestApp, useTestApp, type TestApp } from './helper.js';

/**
 * `GET /v1/adm/alertas` (issue 37): each rule on built data, at its threshold's edge (the
 * defaults: k = 5 with a minimum of 10 sales for a median of 0, n = 3, 5 % under a limit
 * 3 times, 00:00–05:00 in São Paulo), the city scope and the bad day.
 */
const t = useTestApp();

const DIA = '2026-03-10';
/** Noon in São Paulo (UTC−3): no sale is "madrugada" unless a test says so. */
const NOON = `${DIA}T15:00:00.000Z`;

let numero = 0;
interface SaleOptions {
  id_usuario?: number | null;
  dat_venda?: string;
  valor_centavos?: number;
  criado_em?: string;
  excluida?: boolean;
}

/** Sales written straight into the ledger's table (the rules read only `vendas`). */
async function sales(
  app: TestApp,
  shop: { id_estabelecimento: number; id_campanha: number },
  count: number,
  o: SaleOptions = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { id_venda } = await app.db
      .insertInto('vendas')
      .values({
        id_campanha: shop.id_campanha,
        id_estabelecimento: shop.id_estabelecimento,
        id_usuario: o.id_usuario ?? null,
        id_vendedor: null,
        dat_venda: o.dat_venda ?? DIA,
        numero_venda: `AL-${++numero}`,
        valor_centavos: o.valor_centavos ?? 1000,
        pontos_e6: 0,
        cashback_e6: 0,
        criado_em: o.criado_em ?? NOON,
        atualizado_em: NOON,
        excluida_em: o.excluida ? NOON : null,
      })
      .returning('id_venda')
      .executeTakeFirstOrThrow();
    ids.push(Number(id_venda));
  }
  return ids;
}

/** A shop of the city in a campaign whose coupon step is R$ 100 (draw factor 0.01). */
async function shopIn(app: TestApp, cod_cidade: number, nome: string) {
  const shop = await createShop(app.db, { cod_cidade, nome });
  const { id_campanha } = await createCampaign(app.db, {
    cod_cidade,
    den_campanha: `Campanha ${nome}`,
    lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_sorteio: 0.01 }],
  });
  return { ...shop, id_campanha };
}

const ofRule = (list: Alerta[], regra: Alerta['regra']) => list.filter((a) => a.regra === regra);

describe('the alerts of a day', () => {
  let cityA: number;
  let cityB: number;
  let cast: Cast;
  let list: Alerta[];
  const expected: Record<string, number[]> = {};
  const shops: Record<string, number> = {};
  const people: Record<string, number> = {};

  beforeAll(async () => {
    cityA = (await createCity(t.db)).cod_cidade;
    cityB = (await createCity(t.db)).cod_cidade;
    cast = await createCast(t.db, cityA, cityB);
    const shop = async (nome: string) => {
      const s = await shopIn(t, cityA, nome);
      shops[nome] = s.id_estabelecimento;
      return s;
    };

    // pico_loja: a median of 2 over the 30 days before (2 sales on 16 of them), so 10 is 5×, not more.
    for (const nome of ['Pico 10', 'Pico 11']) {
      const s = await shop(nome);
      for (let d = 1; d <= 16; d++) await sales(t, s, 2, { dat_venda: addDays(DIA, -d) });
      // Days outside the 30 never count: 31 days before is ignored.
      await sales(t, s, 40, { dat_venda: addDays(DIA, -31) });
      expected[nome] = await sales(t, s, nome === 'Pico 10' ? 10 : 11);
      // A deleted sale is no sale.
      await sales(t, s, 1, { excluida: true });
    }
    // A median of 0: a peak only from 10 sales.
    for (const [nome, n] of [
      ['Nova 9', 9],
      ['Nova 10', 10],
    ] as const) {
      const s = await shop(nome);
      await sales(t, s, 14, { dat_venda: addDays(DIA, -3) }); // 1 day of 30 with sales: median 0
      expected[nome] = await sales(t, s, n);
    }

    // vendas_repetidas_pessoa: 3 sales to one person (the limit), 4 to another.
    const r = await shop('Repete');
    for (const nome of ['Três', 'Quatro']) {
      people[nome] = (await createUser(t.db, { cod_cidade: cityA })).id_usuario;
    }
    await sales(t, r, 3, { id_usuario: people['Três'] });
    expected['Quatro'] = await sales(t, r, 4, { id_usuario: people['Quatro'] });
    // The same person's sales on another day are another day.
    await sales(t, r, 2, { id_usuario: people['Três'], dat_venda: addDays(DIA, -1) });

    // valor_abaixo_limite, the coupon step (R$ 100, 5 % = R$ 5): R$ 95,00 is in, R$ 94,99 is not.
    const v = await shop('Degrau');
    expected['Degrau'] = [
      ...(await sales(t, v, 1, { valor_centavos: 9500 })),
      ...(await sales(t, v, 1, { valor_centavos: 9999 })),
      ...(await sales(t, v, 1, { valor_centavos: 19_600 })), // under R$ 200: another limit
      ...(await sales(t, v, 1, { valor_centavos: 9700 })),
    ];
    const w = await shop('Degrau 2');
    await sales(t, w, 1, { valor_centavos: 9499 });
    await sales(t, w, 1, { valor_centavos: 10_000 }); // exactly at the step: not under it
    await sales(t, w, 2, { valor_centavos: 9900 }); // only 2 under R$ 100
    // The sale's maximum (R$ 50.000): 95 % of it, 3 times.
    const m = await shop('Máximo');
    expected['Máximo'] = await sales(t, m, 3, { valor_centavos: 4_750_000 });
    // The campaign's value limit per person per day (R$ 500,00, 5 % = R$ 25,00): R$ 480,00 and
    // R$ 490,00 sit under no coupon step, only under it; R$ 500,00 is at it, R$ 474,99 too far.
    const d = await shop('Teto diário');
    await t.db
      .updateTable('campanhas')
      .set({ limite_valor_dia_centavos: 50_000 })
      .where('id_campanha', '=', d.id_campanha)
      .execute();
    expected['Teto diário'] = [
      ...(await sales(t, d, 1, { valor_centavos: 48_000 })),
      ...(await sales(t, d, 1, { valor_centavos: 49_000 })),
      ...(await sales(t, d, 1, { valor_centavos: 49_999 })),
    ];
    await sales(t, d, 1, { valor_centavos: 50_000 });
    await sales(t, d, 1, { valor_centavos: 47_499 });

    // madrugada: 00:00 and 04:59 in São Paulo are in; 05:00 and 23:59 of the day before are not.
    const n = await shop('Coruja');
    expected['Coruja'] = [
      ...(await sales(t, n, 1, { criado_em: `${DIA}T03:00:00.000Z` })),
      ...(await sales(t, n, 1, { criado_em: `${DIA}T07:59:59.000Z` })),
    ];
    await sales(t, n, 1, { criado_em: `${DIA}T08:00:00.000Z` });
    await sales(t, n, 1, { criado_em: `${DIA}T02:59:00.000Z` });

    // Another city's suspicious shop never shows in A's alerts.
    const other = await shopIn(t, cityB, 'Outra cidade');
    await sales(t, other, 20, { criado_em: `${DIA}T04:00:00.000Z` });

    const res = await t.app.inject({
      url: `/v1/adm/alertas?cod_cidade=${cityA}&data=${DIA}`,
      headers: bearer(cast.tokens.adminA),
    });
    expect(res.statusCode, res.body).toBe(200);
    list = res.json<Alerta[]>();
  });

  it('pico_loja: more than 5× the 30-day daily median, or 10 sales over a median of 0', () => {
    const peaks = ofRule(list, 'pico_loja');
    expect(peaks.map((a) => a.id_estabelecimento).sort()).toEqual(
      [shops['Pico 11'], shops['Nova 10']].sort(),
    );
    const p = peaks.find((a) => a.id_estabelecimento === shops['Pico 11'])!;
    expect(p.ids_venda).toEqual(expected['Pico 11']);
    expect(p.evidencia).toBe(
      'Pico 11: 11 vendas em 10/03/2026, mais de 5× a mediana diária de 2 nos 30 dias anteriores.',
    );
    const z = peaks.find((a) => a.id_estabelecimento === shops['Nova 10'])!;
    expect(z.ids_venda).toEqual(expected['Nova 10']);
    expect(z.evidencia).toContain('mediana diária 0');
    expect(p).not.toHaveProperty('id_usuario');
  });

  it('vendas_repetidas_pessoa: more than 3 sales from one shop to one person in the day', () => {
    expect(ofRule(list, 'vendas_repetidas_pessoa')).toEqual([
      {
        regra: 'vendas_repetidas_pessoa',
        id_estabelecimento: shops['Repete'],
        id_usuario: people['Quatro'],
        evidencia: 'Repete: 4 vendas para a mesma pessoa em 10/03/2026 (mais de 3).',
        ids_venda: expected['Quatro'],
      },
    ]);
  });

  it('valor_abaixo_limite: 3 values within 5 % under a coupon step, the sale maximum or the day’s value limit', () => {
    const under = ofRule(list, 'valor_abaixo_limite');
    expect(under).toHaveLength(3);
    const step = under.find((a) => a.id_estabelecimento === shops['Degrau'])!;
    // R$ 196,00 sits under R$ 200,00, another limit: only the three under R$ 100,00.
    expect(step.ids_venda).toEqual([expected['Degrau'][0], expected['Degrau'][1], expected['Degrau'][3]]);
    expect(step.evidencia).toBe(
      'Degrau: 3 vendas entre R$ 95,00 e R$ 99,99 em 10/03/2026, logo abaixo de R$ 100,00, o valor que daria mais um cupom na campanha Campanha Degrau.',
    );
    const max = under.find((a) => a.id_estabelecimento === shops['Máximo'])!;
    expect(max.ids_venda).toEqual(expected['Máximo']);
    expect(max.evidencia).toBe(
      'Máximo: 3 vendas de R$ 47.500,00 em 10/03/2026, logo abaixo do valor máximo de uma venda (R$ 50.000,00).',
    );
    const day = under.find((a) => a.id_estabelecimento === shops['Teto diário'])!;
    expect(day.ids_venda).toEqual(expected['Teto diário']);
    expect(day.evidencia).toBe(
      'Teto diário: 3 vendas entre R$ 480,00 e R$ 499,99 em 10/03/2026, logo abaixo do limite de valor por pessoa por dia da campanha Campanha Teto diário (R$ 500,00).',
    );
  });

  it('madrugada: registered from 00:00 until 05:00 in São Paulo, whatever the sale date', () => {
    expect(ofRule(list, 'madrugada')).toEqual([
      {
        regra: 'madrugada',
        id_estabelecimento: shops['Coruja'],
        evidencia: 'Coruja: 2 vendas registradas de madrugada (00:00, 04:59, horário de Brasília).',
        ids_venda: expected['Coruja'],
      },
    ]);
  });

  it('answers the admins of the city and the super-admin; 403 for another city, partners and consumers', async () => {
    const send = sender(t, cast);
    const url = `/v1/adm/alertas?cod_cidade=${cityA}&data=${DIA}`;
    const sup = await send('superB', 'GET', url);
    expect(sup.statusCode).toBe(200);
    expect(sup.json()).toEqual(list);
    const other = await send('adminB', 'GET', url);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    expect((await send('partner', 'GET', url)).statusCode).toBe(403);
    expect((await send('consumer', 'GET', url)).statusCode).toBe(403);
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    // Without cod_cidade: the admin's own city.
    expect((await send('adminA', 'GET', `/v1/adm/alertas?data=${DIA}`)).json()).toEqual(list);
    // A day without sales: nothing.
    expect((await send('adminA', 'GET', `/v1/adm/alertas?data=${addDays(DIA, 1)}`)).json()).toEqual([]);
  });

  it('refuses a day that is not one with 400', async () => {
    const send = sender(t, cast);
    for (const data of ['2026-02-30', '10/03/2026', '2026-3-10', '']) {
      const res = await send('adminA', 'GET', `/v1/adm/alertas?cod_cidade=${cityA}&data=${data}`);
      expect(res.statusCode, data).toBe(400);
      expect(res.json<{ erro: string }>().erro).toMatch(/Data inválida/);
    }
    expect((await send('adminA', 'GET', `/v1/adm/alertas?cod_cidade=${cityA}`)).statusCode).toBe(400);
  });
});

describe('the thresholds come from the configuration', () => {
  it('ALERTA_VENDAS_PESSOA, ALERTA_PICO_MINIMO and ALERTA_MADRUGADA_FIM move the edges', async () => {
    const app = await createTestApp({
      ALERTA_VENDAS_PESSOA: '2',
      ALERTA_PICO_MINIMO: '4',
      ALERTA_MADRUGADA_FIM: '6',
    });
    try {
      const city = (await createCity(app.db)).cod_cidade;
      const admin = await createUser(app.db, { cod_cidade: city, admin: true });
      const s = await shopIn(app, city, 'Config');
      const person = (await createUser(app.db, { cod_cidade: city })).id_usuario;
      await sales(app, s, 2, { id_usuario: person });
      const extra = await sales(app, s, 1, { id_usuario: person, criado_em: `${DIA}T08:30:00.000Z` });
      await sales(app, s, 1); // 4 sales over a median of 0
      const res = await app.app.inject({
        url: `/v1/adm/alertas?data=${DIA}`,
        headers: bearer(await sessionFor(app.db, admin.id_usuario)),
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json<Alerta[]>();
      expect(got.map((a) => a.regra).sort()).toEqual(['madrugada', 'pico_loja', 'vendas_repetidas_pessoa']);
      // 05:30 in São Paulo is night when the night ends at 06:00.
      expect(ofRule(got, 'madrugada')[0]!.ids_venda).toEqual(extra);
      expect(ofRule(got, 'madrugada')[0]!.evidencia).toContain('05:30');
    } finally {
      await app.close();
    }
  });
});
