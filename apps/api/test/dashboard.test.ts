import { MSG, MSG_ADMIN, type DashboardResposta } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/lib/clock.js';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';

const t = useTestApp();

const URL = '/v1/adm/dashboard';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const Y = Number(today().slice(0, 4));
const PAST = Y - 2;

interface Shop {
  id_estabelecimento: number;
  nome: string;
}
const w = {} as {
  city: number;
  other: number;
  empty: number;
  alfa: Shop;
  bravo: Shop;
  charlie: Shop; // inactive, in the running campaign
  delta: Shop; // only in the past and the upcoming campaigns
  running: number;
  running2: number;
  upcoming: number;
  past: number;
  superO: string; // super-admin of the other city: its requests never mark anyone of `city` online
  adminO: string;
  adminCity: string;
  consumer: string;
};

const get = (token: string | null, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: token ? bearer(token) : {} });

let numero = 0;
async function sale(o: {
  id_campanha: number;
  shop: Shop;
  id_usuario?: number;
  valor_venda: number;
  qrcode?: boolean;
}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(w.superO),
    payload: {
      id_campanha: o.id_campanha,
      id_estabelecimento: o.shop.id_estabelecimento,
      id_usuario: o.id_usuario ?? -1,
      dat_venda: today(),
      numero_venda: `DASH-${++numero}`,
      valor_venda: o.valor_venda,
      id_vendedor: 99,
      qrcode: o.qrcode ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ venda?: { id_venda: number }; id_venda?: number }>();
  return body.venda?.id_venda ?? body.id_venda ?? 0;
}

/** A sale of an earlier year, written as the ledger would have: points, coupons, balance. */
async function pastSale(o: {
  shop: Shop;
  id_usuario: number;
  centavos: number;
  dat_venda: string;
  cupons: number;
  anulados?: number;
  excluida?: boolean;
}) {
  const now = new Date().toISOString();
  const { id_venda } = await t.db
    .insertInto('vendas')
    .values({
      id_campanha: w.past,
      id_estabelecimento: o.shop.id_estabelecimento,
      id_usuario: o.id_usuario,
      id_vendedor: null,
      dat_venda: o.dat_venda,
      numero_venda: `ANTIGA-${++numero}`,
      valor_centavos: o.centavos,
      pontos_e6: o.centavos * 100, // factor 0.01
      cashback_e6: 0,
      atualizado_em: now,
      excluida_em: o.excluida ? now : null,
    })
    .returning('id_venda')
    .executeTakeFirstOrThrow();
  const live = o.cupons;
  const voided = o.anulados ?? 0;
  for (let i = 0; i < live + voided; i++) {
    await t.db
      .insertInto('cupons')
      .values({
        id_campanha: w.past,
        numero: ++pastCoupon,
        id_usuario: o.id_usuario,
        id_venda,
        id_estabelecimento: o.shop.id_estabelecimento,
        dat_emissao: `${o.dat_venda}T15:00:00.000Z`,
        anulado_em: i >= live ? now : null,
      })
      .execute();
  }
}
let pastCoupon = 0;

beforeAll(async () => {
  w.city = (await createCity(t.db)).cod_cidade;
  w.other = (await createCity(t.db)).cod_cidade;
  w.empty = (await createCity(t.db)).cod_cidade;
  w.alfa = await createShop(t.db, { cod_cidade: w.city, nome: 'Alfa Mercado com um nome bem comprido' });
  w.bravo = await createShop(t.db, { cod_cidade: w.city, nome: 'Bravo Padaria' });
  w.charlie = await createShop(t.db, { cod_cidade: w.city, nome: 'Charlie Farmacia' });
  await t.db
    .updateTable('estabelecimentos')
    .set({ ind_ativo: 'N' })
    .where('id_estabelecimento', '=', w.charlie.id_estabelecimento)
    .execute();
  w.delta = await createShop(t.db, { cod_cidade: w.city, nome: 'Delta Bar' });
  const otherShop = await createShop(t.db, { cod_cidade: w.other, nome: 'Loja de Outra Cidade' });

  // People of the city: 5 live (2 recipients, 1 seen 5 min ago, 1 seen 30 min ago, the admin), 1 removed.
  const [r1, r2] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Rita Um', 'Rui Dois'] });
  const [seen5, seen30] = await insertConsumers(t.db, {
    cod_cidade: w.city,
    nomes: ['Visto Agora', 'Visto Antes'],
  });
  const [removed] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Removido'], removido: true });
  const [otherOnline] = await insertConsumers(t.db, { cod_cidade: w.other, nomes: ['Outra Pessoa'] });
  for (const [id, m] of [
    [seen5, 5],
    [seen30, 30],
    [removed, 1],
    [otherOnline, 1],
  ] as const) {
    await t.db
      .updateTable('usuarios')
      .set({ visto_em: minutesAgo(m) })
      .where('id_usuario', '=', id)
      .execute();
  }
  w.adminCity = await sessionFor(
    t.db,
    (await createUser(t.db, { cod_cidade: w.city, admin: true })).id_usuario,
  );
  w.superO = await sessionFor(
    t.db,
    (await createUser(t.db, { cod_cidade: w.other, admin: true, superadmin: true })).id_usuario,
  );
  w.adminO = await sessionFor(
    t.db,
    (await createUser(t.db, { cod_cidade: w.other, admin: true })).id_usuario,
  );
  w.consumer = await sessionFor(
    t.db,
    (await insertConsumers(t.db, { cod_cidade: w.other, nomes: ['Cliente'] }))[0],
  );

  // Campaigns of the city: two running (Charlie, inactive, takes part), one upcoming, one past.
  w.running = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      den_campanha: 'Corrente',
      validade_ini: day(-10),
      validade_fim: day(30),
      lojas: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_sorteio: 0.01 },
        { id_estabelecimento: w.bravo.id_estabelecimento, fator_sorteio: 0.02 },
        { id_estabelecimento: w.charlie.id_estabelecimento, fator_sorteio: 0.01 },
      ],
    })
  ).id_campanha;
  w.running2 = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      den_campanha: 'Corrente curta',
      validade_ini: day(-5),
      validade_fim: day(10),
      lojas: [{ id_estabelecimento: w.alfa.id_estabelecimento, fator_sorteio: 0.01 }],
    })
  ).id_campanha;
  w.upcoming = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      den_campanha: 'Por vir',
      validade_ini: day(5),
      validade_fim: day(40),
      lojas: [{ id_estabelecimento: w.delta.id_estabelecimento }],
    })
  ).id_campanha;
  w.past = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      den_campanha: 'Antiga',
      validade_ini: `${PAST}-01-01`,
      validade_fim: `${PAST}-12-31`,
      lojas: [
        { id_estabelecimento: w.alfa.id_estabelecimento },
        { id_estabelecimento: w.bravo.id_estabelecimento },
        { id_estabelecimento: w.delta.id_estabelecimento },
      ],
    })
  ).id_campanha;
  const otherCampaign = (
    await createCampaign(t.db, {
      cod_cidade: w.other,
      lojas: [{ id_estabelecimento: otherShop.id_estabelecimento, fator_sorteio: 0.01 }],
    })
  ).id_campanha;

  // This year, through the API (coupons by the ledger: one per whole point of each balance).
  await sale({ id_campanha: w.running, shop: w.alfa, id_usuario: r1, valor_venda: 250 }); // r1 2.5 → 2 coupons
  await sale({ id_campanha: w.running, shop: w.alfa, id_usuario: r2, valor_venda: 120.5 }); // r2 1.205 → 1
  await sale({ id_campanha: w.running, shop: w.alfa, id_usuario: r1, valor_venda: 30 }); // r1 2.8 → 0
  await sale({ id_campanha: w.running, shop: w.bravo, id_usuario: r2, valor_venda: 100 }); // r2 3.205 → 2
  const deleted = await sale({ id_campanha: w.running, shop: w.bravo, id_usuario: r1, valor_venda: 500 }); // r1 12.8 → 10
  const del = await t.app.inject({
    method: 'DELETE',
    url: `/v1/parceiro/vendas/${deleted}`,
    headers: bearer(w.superO),
  });
  expect(del.statusCode, del.body).toBe(200); // its 10 coupons are voided
  await sale({ id_campanha: w.running2, shop: w.alfa, id_usuario: r2, valor_venda: 99.99 }); // 0.9999 → 0
  await sale({ id_campanha: w.running, shop: w.alfa, valor_venda: 1000, qrcode: true }); // pending QR
  await sale({
    id_campanha: otherCampaign,
    shop: { ...otherShop },
    id_usuario: otherOnline,
    valor_venda: 5000,
  });

  // Two years ago, written directly.
  await pastSale({ shop: w.alfa, id_usuario: r1, centavos: 70_000, dat_venda: `${PAST}-03-10`, cupons: 1 });
  await pastSale({
    shop: w.alfa,
    id_usuario: r2,
    centavos: 99_900,
    dat_venda: `${PAST}-03-11`,
    cupons: 0,
    anulados: 9,
    excluida: true,
  });
  await pastSale({ shop: w.delta, id_usuario: r1, centavos: 30_000, dat_venda: `${PAST}-06-01`, cupons: 3 });
  await pastSale({
    shop: w.delta,
    id_usuario: r2,
    centavos: 20_000,
    dat_venda: `${PAST}-12-31`,
    cupons: 2,
    anulados: 1,
  });
  await pastSale({ shop: w.bravo, id_usuario: r2, centavos: 50_000, dat_venda: `${PAST}-07-07`, cupons: 0 });
});

describe('the admin dashboard', () => {
  it('answers every figure of the city, computed by hand', async () => {
    const res = await get(w.superO, `?cod_cidade=${w.city}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<DashboardResposta>();
    expect(d.estatisticas).toEqual({
      online: 1, // seen 5 minutes ago; not the one of 30 minutes, not the removed one
      num_empresa: 4,
      num_ativos: 3,
      num_participantes: 3, // Alfa, Bravo, Charlie (inactive) in the running campaigns, Alfa once
      num_usuarios: 5, // r1, r2, seen5, seen30, the admin; not the removed one
      num_vendas: 9, // 4 + 1 this year (not the deleted, not the pending QR), 4 two years ago
      num_campanha: 4,
      sum_vendas: 2300.49, // 500.49 + 100 + 700 + 500 + 500
    });
    expect(d.campanhas.map((c) => [c.id_campanha, c.den_campanha])).toEqual([
      [w.running, 'Corrente'],
      [w.running2, 'Corrente curta'],
      [w.upcoming, 'Por vir'],
    ]);
    expect(d.campanhas[0]).toEqual({
      id_campanha: w.running,
      den_campanha: 'Corrente',
      banner: 'imgban/teste.png',
      validade_ini: day(-10),
      validade_fim: day(30),
      link: '',
      cod_cidade: w.city,
      limite_vendas_dia_loja: null,
      limite_cupons_mes: null,
      limite_valor_dia: null,
      pct_entidade: 0,
      exige_nfce: false,
    });
    expect(d.vendas).toEqual([
      {
        ano: Y,
        id_estabelecimento: w.alfa.id_estabelecimento,
        nom_estabelecimento: 'Alfa Mercado com um nome bem comprido',
        nro_cupons: 3,
        nro_vendas: 4,
        total_venda: 500.49,
        ticket_medio: 125.12, // 125.1225
      },
      {
        ano: Y,
        id_estabelecimento: w.bravo.id_estabelecimento,
        nom_estabelecimento: 'Bravo Padaria',
        nro_cupons: 2,
        nro_vendas: 1,
        total_venda: 100,
        ticket_medio: 100,
      },
      {
        ano: PAST,
        id_estabelecimento: w.alfa.id_estabelecimento,
        nom_estabelecimento: 'Alfa Mercado com um nome bem comprido',
        nro_cupons: 1,
        nro_vendas: 1,
        total_venda: 700,
        ticket_medio: 700,
      },
      // A tie on the total: by name.
      {
        ano: PAST,
        id_estabelecimento: w.bravo.id_estabelecimento,
        nom_estabelecimento: 'Bravo Padaria',
        nro_cupons: 0,
        nro_vendas: 1,
        total_venda: 500,
        ticket_medio: 500,
      },
      {
        ano: PAST,
        id_estabelecimento: w.delta.id_estabelecimento,
        nom_estabelecimento: 'Delta Bar',
        nro_cupons: 5,
        nro_vendas: 2,
        total_venda: 500,
        ticket_medio: 250,
      },
    ]);
    // `codcidade`, the spec's spelling, answers the same.
    expect((await get(w.superO, `?codcidade=${w.city}`)).json()).toEqual(d);
  });

  it('answers zeros and empty lists for a city without data', async () => {
    const d = (await get(w.superO, `?cod_cidade=${w.empty}`)).json<DashboardResposta>();
    expect(d).toEqual({
      estatisticas: {
        online: 0,
        num_empresa: 0,
        num_ativos: 0,
        num_participantes: 0,
        num_usuarios: 0,
        num_vendas: 0,
        num_campanha: 0,
        sum_vendas: 0,
      },
      campanhas: [],
      vendas: [],
    });
  });

  it('keeps an admin to its own city (403) and shows it its city without asking', async () => {
    const forbidden = await get(w.adminO, `?cod_cidade=${w.city}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    expect((await get(w.adminO, `?codcidade=${w.city}`)).statusCode).toBe(403);
    expect((await get(w.consumer)).statusCode).toBe(403);
    expect((await get(null)).json()).toEqual({ erro: MSG.naoAutenticado });
    expect((await get(w.superO, '?cod_cidade=abc')).statusCode).toBe(400);

    const own = await get(w.adminCity);
    expect(own.statusCode, own.body).toBe(200);
    const d = own.json<DashboardResposta>();
    // The admin's own request marks it as seen: now two people are online.
    expect(d.estatisticas).toMatchObject({ online: 2, num_usuarios: 5, num_vendas: 9, sum_vendas: 2300.49 });
    expect(d.vendas).toHaveLength(5);

    // The other city sees only its own sale.
    const other = (await get(w.adminO)).json<DashboardResposta>();
    expect(other.estatisticas).toMatchObject({
      num_vendas: 1,
      sum_vendas: 5000,
      num_empresa: 1,
      num_participantes: 1,
    });
    expect(other.vendas).toEqual([
      expect.objectContaining({
        ano: Y,
        nro_vendas: 1,
        total_venda: 5000,
        nro_cupons: 50,
        ticket_medio: 5000,
      }),
    ]);
  });
});
