import { MSG_VENDA } from '@praca/contract';
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
 * Issue 37's sale rules on the claim of a hand-over code: whoever claims a pending sale becomes
 * its recipient, so the claim is held to the rules of a sale to them — self-dealing (403), ended
 * campaign (409), the campaign limits (409), counted with the person's sales under parallel
 * claims — and a refused claim leaves the sale pending for someone else. A freeze refuses no
 * claim (issue 49): its coupons are numbered above the frozen file's.
 */
const t = useTestApp();

type Who = 'partnerA' | 'partnerA2' | 'partnerB' | 'admin' | 'ana' | 'bruno';
const w = {} as {
  cod_cidade: number;
  shopA: number;
  shopB: number;
  ana: number;
  bruno: number;
  partnerA: number;
  partnerA2: number;
  partnerB: number;
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
      id_usuario: w.ana,
      dat_venda: D(0),
      numero_venda: `QF-${++numero}`,
      valor_venda: 10,
      id_vendedor: 99,
      ...o,
    },
  });
/** A pending sale of shop A (or `o`'s shop) by `who`: its id and hand-over code. */
async function qr(o: Record<string, unknown>, who: Who = 'partnerA') {
  const res = await post(who, { id_usuario: 0, qrcode: true, ...o });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id_venda: number; codigo: string }>();
}
const claim = (who: Who, codigo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/usuarios/vendas/resgatar',
    headers: bearer(w.tokens[who]),
    payload: { codigo },
  });

/** A campaign of shops A and B (R$ 100 = one coupon) with the given limits. */
async function campaign(
  limits: { dia_loja?: number; cupons_mes?: number; valor_dia_centavos?: number } = {},
): Promise<number> {
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: w.cod_cidade,
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

/** The sale still waits for its claim, and no coupon of it was kept. */
async function expectPending(idVenda: number) {
  const sale = await t.db
    .selectFrom('vendas')
    .select(['id_usuario', 'reivindicada_em'])
    .where('id_venda', '=', idVenda)
    .executeTakeFirstOrThrow();
  expect(sale).toEqual({ id_usuario: null, reivindicada_em: null });
  const coupons = await t.db
    .selectFrom('cupons')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('id_venda', '=', idVenda)
    .executeTakeFirstOrThrow();
  expect(Number(coupons.n)).toBe(0);
}

const liveCoupons = async (idCampanha: number, idUsuario: number) =>
  Number(
    (
      await t.db
        .selectFrom('cupons')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id_campanha', '=', idCampanha)
        .where('id_usuario', '=', idUsuario)
        .where('anulado_em', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const salesOf = async (idCampanha: number, idUsuario: number) =>
  Number(
    (
      await t.db
        .selectFrom('vendas')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id_campanha', '=', idCampanha)
        .where('id_usuario', '=', idUsuario)
        .where('excluida_em', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const erro = (text: string, n: number | string) => ({ erro: text.replace('{n}', String(n)) });

beforeAll(async () => {
  const city = await createCity(t.db);
  w.cod_cidade = city.cod_cidade;
  w.shopA = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.shopB = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  [w.ana, w.bruno] = (await insertConsumers(t.db, {
    cod_cidade: city.cod_cidade,
    nomes: ['Ana', 'Bruno'],
  })) as [number, number];
  const user = async (o: Parameters<typeof createUser>[1]) =>
    (await createUser(t.db, { cod_cidade: city.cod_cidade, ...o })).id_usuario;
  w.partnerA = await user({ parceiro: true, estabelecimentos: [w.shopA] });
  w.partnerA2 = await user({ parceiro: true, estabelecimentos: [w.shopA] });
  w.partnerB = await user({ parceiro: true, estabelecimentos: [w.shopB] });
  w.admin = await user({ admin: true });
  w.tokens = {
    partnerA: await sessionFor(t.db, w.partnerA),
    partnerA2: await sessionFor(t.db, w.partnerA2),
    partnerB: await sessionFor(t.db, w.partnerB),
    admin: await sessionFor(t.db, w.admin),
    ana: await sessionFor(t.db, w.ana),
    bruno: await sessionFor(t.db, w.bruno),
  };
});

describe('self-dealing on a claim', () => {
  it('refuses the sale’s author and the people of its shop with 403; the sale stays pending for others', async () => {
    const c = await campaign();
    const { id_venda, codigo } = await qr({ id_campanha: c, valor_venda: 100 });
    for (const who of ['partnerA', 'partnerA2'] as const) {
      const res = await claim(who, codigo);
      expect([res.statusCode, res.json()], who).toEqual([403, { erro: MSG_VENDA.autoVenda }]);
    }
    await expectPending(id_venda);
    // Shop B's partner is a customer of shop A like anyone else.
    expect((await claim('partnerB', codigo)).statusCode).toBe(201);
    // An admin registering a QR sale cannot claim it either.
    const byAdmin = await qr({ id_campanha: c }, 'admin');
    const res = await claim('admin', byAdmin.codigo);
    expect([res.statusCode, res.json()]).toEqual([403, { erro: MSG_VENDA.autoVenda }]);
    await expectPending(byAdmin.id_venda);
    expect((await claim('ana', byAdmin.codigo)).statusCode).toBe(201);
  });
});

describe('ended campaign and frozen day on a claim', () => {
  it('refuses a claim into a campaign that ended after the sale was registered', async () => {
    const c = await campaign();
    const { id_venda, codigo } = await qr({ id_campanha: c, dat_venda: D(-2), valor_venda: 100 });
    await t.db
      .updateTable('campanhas')
      .set({ validade_fim: D(-1) })
      .where('id_campanha', '=', c)
      .execute();
    const res = await claim('ana', codigo);
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_VENDA.campanhaEncerrada }]);
    await expectPending(id_venda);
  });

  it('takes a claim of a sale dated on or before the day an apuração froze, numbered above its file', async () => {
    const c = await campaign();
    // Coupon 1, in the file.
    expect(
      (await post('partnerA', { id_campanha: c, id_usuario: w.bruno, valor_venda: 100 })).statusCode,
    ).toBe(201);
    const yesterday = await qr({ id_campanha: c, dat_venda: D(-1), valor_venda: 100 });
    const todays = await qr({ id_campanha: c, dat_venda: D(0), valor_venda: 100 });
    // Frozen yesterday at noon in São Paulo.
    await t.db
      .insertInto('apuracoes')
      .values({
        id_campanha: c,
        concurso: 7000 + numero,
        data_concurso: D(3),
        qtd_premios: 1,
        mloja: 'S',
        musuario: 'S',
        hash_bilhetes: 'x'.repeat(64),
        qtd_bilhetes: 1,
        maior_numero: 1,
        arquivo: 'bilhetes.txt',
        congelado_em: `${D(-1)}T15:00:00.000Z`,
        instante_concurso: `${D(3)}T22:00:00.000Z`,
      })
      .execute();
    for (const { codigo } of [yesterday, todays]) {
      const res = await claim('ana', codigo);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ cupons: { id_sorteio: number }[] }>().cupons.map((k) => k.id_sorteio > 1)).toEqual([
        true,
      ]);
    }
  });
});

describe('campaign limits on a claim', () => {
  it('sales per shop per day: a claim past it is 409 and another person may claim the sale', async () => {
    const c = await campaign({ dia_loja: 1 });
    expect((await post('partnerA', { id_campanha: c })).statusCode).toBe(201);
    const { id_venda, codigo } = await qr({ id_campanha: c });
    const res = await claim('ana', codigo);
    expect([res.statusCode, res.json()]).toEqual([409, erro(MSG_VENDA.limiteVendasDiaLoja, 1)]);
    await expectPending(id_venda);
    expect((await claim('bruno', codigo)).statusCode).toBe(201);
    // And the claimed sale counts against Bruno's next sale at the shop.
    const next = await post('partnerA', { id_campanha: c, id_usuario: w.bruno });
    expect([next.statusCode, next.json()]).toEqual([409, erro(MSG_VENDA.limiteVendasDiaLoja, 1)]);
  });

  it('value per day across shops: exactly the limit passes, one cent more is 409', async () => {
    const c = await campaign({ valor_dia_centavos: 100_00 });
    expect(
      (await post('partnerB', { id_campanha: c, id_estabelecimento: w.shopB, valor_venda: 60 })).statusCode,
    ).toBe(201);
    const over = await qr({ id_campanha: c, valor_venda: 40.01 });
    const res = await claim('ana', over.codigo);
    expect([res.statusCode, res.json()]).toEqual([409, erro(MSG_VENDA.limiteValorDia, '100,00')]);
    await expectPending(over.id_venda);
    expect((await claim('ana', (await qr({ id_campanha: c, valor_venda: 40 })).codigo)).statusCode).toBe(201);
  });

  it('coupons per month: a claim that would issue one past it is 409 with no coupon kept', async () => {
    const c = await campaign({ cupons_mes: 2 });
    expect((await post('partnerA', { id_campanha: c, valor_venda: 200 })).json().cupons).toHaveLength(2);
    const { id_venda, codigo } = await qr({ id_campanha: c, valor_venda: 100 });
    const res = await claim('ana', codigo);
    expect([res.statusCode, res.json()]).toEqual([409, erro(MSG_VENDA.limiteCuponsMes, 2)]);
    await expectPending(id_venda);
    expect(await liveCoupons(c, w.ana)).toBe(2);
    // Half a point issues no coupon: that claim passes.
    expect((await claim('ana', (await qr({ id_campanha: c, valor_venda: 50 })).codigo)).statusCode).toBe(201);
    expect(await liveCoupons(c, w.ana)).toBe(2);
  });

  it('holds under parallel claims, and claims and sales in parallel see each other', async () => {
    // One sale per shop per day: one resident claims ten codes of shop A at once.
    const c = await campaign({ dia_loja: 1 });
    const codes = await Promise.all(Array.from({ length: 10 }, () => qr({ id_campanha: c })));
    // Three coupons a month: five claims and five sales of R$ 100 each for Bruno at once.
    const d = await campaign({ cupons_mes: 3 });
    const dCodes = await Promise.all(
      Array.from({ length: 5 }, () => qr({ id_campanha: d, valor_venda: 100 })),
    );
    const [perDay, mixed] = await Promise.all([
      Promise.all(codes.map((q) => claim('ana', q.codigo))),
      Promise.all([
        ...dCodes.map((q) => claim('bruno', q.codigo)),
        ...Array.from({ length: 5 }, (_, i) =>
          post(i % 2 ? 'partnerA' : 'partnerB', {
            id_campanha: d,
            id_estabelecimento: i % 2 ? w.shopA : w.shopB,
            id_usuario: w.bruno,
            valor_venda: 100,
          }),
        ),
      ]),
    ]);
    expect(perDay.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await salesOf(c, w.ana)).toBe(1);
    expect(mixed.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(mixed.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await salesOf(d, w.bruno)).toBe(3);
    expect(await liveCoupons(d, w.bruno)).toBe(3);
  });
});
