import { beforeAll, describe, expect, it } from 'vitest';
import type { Alerta, StatusRecibo } from '@praca/contract';
import { mascararChave, MSG_ADMIN } from '@praca/contract';
import { addDays, instantOnClock } from '../src/lib/clock.js';
import { createCast, sender, type Cast } from './admin-fixtures.js';
import {
  bearer,
  createCampaign,
  createCity,
  createEntity,
  createShop,
  createUser,
  sessionFor,
} from './factories.js';
import { createTestApp, useTestApp, type TestApp } from './helper.js';

/**
 * `GET /v1/adm/alertas` (issue 37): each rule on built data, at its threshold's edge (the
 * defaults: k = 5 with a minimum of 10 sales for a median of 0, n = 3, 5 % under a limit
 * 3 times, 00:00–05:00 in São Paulo), the city scope and the bad day. Issue 53: the receipts'
 * rules on rows written straight into `recibos` and `recibo_tentativas`.
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

describe('the receipts’ alerts (issue 53): the 30 days up to the day asked', () => {
  // Defaults: more than 10 unreported receipts of a shop; a key tried by 3 people; an entity
  // with at least 10 donated receipts and more than 50 % of the city's.
  let city: number;
  let other: number;
  let admin: string;
  let list: Alerta[];
  const ids: Record<string, number[]> = {};
  const shops: Record<string, number> = {};
  let sender: number;
  let people: number[];
  let serial = 0;

  /** A key of `cnpj` (its check digit is not the alerts' business), distinct on each call. */
  const key = (cnpj: string) => `352603${cnpj}65001${String(++serial).padStart(9, '0')}1${'0'.repeat(8)}0`;

  async function receipts(
    shop: number,
    n: number,
    o: {
      status?: StatusRecibo;
      dia?: string;
      cod_cidade?: number;
      id_entidade?: number;
      id_venda?: number;
      chave?: string;
      sefaz_situacao?: 'autorizada' | 'indisponivel';
      valor_centavos?: number;
    } = {},
  ): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const chave = o.chave ?? key('11222333000181');
      const { id_recibo } = await t.db
        .insertInto('recibos')
        .values({
          chave,
          cnpj: chave.slice(6, 20),
          id_estabelecimento: shop,
          cod_cidade: o.cod_cidade ?? city,
          id_usuario: sender,
          valor_centavos: o.valor_centavos ?? 1000,
          sefaz_situacao: o.sefaz_situacao ?? null,
          dat_emissao: '2026-03',
          dia_envio: o.dia ?? DIA,
          status: o.status ?? 'pendente',
          id_venda: o.id_venda ?? null,
          id_entidade: o.id_entidade ?? null,
          criado_em: NOON,
          atualizado_em: NOON,
        })
        .returning('id_recibo')
        .executeTakeFirstOrThrow();
      out.push(Number(id_recibo));
    }
    return out;
  }

  async function tried(chave: string, who: number[], em = NOON, cod_cidade = city) {
    for (const id_usuario of who) {
      await t.db.insertInto('recibo_tentativas').values({ chave, id_usuario, cod_cidade, em }).execute();
    }
  }

  beforeAll(async () => {
    city = (await createCity(t.db)).cod_cidade;
    other = (await createCity(t.db)).cod_cidade;
    const a = await createUser(t.db, { cod_cidade: city, admin: true });
    admin = await sessionFor(t.db, a.id_usuario);
    sender = (await createUser(t.db, { cod_cidade: city })).id_usuario;
    people = [];
    for (let i = 0; i < 4; i++) people.push((await createUser(t.db, { cod_cidade: city })).id_usuario);
    const shop = async (nome: string) => (shops[nome] = (await shopIn(t, city, nome)).id_estabelecimento);

    // recibos_nao_informados: 11 unreported (pending and expired) is more than 10; 10 is not.
    ids['Nunca informa'] = [
      ...(await receipts(await shop('Nunca informa'), 6)),
      ...(await receipts(shops['Nunca informa']!, 5, { status: 'expirado', dia: addDays(DIA, -10) })),
    ];
    await receipts(await shop('Dez'), 10);
    // A credited, contested or donated receipt was reported: 10 unreported and 3 others, no alert.
    await receipts(await shop('Informa'), 10);
    for (const status of ['creditado', 'contestado', 'sem_comprador'] as const) {
      await receipts(shops['Informa']!, 1, { status });
    }
    // The window's edges: 29 days before is in, 30 days before and the day after are out.
    ids['Borda'] = [
      ...(await receipts(await shop('Borda'), 10)),
      ...(await receipts(shops['Borda']!, 1, { dia: addDays(DIA, -29) })),
    ];
    await receipts(await shop('Fora'), 10);
    await receipts(shops['Fora']!, 1, { dia: addDays(DIA, -30) });
    await receipts(shops['Fora']!, 1, { dia: addDays(DIA, 1) });
    // Another city's receipts never show (stored with that city).
    const far = await shopIn(t, other, 'Longe');
    await receipts(far.id_estabelecimento, 20, { cod_cidade: other });

    // chave_varias_pessoas: the key of a shop's CNPJ, stored once, reported with a sale.
    const cnpjShop = await shop('Chave');
    await t.db
      .insertInto('estabelecimento_cnpjs')
      .values({ cnpj: '44555666000177', id_estabelecimento: cnpjShop, criado_em: NOON })
      .execute();
    const shared = key('44555666000177');
    const s = await shopIn(t, city, 'Chave venda');
    const [idVenda] = await sales(t, { ...s, id_estabelecimento: cnpjShop }, 1, { id_usuario: people[0] });
    await t.db.updateTable('vendas').set({ chave_nfce: shared }).where('id_venda', '=', idVenda!).execute();
    ids['shared-recibo'] = await receipts(cnpjShop, 1, {
      chave: shared,
      status: 'creditado',
      id_venda: idVenda,
    });
    ids['shared-venda'] = [idVenda!];
    ids['shared'] = [people[2]!, people[0]!, people[1]!];
    await tried(shared, [people[2]!, people[0]!, people[1]!, people[0]!]);
    // The same person three times and another: 2 people, no alert.
    await tried(key('44555666000177'), [people[0]!, people[0]!, people[0]!, people[1]!]);
    // Three people, but one tried before the window (a millisecond before 29 days back, São
    // Paulo midnight) and one in the next day: no alert; at the window's first instant: in.
    const start = instantOnClock(addDays(DIA, -29)).getTime();
    const edge = key('44555666000177');
    await tried(edge, [people[0]!, people[1]!]);
    await tried(edge, [people[2]!], new Date(start - 1).toISOString());
    await tried(edge, [people[3]!], instantOnClock(addDays(DIA, 1)).toISOString());
    const inEdge = key('44555666000177');
    await tried(inEdge, [people[0]!, people[1]!]);
    await tried(inEdge, [people[2]!], new Date(start).toISOString());
    ids['inEdge'] = [people[0]!, people[1]!, people[2]!];
    // A key whose CNPJ is no shop's: the alert names no shop.
    const orphan = key('99888777000166');
    await tried(orphan, people.slice(0, 3));
    // Tried by three people of another city: not this city's.
    await tried(key('44555666000177'), people.slice(0, 3), NOON, other);

    // doacoes_concentradas: 10 of 19 donated receipts (52.6 %) to one entity; 5 and 4 to others.
    const ents = [];
    for (const nome of ['Entidade Muita', 'Entidade Média', 'Entidade Pouca']) {
      ents.push(await createEntity(t.db, city, nome));
    }
    const donor = await shop('Doações');
    const [dv] = await sales(t, { ...s, id_estabelecimento: donor }, 1, {
      id_usuario: ents[0]!.account.id_usuario,
    });
    ids['Entidade Muita'] = [
      ...(await receipts(donor, 1, { status: 'doado', id_entidade: ents[0]!.id_entidade, id_venda: dv })),
      ...(await receipts(donor, 9, { status: 'doado', id_entidade: ents[0]!.id_entidade })),
    ];
    ids['Entidade Muita venda'] = [dv!];
    await receipts(donor, 5, { status: 'doado', id_entidade: ents[1]!.id_entidade });
    await receipts(donor, 4, { status: 'doado', id_entidade: ents[2]!.id_entidade });
    // Not donations (or not in the window): never counted.
    await receipts(donor, 3, { status: 'sem_comprador' });
    await receipts(donor, 5, { status: 'cancelado', id_entidade: ents[1]!.id_entidade });
    await receipts(donor, 5, { status: 'doado', id_entidade: ents[1]!.id_entidade, dia: addDays(DIA, -30) });

    // venda_acima_da_nota: SEFAZ authorised R$ 10,00 on the receipts of sales of R$ 500,00 and
    // R$ 10,01 (one credited, one donated): both. Not: the same value, a receipt SEFAZ did not
    // answer for or was never asked about, a deleted sale, a receipt sent before the window.
    const acima = { ...s, id_estabelecimento: await shop('Acima da nota') };
    const sale = async (valor_centavos: number, o: SaleOptions = {}) =>
      (await sales(t, acima, 1, { valor_centavos, ...o }))[0]!;
    const confirmed = async (
      id_venda: number,
      o: { sefaz_situacao?: 'autorizada' | 'indisponivel'; status?: StatusRecibo; dia?: string } = {},
    ) =>
      (
        await receipts(acima.id_estabelecimento, 1, {
          status: 'creditado',
          valor_centavos: 1000,
          id_venda,
          ...o,
        })
      )[0]!;
    ids['acima-venda'] = [await sale(50_000), await sale(1001)];
    ids['acima-recibo'] = [
      await confirmed(ids['acima-venda'][0]!, { sefaz_situacao: 'autorizada' }),
      await confirmed(ids['acima-venda'][1]!, { sefaz_situacao: 'autorizada', status: 'doado' }),
    ];
    await confirmed(await sale(1000), { sefaz_situacao: 'autorizada' });
    await confirmed(await sale(50_000), { sefaz_situacao: 'indisponivel' });
    await confirmed(await sale(50_000));
    await confirmed(await sale(50_000, { excluida: true }), { sefaz_situacao: 'autorizada' });
    await confirmed(await sale(50_000), { sefaz_situacao: 'autorizada', dia: addDays(DIA, -30) });

    const res = await t.app.inject({
      url: `/v1/adm/alertas?cod_cidade=${city}&data=${DIA}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    list = res.json<Alerta[]>();
  });

  it('venda_acima_da_nota: a sale worth more than the total SEFAZ authorised on its receipt', () => {
    expect(ofRule(list, 'venda_acima_da_nota')).toEqual([
      {
        regra: 'venda_acima_da_nota',
        id_estabelecimento: shops['Acima da nota'],
        evidencia:
          'Acima da nota: 2 vendas com valor acima do total da nota fiscal autorizada pela SEFAZ nos 30 dias até 10/03/2026 (venda de R$ 500,00, nota de R$ 10,00; venda de R$ 10,01, nota de R$ 10,00).',
        ids_venda: ids['acima-venda'],
        ids_recibo: ids['acima-recibo'],
      },
    ]);
  });

  it('recibos_nao_informados: more than 10 receipts of a shop never reported, in the window', () => {
    const got = ofRule(list, 'recibos_nao_informados');
    expect(got.map((a) => a.id_estabelecimento).sort()).toEqual(
      [shops['Nunca informa'], shops['Borda']].sort(),
    );
    expect(got.find((a) => a.id_estabelecimento === shops['Nunca informa'])).toEqual({
      regra: 'recibos_nao_informados',
      id_estabelecimento: shops['Nunca informa'],
      evidencia:
        'Nunca informa: 11 notas fiscais enviadas por moradores nos 30 dias até 10/03/2026 que a loja não informou (6 aguardando, 5 expiradas; mais de 10).',
      ids_venda: [],
      ids_recibo: ids['Nunca informa'],
    });
    expect(got.find((a) => a.id_estabelecimento === shops['Borda'])!.ids_recibo).toEqual(ids['Borda']);
  });

  it('chave_varias_pessoas: one key tried by 3 different people in the window', () => {
    const got = ofRule(list, 'chave_varias_pessoas');
    expect(got).toHaveLength(3);
    const shared = got.find((a) => a.id_estabelecimento === shops['Chave'] && a.ids_recibo!.length === 1)!;
    expect(shared).toEqual({
      regra: 'chave_varias_pessoas',
      id_estabelecimento: shops['Chave'],
      evidencia: `A nota ${mascararChave(shared.chave!)} da loja Chave foi enviada por 3 pessoas diferentes nos 30 dias até 10/03/2026.`,
      ids_venda: ids['shared-venda'],
      ids_recibo: ids['shared-recibo'],
      chave: shared.chave,
      ids_usuario: [...ids['shared']!].sort((a, b) => a - b),
    });
    const edge = got.find((a) => a.id_estabelecimento === shops['Chave'] && a.ids_recibo!.length === 0)!;
    expect(edge.ids_usuario).toEqual([...ids['inEdge']!].sort((a, b) => a - b));
    expect(edge.ids_venda).toEqual([]);
    const orphan = got.find((a) => a.id_estabelecimento === undefined)!;
    expect(orphan.chave!.slice(6, 20)).toBe('99888777000166');
    expect(orphan.evidencia).toContain('de um CNPJ que não é de nenhuma loja');
  });

  it('doacoes_concentradas: at least 10 donated receipts and more than 50 % of the city’s', () => {
    const got = ofRule(list, 'doacoes_concentradas');
    expect(got).toEqual([
      {
        regra: 'doacoes_concentradas',
        evidencia:
          'Entidade Muita: 10 notas sem comprador doadas nos 30 dias até 10/03/2026, 53% das 19 doações de notas da cidade no período.',
        ids_venda: ids['Entidade Muita venda'],
        ids_recibo: ids['Entidade Muita'],
        id_entidade: got[0]!.id_entidade,
      },
    ]);
  });

  it('no other rule fires on receipts alone, and another city sees none of them', async () => {
    expect(list.every((a) => /recibo|chave|doac|nota/.test(a.regra))).toBe(true);
    const superB = await createUser(t.db, { cod_cidade: other, superadmin: true });
    const res = await t.app.inject({
      url: `/v1/adm/alertas?cod_cidade=${other}&data=${DIA}`,
      headers: bearer(await sessionFor(t.db, superB.id_usuario)),
    });
    expect(res.statusCode).toBe(200);
    // The other city has its own 20 unreported receipts and its key tried by three, and nothing
    // of this city's (whose list has neither).
    const theirs = res.json<Alerta[]>();
    expect(theirs.map((a) => a.regra)).toEqual(['recibos_nao_informados', 'chave_varias_pessoas']);
    expect(theirs[0]!.ids_recibo).toHaveLength(20);
    expect(theirs[1]!.ids_usuario).toEqual(people.slice(0, 3).sort((a, b) => a - b));
    expect(list.map((a) => a.chave)).not.toContain(theirs[1]!.chave);
  });
});

describe('the receipts’ thresholds come from the configuration', () => {
  it('ALERTA_RECIBOS_DIAS, ALERTA_RECIBOS_NAO_INFORMADOS, ALERTA_CHAVE_PESSOAS and ALERTA_DOACOES_* move the edges', async () => {
    const app = await createTestApp({
      ALERTA_RECIBOS_DIAS: '2',
      ALERTA_RECIBOS_NAO_INFORMADOS: '1',
      ALERTA_CHAVE_PESSOAS: '2',
      ALERTA_DOACOES_MINIMO: '2',
      ALERTA_DOACOES_PCT: '40',
    });
    try {
      const city = (await createCity(app.db)).cod_cidade;
      const admin = await createUser(app.db, { cod_cidade: city, admin: true });
      const who = [
        (await createUser(app.db, { cod_cidade: city })).id_usuario,
        (await createUser(app.db, { cod_cidade: city })).id_usuario,
      ];
      const s = await shopIn(app, city, 'Config recibos');
      const ent = [await createEntity(app.db, city, 'Ent A'), await createEntity(app.db, city, 'Ent B')];
      let n = 0;
      const put = (status: StatusRecibo, dia: string, id_entidade: number | null = null) =>
        app.db
          .insertInto('recibos')
          .values({
            chave: `cfg-${++n}`,
            cnpj: '11222333000181',
            id_estabelecimento: s.id_estabelecimento,
            cod_cidade: city,
            id_usuario: who[0]!,
            dat_emissao: '2026-03',
            dia_envio: dia,
            status,
            id_entidade,
            criado_em: NOON,
            atualizado_em: NOON,
          })
          .execute();
      // 2 unreported in 2 days (one yesterday), a third 2 days back: out.
      await put('pendente', DIA);
      await put('expirado', addDays(DIA, -1));
      await put('pendente', addDays(DIA, -2));
      // 2 of 4 donations (50 % > 40 %) to A, 2 to B: both.
      await put('doado', DIA, ent[0]!.id_entidade);
      await put('doado', DIA, ent[0]!.id_entidade);
      await put('doado', DIA, ent[1]!.id_entidade);
      await put('doado', DIA, ent[1]!.id_entidade);
      for (const id_usuario of who) {
        await app.db
          .insertInto('recibo_tentativas')
          .values({ chave: 'cfg-chave', id_usuario, cod_cidade: city, em: NOON })
          .execute();
      }
      const res = await app.app.inject({
        url: `/v1/adm/alertas?data=${DIA}`,
        headers: bearer(await sessionFor(app.db, admin.id_usuario)),
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json<Alerta[]>();
      expect(got.map((a) => a.regra).sort()).toEqual([
        'chave_varias_pessoas',
        'doacoes_concentradas',
        'doacoes_concentradas',
        'recibos_nao_informados',
      ]);
      expect(ofRule(got, 'recibos_nao_informados')[0]!.ids_recibo).toHaveLength(2);
      expect(ofRule(got, 'recibos_nao_informados')[0]!.evidencia).toContain('nos 2 dias até 10/03/2026');
    } finally {
      await app.close();
    }
  });
});
