import { MSG_ADMIN, MSG_VENDA } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../src/lib/clock.js';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  insertConsumers,
  sessionFor,
} from './factories.js';

/**
 * Issue 37, "sales that cannot be gamed": the campaign limits at their edges and under parallel
 * sales, the date window, ended and frozen campaigns, and self-dealing. Dates come from the
 * API's own clock (America/Sao_Paulo), since these rules sit on a day's edge.
 */
// Many sales to a person by one partner: the look-up limits (issue 52) have their own tests.
const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '100000', BUSCA_CLIENTE_DIA_MAX: '100000' });

type Who = 'partnerA' | 'partnerA2' | 'partnerB' | 'admin';
const w = {} as {
  cod_cidade: number;
  shopA: number;
  shopB: number;
  consumers: number[];
  partnerA: number;
  partnerA2: number;
  admin: number;
  tokens: Record<Who, string>;
};

const D = (offset: number) => addDays(today(), offset);
let numero = 0;
const post = (who: Who, o: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(w.tokens[who]),
    payload: {
      id_estabelecimento: w.shopA,
      id_usuario: w.consumers[0],
      dat_venda: D(0),
      numero_venda: `F-${++numero}`,
      valor_venda: 10,
      id_vendedor: 99,
      ...o,
    },
  });
const patch = (who: Who, id: number, o: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/parceiro/vendas/${id}`,
    headers: bearer(w.tokens[who]),
    payload: { id_estabelecimento: w.shopA, numero_venda: `F-${++numero}`, id_vendedor: 99, ...o },
  });
const del = (who: Who, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/v1/parceiro/vendas/${id}`, headers: bearer(w.tokens[who]) });

/** A campaign of shops A and B (R$ 100 = one coupon) with the given limits. */
async function campaign(
  limits: { dia_loja?: number; cupons_mes?: number; valor_dia_centavos?: number } = {},
  dates: { validade_ini?: string; validade_fim?: string } = {},
): Promise<number> {
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: w.cod_cidade,
    ...dates,
    lojas: [{ id_estabelecimento: w.shopA }, { id_estabelecimento: w.shopB }],
  });
  await t.db
    .updateTable('campanhas')
    .set({
      limite_vendas_dia_loja: limits.dia_loja ?? null,
      limite_cupons_mes: limits.cupons_mes ?? null,
      limite_valor_dia_centavos: limits.valor_dia_centavos ?? null,
    })
    .where('id_campanha', '=', id_campanha)
    .execute();
  return id_campanha;
}

const liveSales = async (idCampanha: number) =>
  Number(
    (
      await t.db
        .selectFrom('vendas')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id_campanha', '=', idCampanha)
        .where('excluida_em', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const liveCoupons = async (idCampanha: number) =>
  Number(
    (
      await t.db
        .selectFrom('cupons')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id_campanha', '=', idCampanha)
        .where('anulado_em', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An apuração of the campaign frozen at `congelado_em`, its file up to `maior_numero`. */
async function freeze(idCampanha: number, congelado_em: string, maior_numero: number, fora: number[] = []) {
  const { id_apuracao } = await t.db
    .insertInto('apuracoes')
    .values({
      id_campanha: idCampanha,
      concurso: 6000 + numero,
      data_concurso: D(3),
      qtd_premios: 1,
      mloja: 'S',
      musuario: 'S',
      hash_bilhetes: 'x'.repeat(64),
      qtd_bilhetes: maior_numero - fora.length,
      maior_numero,
      arquivo: 'bilhetes.txt',
      congelado_em,
      instante_concurso: `${D(3)}T22:00:00.000Z`,
    })
    .returning('id_apuracao')
    .executeTakeFirstOrThrow();
  for (const n of fora) await t.db.insertInto('apuracao_fora').values({ id_apuracao, numero: n }).execute();
  return id_apuracao;
}

const erro = (text: string, n: number | string) => ({ erro: text.replace('{n}', String(n)) });

beforeAll(async () => {
  const city = await createCity(t.db);
  w.cod_cidade = city.cod_cidade;
  w.shopA = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.shopB = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.consumers = await insertConsumers(t.db, {
    cod_cidade: city.cod_cidade,
    nomes: ['Ana', 'Bruno', 'Carla', 'Davi', 'Elisa', 'Fábio'],
  });
  const user = async (o: Parameters<typeof createUser>[1]) =>
    (await createUser(t.db, { cod_cidade: city.cod_cidade, ...o })).id_usuario;
  w.partnerA = await user({ parceiro: true, estabelecimentos: [w.shopA] });
  w.partnerA2 = await user({ parceiro: true, estabelecimentos: [w.shopA] });
  const partnerB = await user({ parceiro: true, estabelecimentos: [w.shopB] });
  w.admin = await user({ admin: true });
  w.tokens = {
    partnerA: await sessionFor(t.db, w.partnerA),
    partnerA2: await sessionFor(t.db, w.partnerA2),
    partnerB: await sessionFor(t.db, partnerB),
    admin: await sessionFor(t.db, w.admin),
  };
});

describe('campaign limits in the admin’s campaign', () => {
  it('stores, answers, keeps on a PATCH that omits them, clears with null or "", and checks them', async () => {
    const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(w.tokens.admin), ...(payload ? { payload } : {}) });
    const res = await send('POST', '/v1/adm/campanhas', {
      den_campanha: 'Com limites',
      validade_ini: D(-5),
      validade_fim: D(30),
      cod_cidade: w.cod_cidade,
      limite_vendas_dia_loja: 3,
      limite_cupons_mes: 20,
      limite_valor_dia: 1500.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id_campanha;
    const limits = { limite_vendas_dia_loja: 3, limite_cupons_mes: 20, limite_valor_dia: 1500.5 };
    expect(res.json()).toMatchObject(limits);
    expect(
      (await send('PATCH', `/v1/adm/campanhas/${id}`, { den_campanha: 'Outro nome' })).json(),
    ).toMatchObject(limits);
    const cleared = await send('PATCH', `/v1/adm/campanhas/${id}`, {
      limite_vendas_dia_loja: null,
      limite_valor_dia: '',
    });
    expect(cleared.json()).toMatchObject({
      limite_vendas_dia_loja: null,
      limite_cupons_mes: 20,
      limite_valor_dia: null,
    });
    expect((await send('GET', `/v1/adm/campanhas/${id}`)).json()).toMatchObject({ limite_cupons_mes: 20 });
    for (const [field, value, message] of [
      ['limite_vendas_dia_loja', 0, MSG_ADMIN.limiteInvalido],
      ['limite_cupons_mes', 1.5, MSG_ADMIN.limiteInvalido],
      ['limite_cupons_mes', -1, MSG_ADMIN.limiteInvalido],
      ['limite_valor_dia', 0, MSG_ADMIN.limiteValorInvalido],
      ['limite_valor_dia', 10.001, MSG_ADMIN.limiteValorInvalido],
    ] as const) {
      const bad = await send('PATCH', `/v1/adm/campanhas/${id}`, { [field]: value });
      expect(bad.statusCode, `${field} ${value}`).toBe(400);
      expect(bad.json().erro).toBe(message);
    }
  });
});

describe('campaign limits on sales', () => {
  it('sales per person per shop per day: the limit passes, one more is 409 with nothing written', async () => {
    const c = await campaign({ dia_loja: 2 });
    const [ana] = w.consumers;
    expect((await post('partnerA', { id_campanha: c })).statusCode).toBe(201);
    const second = await post('partnerA', { id_campanha: c });
    expect(second.statusCode).toBe(201);
    const third = await post('partnerA', { id_campanha: c });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(erro(MSG_VENDA.limiteVendasDiaLoja, 2));
    expect(await liveSales(c)).toBe(2);
    // Another shop, another day, another person, a pending QR sale: not counted against it.
    expect((await post('partnerB', { id_campanha: c, id_estabelecimento: w.shopB })).statusCode).toBe(201);
    const yesterday = await post('partnerA', { id_campanha: c, dat_venda: D(-1) });
    expect(yesterday.statusCode).toBe(201);
    expect((await post('partnerA', { id_campanha: c, id_usuario: w.consumers[1] })).statusCode).toBe(201);
    expect((await post('partnerA', { id_campanha: c, id_usuario: 0, qrcode: true })).statusCode).toBe(201);
    // An edit of one of the day's sales is fine; moving yesterday's onto the full day is not.
    const id2 = second.json().venda.id_venda;
    expect(
      (await patch('partnerA', id2, { id_campanha: c, id_usuario: ana, dat_venda: D(0), valor_venda: 20 }))
        .statusCode,
    ).toBe(200);
    const moved = await patch('partnerA', yesterday.json().venda.id_venda, {
      id_campanha: c,
      id_usuario: ana,
      dat_venda: D(0),
      valor_venda: 10,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual(erro(MSG_VENDA.limiteVendasDiaLoja, 2));
  });

  it('value per person per day, across shops: exactly the limit passes, one cent more is 409', async () => {
    const c = await campaign({ valor_dia_centavos: 100_00 });
    const first = await post('partnerA', { id_campanha: c, valor_venda: 60 });
    expect(first.statusCode).toBe(201);
    expect(
      (await post('partnerB', { id_campanha: c, id_estabelecimento: w.shopB, valor_venda: 40 })).statusCode,
    ).toBe(201);
    const over = await post('partnerA', { id_campanha: c, valor_venda: 0.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(erro(MSG_VENDA.limiteValorDia, '100,00'));
    const raised = await patch('partnerA', first.json().venda.id_venda, {
      id_campanha: c,
      id_usuario: w.consumers[0],
      dat_venda: D(0),
      valor_venda: 60.01,
    });
    expect(raised.statusCode).toBe(409);
    expect(await liveSales(c)).toBe(2);
  });

  it('coupons per person per month: a sale that would issue one past it is 409, one issuing none passes', async () => {
    const c = await campaign({ cupons_mes: 3 });
    expect((await post('partnerA', { id_campanha: c, valor_venda: 300 })).json().cupons).toHaveLength(3);
    const fourth = await post('partnerA', { id_campanha: c, valor_venda: 100 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual(erro(MSG_VENDA.limiteCuponsMes, 3));
    expect(await liveCoupons(c)).toBe(3);
    // Half a point issues no coupon; the next half would.
    expect((await post('partnerA', { id_campanha: c, valor_venda: 50 })).statusCode).toBe(201);
    expect((await post('partnerA', { id_campanha: c, valor_venda: 50 })).statusCode).toBe(409);
    expect(await liveCoupons(c)).toBe(3);
    expect(await liveSales(c)).toBe(2);
  });

  it('holds under 20 parallel sales for one person: exactly the limit is written', async () => {
    const c = await campaign({ dia_loja: 3 });
    const d = await campaign({ cupons_mes: 5 });
    const [perDay, perMonth] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, () => post('partnerA', { id_campanha: c, id_usuario: w.consumers[2] })),
      ),
      Promise.all(
        Array.from({ length: 20 }, () =>
          post('partnerA', { id_campanha: d, id_usuario: w.consumers[3], valor_venda: 100 }),
        ),
      ),
    ]);
    expect(perDay.map((r) => r.statusCode).sort()).toEqual([...Array(3).fill(201), ...Array(17).fill(409)]);
    expect(perMonth.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
    expect(await liveSales(c)).toBe(3);
    expect(await liveSales(d)).toBe(5);
    expect(await liveCoupons(d)).toBe(5);
  });
});

describe('sale dates', () => {
  it('takes today and 7 days back on the programme’s clock, refuses tomorrow and 8 days back', async () => {
    const c = await campaign({}, { validade_ini: D(-30) });
    expect((await post('partnerA', { id_campanha: c, dat_venda: D(0) })).statusCode).toBe(201);
    expect((await post('partnerA', { id_campanha: c, dat_venda: D(-7) })).statusCode).toBe(201);
    const future = await post('partnerA', { id_campanha: c, dat_venda: D(1) });
    expect([future.statusCode, future.json()]).toEqual([400, { erro: MSG_VENDA.dataFutura }]);
    const old = await post('partnerA', { id_campanha: c, dat_venda: D(-8) });
    expect([old.statusCode, old.json()]).toEqual([400, erro(MSG_VENDA.dataAntiga, 7)]);
  });

  it('lets an old sale be edited on its own date, but not moved to a date out of the window', async () => {
    const c = await campaign({}, { validade_ini: D(-30) });
    const id = (await post('partnerA', { id_campanha: c })).json().venda.id_venda;
    await t.db
      .updateTable('vendas')
      .set({ dat_venda: D(-20) })
      .where('id_venda', '=', id)
      .execute();
    const same = { id_campanha: c, id_usuario: w.consumers[0], valor_venda: 15 };
    expect((await patch('partnerA', id, { ...same, dat_venda: D(-20) })).statusCode).toBe(200);
    const moved = await patch('partnerA', id, { ...same, dat_venda: D(-9) });
    expect([moved.statusCode, moved.json()]).toEqual([400, erro(MSG_VENDA.dataAntiga, 7)]);
  });

  it('refuses a sale into a campaign that ended, even dated inside it, and a sale moved into one', async () => {
    const ended = await campaign({}, { validade_ini: D(-20), validade_fim: D(-1) });
    const res = await post('partnerA', { id_campanha: ended, dat_venda: D(-2) });
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_VENDA.campanhaEncerrada }]);
    const running = await campaign();
    const id = (await post('partnerA', { id_campanha: running, dat_venda: D(-2) })).json().venda.id_venda;
    const moved = await patch('partnerA', id, {
      id_campanha: ended,
      id_usuario: w.consumers[0],
      dat_venda: D(-2),
      valor_venda: 10,
    });
    expect([moved.statusCode, moved.json()]).toEqual([409, { erro: MSG_VENDA.campanhaEncerrada }]);
    expect(await liveSales(ended)).toBe(0);
  });

  it('takes sales dated on or before the day an apuração froze the campaign (issue 49), numbered above its file', async () => {
    const c = await campaign();
    const other = await campaign();
    const frozenSale = await post('partnerA', { id_campanha: c, dat_venda: D(-2), valor_venda: 100 });
    expect(frozenSale.statusCode).toBe(201);
    const id = (await post('partnerA', { id_campanha: other, dat_venda: D(-1) })).json().venda.id_venda;
    // Frozen yesterday at noon in São Paulo, its file holding coupon 1.
    await freeze(c, `${D(-1)}T15:00:00.000Z`, 1);
    for (const dat_venda of [D(-1), D(-3), D(0)]) {
      const res = await post('partnerA', { id_campanha: c, dat_venda, valor_venda: 100 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ cupons: { id_sorteio: number }[] }>().cupons.map((k) => k.id_sorteio >= 2)).toEqual([
        true,
      ]);
    }
    const moved = await patch('partnerA', id, {
      id_campanha: c,
      id_usuario: w.consumers[0],
      dat_venda: D(-1),
      valor_venda: 10,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses to edit or delete a sale whose coupons are in a frozen ticket file, not one left out of it', async () => {
    const c = await campaign();
    const sale = await post('partnerA', { id_campanha: c, valor_venda: 200 });
    const id = sale.json().venda.id_venda;
    const edit = { id_campanha: c, id_usuario: w.consumers[0], dat_venda: D(0), valor_venda: 200 };
    const apuracao = await freeze(c, `${D(-1)}T15:00:00.000Z`, 2, [1, 2]);
    expect((await patch('partnerA', id, edit)).statusCode).toBe(200);
    await t.db
      .deleteFrom('apuracao_fora')
      .where('id_apuracao', '=', apuracao)
      .where('numero', '=', 2)
      .execute();
    for (const res of [await patch('partnerA', id, edit), await del('partnerA', id)]) {
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_VENDA.bilhetesCongelados }]);
    }
    expect(await liveCoupons(c)).toBe(2);
  });
});

describe('self-dealing', () => {
  it('refuses a sale to oneself or to another person of the same shop with 403, allows it elsewhere', async () => {
    const c = await campaign();
    for (const [who, id_usuario] of [
      ['partnerA', w.partnerA],
      ['partnerA', w.partnerA2],
      ['partnerA2', w.partnerA],
      ['admin', w.admin],
    ] as const) {
      const res = await post(who, { id_campanha: c, id_usuario });
      expect([res.statusCode, res.json()], `${who} → ${id_usuario}`).toEqual([
        403,
        { erro: MSG_VENDA.autoVenda },
      ]);
    }
    expect(await liveSales(c)).toBe(0);
    // Shop B's partner may sell to shop A's partner, a customer there like anyone else.
    expect(
      (await post('partnerB', { id_campanha: c, id_estabelecimento: w.shopB, id_usuario: w.partnerA }))
        .statusCode,
    ).toBe(201);
    // An edit cannot give a sale to the shop's own people either.
    const id = (await post('partnerA', { id_campanha: c })).json().venda.id_venda;
    const res = await patch('partnerA', id, {
      id_campanha: c,
      id_usuario: w.partnerA2,
      dat_venda: D(0),
      valor_venda: 10,
    });
    expect(res.statusCode).toBe(403);
  });
});
