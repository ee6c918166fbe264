import {
  DASHBOARD_LOJAS_POR_ANO,
  MSG_PAINEL,
  type DashboardResposta,
  type DashboardVendasPagina,
  type PainelSeriesResposta,
} from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../src/lib/clock.js';
import { mondayOf } from '../src/modules/dashboard/series-service.js';
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

const t = useTestApp();

const URL = '/v1/adm/dashboard/series';

interface Shop {
  id_estabelecimento: number;
  nome: string;
}
const w = {} as {
  city: number;
  other: number;
  alfa: Shop;
  bravo: Shop;
  k1: number; // March 2025, most sales
  k2: number; // March 2025, one sale
  k3: number; // running today, no sales
  otherCampaign: number;
  admin: string;
  superO: string;
  adminO: string;
  consumer: string;
};

const get = (token: string | null, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: token ? bearer(token) : {} });

let numero = 0;
let cupom = 0;
/** A sale written as the ledger would have, with live and voided coupons. */
async function sale(o: {
  id_campanha: number;
  shop: Shop;
  id_usuario: number | null;
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
      id_campanha: o.id_campanha,
      id_estabelecimento: o.shop.id_estabelecimento,
      id_usuario: o.id_usuario,
      id_vendedor: null,
      dat_venda: o.dat_venda,
      numero_venda: `SERIE-${++numero}`,
      valor_centavos: o.centavos,
      pontos_e6: o.centavos * 100,
      cashback_e6: 0,
      atualizado_em: now,
      excluida_em: o.excluida ? now : null,
    })
    .returning('id_venda')
    .executeTakeFirstOrThrow();
  const voided = o.anulados ?? 0;
  for (let i = 0; i < o.cupons + voided; i++) {
    await t.db
      .insertInto('cupons')
      .values({
        id_campanha: o.id_campanha,
        numero: ++cupom,
        id_usuario: o.id_usuario ?? 0,
        id_venda,
        id_estabelecimento: o.shop.id_estabelecimento,
        dat_emissao: `${o.dat_venda}T15:00:00.000Z`,
        anulado_em: i >= o.cupons ? now : null,
      })
      .execute();
  }
}

async function apuracao(id_campanha: number, status: 'agendada' | 'apurada') {
  await t.db
    .insertInto('apuracoes')
    .values({
      id_campanha,
      concurso: 7000 + ++numero,
      data_concurso: '2025-04-05',
      qtd_premios: 1,
      mloja: 'S',
      musuario: 'S',
      status,
      hash_bilhetes: 'x'.repeat(64),
      qtd_bilhetes: 1,
      maior_numero: 1,
      arquivo: 'bilhetes.txt',
    })
    .execute();
}

async function createdAt(id_usuario: number, criado_em: string) {
  await t.db
    .updateTable('usuarios')
    .set({ criado_em } as never)
    .where('id_usuario', '=', id_usuario)
    .execute();
}

beforeAll(async () => {
  w.city = (await createCity(t.db)).cod_cidade;
  w.other = (await createCity(t.db)).cod_cidade;
  w.alfa = await createShop(t.db, { cod_cidade: w.city, nome: 'Alfa Mercado' });
  w.bravo = await createShop(t.db, { cod_cidade: w.city, nome: 'Bravo Padaria' });
  const xray = await createShop(t.db, { cod_cidade: w.other, nome: 'Xis de Outra Cidade' });
  const lojas = [w.alfa, w.bravo].map((s) => ({ id_estabelecimento: s.id_estabelecimento }));
  w.k1 = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      den_campanha: 'Março',
      validade_ini: '2025-03-01',
      validade_fim: '2025-03-31',
      lojas,
    })
  ).id_campanha;
  w.k2 = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      validade_ini: '2025-03-01',
      validade_fim: '2025-03-31',
      lojas,
    })
  ).id_campanha;
  w.k3 = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      den_campanha: 'Agora',
      validade_ini: addDays(today(), -5),
      validade_fim: addDays(today(), 30),
      lojas,
    })
  ).id_campanha;
  w.otherCampaign = (
    await createCampaign(t.db, {
      cod_cidade: w.other,
      validade_ini: '2025-03-01',
      validade_fim: '2025-03-31',
      lojas: [{ id_estabelecimento: xray.id_estabelecimento }],
    })
  ).id_campanha;

  const [r1, r2, r3, r4, early, late] = await insertConsumers(t.db, {
    cod_cidade: w.city,
    nomes: ['Rita', 'Rui', 'Rosa', 'Raul', 'Cedo', 'Tarde'],
  });
  const [x1] = await insertConsumers(t.db, { cod_cidade: w.other, nomes: ['Xavier'] });
  // São Paulo is UTC−3: 2025-03-17T02:00Z is still the 16th there, 2025-03-19T01:00Z the 18th.
  await createdAt(early, '2025-03-09T12:00:00.000Z'); // the 9th: before the period
  await createdAt(r1, '2025-03-10T12:00:00.000Z'); // week of the 10th
  await createdAt(r2, '2025-03-17T02:00:00.000Z'); // the 16th: week of the 10th
  await createdAt(r3, '2025-03-17T04:00:00.000Z'); // the 17th: week of the 17th
  await createdAt(r4, '2025-03-19T01:00:00.000Z'); // the 18th: week of the 17th
  await createdAt(late, '2025-03-19T03:30:00.000Z'); // the 19th: after the period
  await createdAt(x1, '2025-03-12T12:00:00.000Z'); // another city
  const adminUser = await createUser(t.db, { cod_cidade: w.city, admin: true });
  await createdAt(adminUser.id_usuario, '2025-03-12T12:00:00.000Z'); // an admin is no participant
  const partner = await createUser(t.db, { cod_cidade: w.city, parceiro: true });
  await createdAt(partner.id_usuario, '2025-03-12T12:00:00.000Z'); // nor a partner

  w.admin = await sessionFor(t.db, adminUser.id_usuario);
  w.superO = await sessionFor(
    t.db,
    (await createUser(t.db, { cod_cidade: w.other, admin: true, superadmin: true })).id_usuario,
  );
  w.adminO = await sessionFor(
    t.db,
    (await createUser(t.db, { cod_cidade: w.other, admin: true })).id_usuario,
  );
  w.consumer = await sessionFor(t.db, x1);

  const { alfa, bravo, k1, k2 } = w;
  await sale({
    id_campanha: k1,
    shop: alfa,
    id_usuario: r1,
    centavos: 10_000,
    dat_venda: '2025-03-10',
    cupons: 2,
    anulados: 1,
  });
  await sale({
    id_campanha: k1,
    shop: alfa,
    id_usuario: r2,
    centavos: 5_050,
    dat_venda: '2025-03-10',
    cupons: 1,
  });
  await sale({
    id_campanha: k1,
    shop: bravo,
    id_usuario: r1,
    centavos: 30_000,
    dat_venda: '2025-03-11',
    cupons: 3,
  });
  // Not counted: a deleted sale, a QR hand-over never claimed, another city's sale.
  await sale({
    id_campanha: k1,
    shop: bravo,
    id_usuario: r2,
    centavos: 99_900,
    dat_venda: '2025-03-11',
    cupons: 0,
    anulados: 5,
    excluida: true,
  });
  await sale({
    id_campanha: k1,
    shop: alfa,
    id_usuario: null,
    centavos: 7_000,
    dat_venda: '2025-03-11',
    cupons: 0,
  });
  await sale({
    id_campanha: w.otherCampaign,
    shop: xray,
    id_usuario: x1,
    centavos: 500_000,
    dat_venda: '2025-03-10',
    cupons: 4,
  });
  await sale({
    id_campanha: k2,
    shop: bravo,
    id_usuario: r3,
    centavos: 2_000,
    dat_venda: '2025-03-15',
    cupons: 0,
  });
  // Before the period (in the campaign: its progress counts the coupon).
  await sale({
    id_campanha: k1,
    shop: alfa,
    id_usuario: r4,
    centavos: 1_000,
    dat_venda: '2025-02-28',
    cupons: 1,
  });

  await apuracao(k1, 'agendada');
  await apuracao(k1, 'agendada');
  await apuracao(k1, 'apurada');
  await apuracao(k2, 'apurada');
});

const zero = (dia: string) => ({ dia, num_vendas: 0, sum_vendas: 0, num_cupons: 0 });

describe('the dashboard charts', () => {
  it('answers every figure of the period, computed by hand', async () => {
    const res = await get(w.admin, `?cod_cidade=${w.city}&de=2025-03-10&ate=2025-03-18`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<PainelSeriesResposta>();
    expect(d.de).toBe('2025-03-10');
    expect(d.ate).toBe('2025-03-18');
    expect(d.id_campanha).toBeNull();
    expect(d.vendas_por_dia).toEqual([
      { dia: '2025-03-10', num_vendas: 2, sum_vendas: 150.5, num_cupons: 3 },
      { dia: '2025-03-11', num_vendas: 1, sum_vendas: 300, num_cupons: 3 },
      zero('2025-03-12'),
      zero('2025-03-13'),
      zero('2025-03-14'),
      { dia: '2025-03-15', num_vendas: 1, sum_vendas: 20, num_cupons: 0 },
      zero('2025-03-16'),
      zero('2025-03-17'),
      zero('2025-03-18'),
    ]);
    expect(d.participantes_por_semana).toEqual([
      { semana: '2025-03-10', num_participantes: 2 },
      { semana: '2025-03-17', num_participantes: 2 },
    ]);
    expect(d.top_estabelecimentos).toEqual([
      {
        id_estabelecimento: w.bravo.id_estabelecimento,
        nom_estabelecimento: 'Bravo Padaria',
        num_vendas: 2,
        sum_vendas: 320,
        num_cupons: 3,
      },
      {
        id_estabelecimento: w.alfa.id_estabelecimento,
        nom_estabelecimento: 'Alfa Mercado',
        num_vendas: 2,
        sum_vendas: 150.5,
        num_cupons: 3,
      },
    ]);
    // No campaign chosen: the progress of the one running today.
    expect(d.progresso_campanha).toEqual({
      id_campanha: w.k3,
      den_campanha: 'Agora',
      validade_ini: addDays(today(), -5),
      validade_fim: addDays(today(), 30),
      cupons_emitidos: 0,
      apuracoes_agendadas: 0,
      apuracoes_apuradas: 0,
    });
  });

  it('narrows every chart to the chosen campaign, and gives its progress', async () => {
    const res = await get(w.superO, `?cod_cidade=${w.city}&de=2025-03-10&ate=2025-03-18&id_campanha=${w.k1}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<PainelSeriesResposta>();
    expect(d.id_campanha).toBe(w.k1);
    expect(d.vendas_por_dia.filter((v) => v.num_vendas > 0)).toEqual([
      { dia: '2025-03-10', num_vendas: 2, sum_vendas: 150.5, num_cupons: 3 },
      { dia: '2025-03-11', num_vendas: 1, sum_vendas: 300, num_cupons: 3 },
    ]);
    expect(d.top_estabelecimentos.map((s) => [s.nom_estabelecimento, s.sum_vendas])).toEqual([
      ['Bravo Padaria', 300],
      ['Alfa Mercado', 150.5],
    ]);
    expect(d.progresso_campanha).toEqual({
      id_campanha: w.k1,
      den_campanha: 'Março',
      validade_ini: '2025-03-01',
      validade_fim: '2025-03-31',
      cupons_emitidos: 7, // 2 + 1 + 3 in the period, 1 before it; not the voided nor the deleted sale's
      apuracoes_agendadas: 2,
      apuracoes_apuradas: 1,
    });
  });

  it('takes the campaign’s dates, or the last 30 days, when no period is given', async () => {
    const camp = (await get(w.admin, `?id_campanha=${w.k1}`)).json<PainelSeriesResposta>();
    expect([camp.de, camp.ate, camp.vendas_por_dia.length]).toEqual(['2025-03-01', '2025-03-31', 31]);
    expect(camp.vendas_por_dia.reduce((s, v) => s + v.num_vendas, 0)).toBe(3);
    expect(camp.participantes_por_semana[0]).toEqual({ semana: '2025-02-24', num_participantes: 0 });
    // Most of the campaign (all but the 28th of February): its totals less the day outside.
    expect(
      camp.top_estabelecimentos.map((s) => [s.nom_estabelecimento, s.num_vendas, s.sum_vendas, s.num_cupons]),
    ).toEqual([
      ['Bravo Padaria', 1, 300, 3],
      ['Alfa Mercado', 2, 150.5, 3],
    ]);
    // The whole of every campaign: their running totals.
    const year = (await get(w.admin, '?de=2025-01-01&ate=2025-12-31')).json<PainelSeriesResposta>();
    expect(
      year.top_estabelecimentos.map((s) => [s.nom_estabelecimento, s.num_vendas, s.sum_vendas, s.num_cupons]),
    ).toEqual([
      ['Bravo Padaria', 2, 320, 3],
      ['Alfa Mercado', 3, 160.5, 4],
    ]);
    expect(year.vendas_por_dia.filter((v) => v.num_vendas > 0).map((v) => v.dia)).toEqual([
      '2025-02-28',
      '2025-03-10',
      '2025-03-11',
      '2025-03-15',
    ]);

    const last = await get(w.admin);
    expect(last.statusCode, last.body).toBe(200);
    const d = last.json<PainelSeriesResposta>();
    expect([d.de, d.ate, d.vendas_por_dia.length]).toEqual([addDays(today(), -29), today(), 30]);
    expect(d.participantes_por_semana[0].semana).toBe(mondayOf(d.de));
  });

  it('refuses bad dates, an inverted or too long period, and another city’s campaign', async () => {
    for (const [q, msg] of [
      ['?de=2025-02-30', MSG_PAINEL.dataInvalida],
      ['?de=ontem', MSG_PAINEL.dataInvalida],
      ['?de=2025-03-10&ate=2025-03-09', MSG_PAINEL.periodoInvertido],
      ['?de=2023-01-01&ate=2025-01-01', MSG_PAINEL.periodoLongo],
    ] as const) {
      const res = await get(w.admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toContain(msg);
    }
    expect((await get(w.admin, '?de=2023-01-01&ate=2024-12-31')).statusCode).toBe(200); // 731 days
    const foreign = await get(w.admin, `?id_campanha=${w.otherCampaign}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('is for the city’s admins and the super-admin only', async () => {
    expect((await get(null, `?cod_cidade=${w.city}`)).statusCode).toBe(401);
    expect((await get(w.consumer, `?cod_cidade=${w.city}`)).statusCode).toBe(403);
    expect((await get(w.adminO, `?cod_cidade=${w.city}`)).statusCode).toBe(403);
    expect((await get(w.superO, `?cod_cidade=${w.city}`)).statusCode).toBe(200);
  });
});

describe('mondayOf', () => {
  it('gives the Monday of the week, Sunday being its last day', () => {
    expect(mondayOf('2025-03-10')).toBe('2025-03-10');
    expect(mondayOf('2025-03-16')).toBe('2025-03-10');
    expect(mondayOf('2025-03-17')).toBe('2025-03-17');
    expect(mondayOf('2025-01-01')).toBe('2024-12-30');
  });
});

describe('the dashboard answer at city scale', () => {
  it('carries the first shop cards of each year, and the rest come by page', async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const shops: Shop[] = [];
    for (let i = 0; i < DASHBOARD_LOJAS_POR_ANO + 2; i++) {
      shops.push(await createShop(t.db, { cod_cidade: city, nome: `Loja ${String(i).padStart(2, '0')}` }));
    }
    const camp = (
      await createCampaign(t.db, {
        cod_cidade: city,
        validade_ini: '2025-01-01',
        validade_fim: '2025-12-31',
        lojas: shops.map((s) => ({ id_estabelecimento: s.id_estabelecimento })),
      })
    ).id_campanha;
    const [person] = await insertConsumers(t.db, { cod_cidade: city, nomes: ['Pessoa'] });
    // Shop i sells R$ (10 + i): the last one sold the most.
    for (const [i, shop] of shops.entries()) {
      await sale({
        id_campanha: camp,
        shop,
        id_usuario: person,
        centavos: (10 + i) * 100,
        dat_venda: '2025-05-05',
        cupons: 0,
      });
    }
    const admin = await sessionFor(
      t.db,
      (await createUser(t.db, { cod_cidade: city, admin: true })).id_usuario,
    );
    const d = (
      await t.app.inject({ url: `/v1/adm/dashboard?cod_cidade=${city}`, headers: bearer(admin) })
    ).json<DashboardResposta>();
    expect(d.vendas.map((v) => v.nom_estabelecimento)).toEqual(
      [...shops]
        .reverse()
        .slice(0, DASHBOARD_LOJAS_POR_ANO)
        .map((s) => s.nome),
    );
    expect(d.estatisticas.num_vendas).toBe(DASHBOARD_LOJAS_POR_ANO + 2); // every sale still counted

    const res = await t.app.inject({
      url: `/v1/adm/dashboard/vendas?cod_cidade=${city}&ano=2025&pagina=2&limite=${DASHBOARD_LOJAS_POR_ANO}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<DashboardVendasPagina>();
    expect([page.ano, page.total, page.pagina]).toEqual([2025, DASHBOARD_LOJAS_POR_ANO + 2, 2]);
    expect(page.itens.map((v) => [v.nom_estabelecimento, v.total_venda])).toEqual([
      ['Loja 01', 11],
      ['Loja 00', 10],
    ]);
    const other = await t.app.inject({
      url: `/v1/adm/dashboard/vendas?cod_cidade=${city}&ano=2025`,
      headers: bearer(w.adminO),
    });
    expect(other.statusCode).toBe(403);
  });
});
