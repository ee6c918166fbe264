import { MSG_VENDA, VendaCriada, VendaQrResposta } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createSeller,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';

// Many sales to a person by one partner: the look-up limits (issue 52) are tested elsewhere.
const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '100000', BUSCA_CLIENTE_DIA_MAX: '100000' });

type Who = 'consumer' | 'partnerA' | 'partnerB' | 'admin1' | 'admin2' | 'super';
interface World {
  shopA: { id_estabelecimento: number; cod_cidade: number; nome: string };
  shopB: { id_estabelecimento: number; cod_cidade: number; nome: string };
  campaign: number; // shops A and B, factor 0.01, cashback 0.05
  onlyA: number; // shop A only, factor 0.0125
  past: number; // shop A, ended 50 days ago
  consumer: number;
  maria: number;
  removed: number;
  sellerA: number;
  sellerB: number;
  tokens: Record<Who, string>;
}
const w = {} as World;

interface SaleAnswer {
  id_venda: number;
  id_usuario: number;
  nomeusuarios: string;
  valor_venda: number;
  pontos: number;
  cashback: number;
  cupons: number;
  pendente: boolean;
  id_vendedor: number;
  nome_vendedor: string;
}

let numero = 0;
const body = (o: Record<string, unknown> = {}) => ({
  id_campanha: w.campaign,
  id_estabelecimento: w.shopA.id_estabelecimento,
  id_usuario: w.consumer,
  dat_venda: day(-1),
  numero_venda: `NF-${++numero}`,
  valor_venda: 10,
  id_vendedor: 99,
  ...o,
});
const post = (who: Who, payload: object, url = '/v1/parceiro/vendas') =>
  t.app.inject({ method: 'POST', url, headers: bearer(w.tokens[who]), payload });
const patch = (who: Who, id: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/parceiro/vendas/${id}`,
    headers: bearer(w.tokens[who]),
    payload,
  });
const del = (who: Who, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/v1/parceiro/vendas/${id}`, headers: bearer(w.tokens[who]) });
const get = (who: Who, url: string) => t.app.inject({ url, headers: bearer(w.tokens[who]) });
const claim = (token: string, codigo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/usuarios/vendas/resgatar',
    headers: bearer(token),
    payload: { codigo },
  });

async function created(payload: object): Promise<SaleAnswer> {
  const res = await post('partnerA', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ venda: SaleAnswer }>().venda;
}

/** Live coupon numbers of a consumer in a campaign, and the balance row. */
async function ledgerOf(idUsuario: number, idCampanha: number) {
  const live = await t.db
    .selectFrom('cupons')
    .select('numero')
    .where('id_usuario', '=', idUsuario)
    .where('id_campanha', '=', idCampanha)
    .where('anulado_em', 'is', null)
    .orderBy('numero')
    .execute();
  const saldo = await t.db
    .selectFrom('saldos')
    .select(['pontos_e6', 'cupons'])
    .where('id_usuario', '=', idUsuario)
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
  return {
    numeros: live.map((c) => Number(c.numero)),
    pontos_e6: Number(saldo?.pontos_e6 ?? 0),
    cupons: Number(saldo?.cupons ?? 0),
  };
}

const countSales = async () =>
  Number(
    (
      await t.db
        .selectFrom('vendas')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  const city1 = await createCity(t.db);
  const city2 = await createCity(t.db);
  w.shopA = await createShop(t.db, { cod_cidade: city1.cod_cidade, nome: 'Padaria Central' });
  w.shopB = await createShop(t.db, { cod_cidade: city1.cod_cidade, nome: 'Farmácia Boa Saúde' });
  w.campaign = (
    await createCampaign(t.db, {
      cod_cidade: city1.cod_cidade,
      den_campanha: 'Natal Premiado',
      lojas: [
        { id_estabelecimento: w.shopA.id_estabelecimento, fator_sorteio: 0.01, fator_cashback: 0.05 },
        { id_estabelecimento: w.shopB.id_estabelecimento, fator_sorteio: 0.01, fator_cashback: 0.05 },
      ],
    })
  ).id_campanha;
  w.onlyA = (
    await createCampaign(t.db, {
      cod_cidade: city1.cod_cidade,
      validade_ini: day(-5),
      lojas: [{ id_estabelecimento: w.shopA.id_estabelecimento, fator_sorteio: 0.0125, fator_cashback: 0 }],
    })
  ).id_campanha;
  w.past = (
    await createCampaign(t.db, {
      cod_cidade: city1.cod_cidade,
      validade_ini: day(-100),
      validade_fim: day(-50),
      lojas: [{ id_estabelecimento: w.shopA.id_estabelecimento }],
    })
  ).id_campanha;
  w.sellerA = (
    await createSeller(t.db, { id_estabelecimento: w.shopA.id_estabelecimento, nome_vendedor: 'Carla' })
  ).id_vendedor;
  w.sellerB = (await createSeller(t.db, { id_estabelecimento: w.shopB.id_estabelecimento })).id_vendedor;
  [w.consumer, w.maria] = await insertConsumers(t.db, {
    cod_cidade: city1.cod_cidade,
    nomes: ['Consumidor Fiel', 'Maria Conceição'],
  });
  [w.removed] = await insertConsumers(t.db, {
    cod_cidade: city1.cod_cidade,
    nomes: ['Fulano'],
    removido: true,
  });
  const user = async (o: Parameters<typeof createUser>[1]) =>
    sessionFor(t.db, (await createUser(t.db, { cod_cidade: city1.cod_cidade, ...o })).id_usuario);
  w.tokens = {
    consumer: await sessionFor(t.db, w.consumer),
    partnerA: await user({ parceiro: true, estabelecimentos: [w.shopA.id_estabelecimento] }),
    partnerB: await user({ parceiro: true, estabelecimentos: [w.shopB.id_estabelecimento] }),
    admin1: await user({ admin: true }),
    admin2: await user({ admin: true, cod_cidade: city2.cod_cidade }),
    super: await user({ admin: true, superadmin: true, cod_cidade: city2.cod_cidade }),
  };
});

describe('registering a sale', () => {
  it('answers every validation message of the spec and stores nothing', async () => {
    const cases: [Record<string, unknown>, number, string, Who?][] = [
      [{ numero_venda: '' }, 400, MSG_VENDA.numeroInvalido],
      [{ numero_venda: '   ' }, 400, MSG_VENDA.numeroInvalido],
      [{ valor_venda: 0 }, 400, MSG_VENDA.valorInvalido],
      [{ valor_venda: -3 }, 400, MSG_VENDA.valorInvalido],
      [{ valor_venda: 5e-324 }, 400, MSG_VENDA.valorInvalido], // positive, yet not a cent
      [{ valor_venda: 0.001 }, 400, MSG_VENDA.valorInvalido],
      [{ valor_venda: 10.123 }, 400, MSG_VENDA.valorInvalido],
      [{ valor_venda: '10' }, 400, MSG_VENDA.valorInvalido],
      [{ valor_venda: 50000.01 }, 400, MSG_VENDA.valorAcimaLimite],
      [{ id_usuario: -1 }, 400, MSG_VENDA.definaDestinatario],
      [{ id_usuario: undefined }, 400, MSG_VENDA.definaDestinatario],
      [{ id_usuario: -2 }, 400, MSG_VENDA.definaDestinatario],
      [{ id_usuario: 1.5 }, 400, MSG_VENDA.definaDestinatario],
      [{ qrcode: true }, 400, MSG_VENDA.destinatarioJaDefinido],
      [
        { id_campanha: w.onlyA, id_estabelecimento: w.shopB.id_estabelecimento },
        400,
        MSG_VENDA.naoParticipa,
        'partnerB',
      ],
      [{ id_campanha: 999999 }, 400, MSG_VENDA.naoParticipa],
      [{ id_campanha: w.onlyA, dat_venda: day(-6) }, 400, MSG_VENDA.foraDaValidade],
      [{ dat_venda: day(-30) }, 400, MSG_VENDA.dataAntiga.replace('{n}', '7')],
      [{ id_campanha: w.past, dat_venda: day(-1) }, 400, MSG_VENDA.foraDaValidade],
      [{ dat_venda: '2026-02-30' }, 400, MSG_VENDA.dataInvalida],
      [{ dat_venda: day(5) }, 400, MSG_VENDA.dataFutura],
      [{ dat_venda: day(1) }, 400, MSG_VENDA.dataFutura],
      [{ id_vendedor: w.sellerB }, 400, MSG_VENDA.vendedorInvalido],
      [{ id_vendedor: 424242 }, 400, MSG_VENDA.vendedorInvalido],
      [{ id_usuario: 987654 }, 404, MSG_VENDA.destinatarioNaoEncontrado],
      [{ id_usuario: w.removed }, 404, MSG_VENDA.destinatarioNaoEncontrado],
    ];
    for (const [over, status, erro, who] of cases) {
      const res = await post(who ?? 'partnerA', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json(), JSON.stringify(over)).toEqual({ erro });
    }
    expect(await countSales()).toBe(0);
  });

  it('answers 201 with the sale, the coupons it completed and the saldo (also with a trailing slash)', async () => {
    // R$ 250 × 0.01 = 2.5 points: two coupons and half a point (domain §4's example).
    const res = await post(
      'partnerA',
      body({ valor_venda: 250, id_vendedor: w.sellerA }),
      '/v1/parceiro/vendas/',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = res.json();
    // The answer is sent without the schema's serializer: it must match the contract exactly,
    // at every level (parsing strips any field the schema does not name).
    expect(VendaCriada.parse(answer)).toEqual(answer);
    expect(answer.venda).toMatchObject({
      id_campanha: w.campaign,
      den_campanha: 'Natal Premiado',
      id_estabelecimento: w.shopA.id_estabelecimento,
      nome_estabelecimento: 'Padaria Central',
      id_usuario: w.consumer,
      // Issue 52: a partner sees the recipient as the customer search shows them.
      nomeusuarios: 'Consumidor F.',
      valor_venda: 250,
      id_vendedor: w.sellerA,
      nome_vendedor: 'Carla',
      pontos: 2.5,
      cashback: 12.5,
      cupons: 2,
      pendente: false,
    });
    expect(answer.cupons.map((c: { codigo: string }) => c.codigo)).toEqual(['000-00000', '000-00001']);
    expect(answer.cupons[0]).toMatchObject({
      id_sorteio: 1,
      serie: 0,
      numero: 0,
      id_campanha: w.campaign,
      den_campanha: 'Natal Premiado',
      nom_estabecimento: 'Padaria Central',
    });
    // Issue 52: never another person's balance to a partner.
    expect(answer).not.toHaveProperty('saldo');
    expect(await ledgerOf(w.consumer, w.campaign)).toEqual({
      numeros: [1, 2],
      pontos_e6: 2_500_000,
      cupons: 2,
    });

    // Another R$ 50 completes the third coupon: the half point carries over. An admin of the
    // city registering it sees the name whole and the balance.
    const next = await post('admin1', body({ valor_venda: 50 }));
    expect(next.json().cupons.map((c: { id_sorteio: number }) => c.id_sorteio)).toEqual([3]);
    expect(next.json().saldo).toBe(0);
    expect(next.json().venda.nomeusuarios).toBe('Consumidor Fiel');
    expect(next.json().venda).toMatchObject({ id_vendedor: 99, nome_vendedor: 'Sem Vendedor', cupons: 1 });

    const audit = await t.db
      .selectFrom('auditoria')
      .selectAll()
      .where('entidade', '=', 'venda')
      .where('id_entidade', '=', String(answer.venda.id_venda))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].acao).toBe('criar');
    expect(JSON.parse(audit[0].depois ?? '{}')).toMatchObject({
      valor_centavos: 25000,
      cupons_emitidos: [1, 2],
    });
  });

  it('answers a new sale exactly as it is stored: the same sale, coupons and saldo that reading them back gives', async () => {
    for (const extra of [
      { valor_venda: 330, id_vendedor: w.sellerA },
      { valor_venda: 75 },
      { valor_venda: 0.5 },
    ]) {
      // An admin's answer (the partner's has no balance, issue 52; its name: 'the sales list').
      const res = await post('admin1', body(extra));
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json();
      const one = await get(
        'admin1',
        `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${answer.venda.id_venda}`,
      );
      expect(one.statusCode).toBe(200);
      expect(answer.venda).toEqual(one.json());
      const mine = await get('consumer', `/v1/usuarios/cupons?cod_cidade=${w.shopA.cod_cidade}`);
      const campaign = mine
        .json<{ id_campanha: number; saldo: number; cupons: { id_sorteio: number }[] }[]>()
        .find((c) => c.id_campanha === w.campaign);
      const numbers = new Set(answer.cupons.map((c: { id_sorteio: number }) => c.id_sorteio));
      expect(answer.cupons).toEqual(campaign?.cupons.filter((c) => numbers.has(c.id_sorteio)));
      expect(answer.saldo).toBe(campaign?.saldo);
    }
  });

  it('keeps points exact with 4-decimal factors (no floating point)', async () => {
    // R$ 123.45 × 0.0125 = 1.543125 points exactly.
    const v = await created(body({ id_campanha: w.onlyA, id_usuario: w.maria, valor_venda: 123.45 }));
    expect(v.pontos).toBe(1.5431);
    const ledger = await ledgerOf(w.maria, w.onlyA);
    expect(ledger).toEqual({ numeros: [1], pontos_e6: 1_543_125, cupons: 1 });
  });

  it('refuses a number already used in the shop with 409, but not in another shop', async () => {
    await created(body({ numero_venda: 'DUP-1' }));
    const again = await post('partnerA', body({ numero_venda: 'DUP-1', valor_venda: 99 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ erro: MSG_VENDA.numeroDuplicado });
    const elsewhere = await post(
      'partnerB',
      body({ numero_venda: 'DUP-1', id_estabelecimento: w.shopB.id_estabelecimento }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('lets only who runs the shop register there', async () => {
    for (const [who, status] of [
      ['partnerB', 403],
      ['admin2', 403],
      ['consumer', 403],
      ['admin1', 201],
      ['super', 201],
    ] as const) {
      const res = await post(who, body());
      expect(res.statusCode, who).toBe(status);
    }
    expect((await post('partnerA', body({ id_estabelecimento: 777777 }))).statusCode).toBe(404);
  });
});

describe('the sales list and one sale', () => {
  it('lists a shop’s sales newest first with X-Total-Count, pages and search', async () => {
    const base = '/v1/parceiro/vendas?id_estabelecimento=' + w.shopA.id_estabelecimento;
    const all = await get('partnerA', `${base}&id_campanha=0&limite=100`);
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    const rows = all.json<SaleAnswer[]>();
    expect(rows.length).toBe(total);
    expect(total).toBeGreaterThanOrEqual(5);
    const ids = rows.map((r) => r.id_venda);
    expect(ids).toEqual([...ids].sort((a, b) => b - a)); // same date: newest id first

    const page2 = await get('partnerA', `${base}&pagina=2&limite=2`);
    expect(page2.json<SaleAnswer[]>().map((r) => r.id_venda)).toEqual(ids.slice(2, 4));
    expect(page2.headers['x-total-count']).toBe(String(total));

    const one = await get('partnerA', `${base}&id_campanha=${w.onlyA}`);
    // Issue 52: the partner sees 'Maria C.' (as the customer search shows her), the admin the whole name.
    expect(one.json<SaleAnswer[]>().map((r) => r.nomeusuarios)).toEqual(['Maria C.']);
    const asAdmin = await get('admin1', `${base}&id_campanha=${w.onlyA}`);
    expect(asAdmin.json<SaleAnswer[]>().map((r) => r.nomeusuarios)).toEqual(['Maria Conceição']);
    // Search by recipient, without accents or case, and by sale number.
    const byName = await get('partnerA', `${base}&q=${encodeURIComponent('CONCEICAO')}`);
    expect(byName.json<SaleAnswer[]>().map((r) => r.nomeusuarios)).toEqual(['Maria C.']);
    const byNumber = await get('partnerA', `${base}&q=dup-1`);
    expect(byNumber.json<{ numero_venda: string }[]>().map((r) => r.numero_venda)).toEqual(['DUP-1']);
    expect(byNumber.headers['x-total-count']).toBe('1');
  });

  it('never shows another partner’s sales', async () => {
    const [sale] = (
      await get('partnerA', `/v1/parceiro/vendas?id_estabelecimento=${w.shopA.id_estabelecimento}`)
    ).json<SaleAnswer[]>();
    const own = await get('partnerA', `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${sale.id_venda}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id_venda: sale.id_venda });
    for (const who of ['partnerB', 'admin2', 'consumer'] as const) {
      const list = await get(who, `/v1/parceiro/vendas?id_estabelecimento=${w.shopA.id_estabelecimento}`);
      expect(list.statusCode, who).toBe(403);
      const res = await get(who, `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${sale.id_venda}`);
      expect(res.statusCode, who).toBe(403);
      expect(Object.keys(res.json())).toEqual(['erro']);
    }
    // Through its own shop's path, partner B still gets nothing of shop A.
    const sideways = await get(
      'partnerB',
      `/v1/parceiro/vendas/${w.shopB.id_estabelecimento}/${sale.id_venda}`,
    );
    expect(sideways.statusCode).toBe(404);
    expect(sideways.json()).toEqual({ erro: MSG_VENDA.vendaNaoEncontrada });
    expect(
      (await get('admin1', `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${sale.id_venda}`)).statusCode,
    ).toBe(200);
  });
});

describe('changing and deleting a sale', () => {
  it('re-derives coupons on an edit: voids the newest, never renumbers, issues new numbers', async () => {
    const [ana, bia] = await insertConsumers(t.db, { cod_cidade: w.shopA.cod_cidade, nomes: ['Ana', 'Bia'] });
    const a1 = await created(body({ id_usuario: ana, valor_venda: 150 })); // 1.5 → #n1
    const a2 = await created(body({ id_usuario: ana, valor_venda: 150 })); // 3.0 → #n2, #n3
    const before = await ledgerOf(ana, w.campaign);
    expect(before.numeros).toHaveLength(3);
    expect(before.pontos_e6).toBe(3_000_000);

    // The first sale drops to R$ 50: 2.0 points, the newest coupon is voided.
    const res = await patch(
      'partnerA',
      a1.id_venda,
      body({ id_usuario: ana, valor_venda: 50, numero_venda: 'ED-1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id_venda: a1.id_venda,
      valor_venda: 50,
      numero_venda: 'ED-1',
      pontos: 0.5,
    });
    const after = await ledgerOf(ana, w.campaign);
    expect(after).toEqual({ numeros: before.numeros.slice(0, 2), pontos_e6: 2_000_000, cupons: 2 });

    // The second sale goes to Bia: Ana keeps 0.5 points and no coupon; Bia gets a new number.
    const moved = await patch(
      'partnerA',
      a2.id_venda,
      body({ id_usuario: bia, valor_venda: 150, numero_venda: 'ED-2' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id_usuario: bia, nomeusuarios: 'Bia', cupons: 1 });
    expect(await ledgerOf(ana, w.campaign)).toEqual({ numeros: [], pontos_e6: 500_000, cupons: 0 });
    const biaLedger = await ledgerOf(bia, w.campaign);
    expect(biaLedger.pontos_e6).toBe(1_500_000);
    expect(biaLedger.numeros).toHaveLength(1);
    expect(biaLedger.numeros[0]).toBeGreaterThan(Math.max(...before.numeros)); // never reused

    const { proximo_cupom } = await t.db
      .selectFrom('campanhas')
      .select('proximo_cupom')
      .where('id_campanha', '=', w.campaign)
      .executeTakeFirstOrThrow();
    const max = await t.db
      .selectFrom('cupons')
      .select((eb) => eb.fn.max('numero').as('m'))
      .where('id_campanha', '=', w.campaign)
      .executeTakeFirstOrThrow();
    expect(Number(max.m)).toBe(Number(proximo_cupom) - 1);

    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'antes', 'depois'])
      .where('entidade', '=', 'venda')
      .where('id_entidade', '=', String(a2.id_venda))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.acao)).toEqual(['criar', 'alterar']);
    expect(JSON.parse(audit[1].antes ?? '{}')).toMatchObject({ id_usuario: ana, valor_centavos: 15000 });
    expect(JSON.parse(audit[1].depois ?? '{}')).toMatchObject({ id_usuario: bia, numero_venda: 'ED-2' });

    // Delete: 200 {ok}, the points leave, the coupon is voided, the number is free again.
    const gone = await del('partnerA', a2.id_venda);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ ok: true });
    expect(await ledgerOf(bia, w.campaign)).toEqual({ numeros: [], pontos_e6: 0, cupons: 0 });
    expect(
      (await get('partnerA', `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${a2.id_venda}`)).statusCode,
    ).toBe(404);
    expect((await del('partnerA', a2.id_venda)).statusCode).toBe(404);
    expect((await post('partnerA', body({ numero_venda: 'ED-2' }))).statusCode).toBe(201);
    const deletion = await t.db
      .selectFrom('auditoria')
      .select(['antes', 'depois'])
      .where('acao', '=', 'excluir')
      .where('id_entidade', '=', String(a2.id_venda))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(deletion.antes ?? '{}')).toMatchObject({ id_usuario: bia, valor_centavos: 15000 });
    expect(JSON.parse(deletion.depois ?? '{}').cupons_anulados).toHaveLength(1);
  });

  it('lets only who runs the shop change or delete, and never moves a sale to a foreign shop', async () => {
    const sale = await created(body());
    for (const who of ['partnerB', 'admin2', 'consumer'] as const) {
      expect((await patch(who, sale.id_venda, body({ valor_venda: 1 }))).statusCode, who).toBe(403);
      expect((await del(who, sale.id_venda)).statusCode, who).toBe(403);
    }
    const toB = await patch(
      'partnerA',
      sale.id_venda,
      body({ id_estabelecimento: w.shopB.id_estabelecimento }),
    );
    expect(toB.statusCode).toBe(403);
    expect((await patch('admin1', sale.id_venda, body({ valor_venda: 12 }))).statusCode).toBe(200);
    expect((await patch('partnerA', 99999999, body())).statusCode).toBe(404);
    // An edit names the recipient; the QR option is for new sales only.
    expect((await patch('partnerA', sale.id_venda, body({ id_usuario: -1 }))).json()).toEqual({
      erro: MSG_VENDA.definaDestinatario,
    });
    expect((await patch('partnerA', sale.id_venda, body({ qrcode: true }))).json()).toEqual({
      erro: MSG_VENDA.destinatarioJaDefinido,
    });
    expect((await del('super', sale.id_venda)).statusCode).toBe(200);
  });

  it('freezes a sale with a drawn coupon, and refuses an edit that would void one', async () => {
    const [carlos] = await insertConsumers(t.db, { cod_cidade: w.shopA.cod_cidade, nomes: ['Carlos'] });
    const s1 = await created(body({ id_usuario: carlos, valor_venda: 100 })); // coupon A
    const s2 = await created(body({ id_usuario: carlos, valor_venda: 100 })); // coupon B (newest)
    const [first] = (await ledgerOf(carlos, w.campaign)).numeros;
    await t.db
      .updateTable('cupons')
      .set({ sorteado_em: new Date().toISOString() })
      .where('id_venda', '=', s2.id_venda)
      .execute();
    const snapshot = await ledgerOf(carlos, w.campaign);

    for (const res of [
      await patch('partnerA', s2.id_venda, body({ id_usuario: carlos, valor_venda: 300 })),
      await del('partnerA', s2.id_venda),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ erro: MSG_VENDA.cupomSorteado });
    }
    // Lowering the first sale would void the newest coupon — the drawn one.
    const lower = await patch('partnerA', s1.id_venda, body({ id_usuario: carlos, valor_venda: 10 }));
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toEqual({ erro: MSG_VENDA.cupomSorteado });
    expect(await ledgerOf(carlos, w.campaign)).toEqual(snapshot);
    expect(snapshot.numeros[0]).toBe(first);
    // Raising it is fine: nothing drawn is touched.
    expect(
      (await patch('partnerA', s1.id_venda, body({ id_usuario: carlos, valor_venda: 150 }))).statusCode,
    ).toBe(200);
  });
});

describe('concurrency', () => {
  it('20 simultaneous sales for one consumer (and 10 for others): coupons 1..N without gap or duplicate, totals exact', async () => {
    const fresh = (
      await createCampaign(t.db, {
        cod_cidade: w.shopA.cod_cidade,
        lojas: [{ id_estabelecimento: w.shopA.id_estabelecimento, fator_sorteio: 0.0333 }],
      })
    ).id_campanha;
    const [pessoa, ...outras] = await insertConsumers(t.db, {
      cod_cidade: w.shopA.cod_cidade,
      nomes: Array.from({ length: 11 }, (_, i) => `Pessoa Apressada ${i}`),
    });
    const values = Array.from({ length: 20 }, (_, i) => 37.5 + i * 3.11);
    // The others' sales share only the campaign's coupon counter with hers.
    const answers = await Promise.all([
      ...values.map((valor_venda) =>
        post('partnerA', body({ id_campanha: fresh, id_usuario: pessoa, valor_venda })),
      ),
      ...outras.map((id_usuario) =>
        post('partnerA', body({ id_campanha: fresh, id_usuario, valor_venda: 100 })),
      ),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    const totalE6 = values.reduce((s, v) => s + Math.round(v * 100) * 333, 0);
    const ledger = await ledgerOf(pessoa, fresh);
    const n = Math.floor(totalE6 / 1e6);
    expect(ledger.pontos_e6).toBe(totalE6);
    expect(ledger.cupons).toBe(n);
    expect(ledger.numeros).toHaveLength(n);
    const hers = answers
      .slice(0, values.length)
      .flatMap((r) => r.json<{ cupons: { id_sorteio: number }[] }>().cupons.map((c) => c.id_sorteio));
    expect(hers.sort((a, b) => a - b)).toEqual(ledger.numeros);
    for (const id of outras) expect((await ledgerOf(id, fresh)).numeros).toHaveLength(3); // R$ 100 × 0.0333
    const all = await t.db
      .selectFrom('cupons')
      .select('numero')
      .where('id_campanha', '=', fresh)
      .orderBy('numero')
      .execute();
    expect(all.map((c) => Number(c.numero))).toEqual(Array.from({ length: n + 30 }, (_, i) => i + 1));
  });

  it('refuses a repeated number among simultaneous sales alone: the others are written, audited and counted once', async () => {
    const fresh = (
      await createCampaign(t.db, {
        cod_cidade: w.shopA.cod_cidade,
        lojas: [{ id_estabelecimento: w.shopA.id_estabelecimento, fator_sorteio: 0.02 }],
      })
    ).id_campanha;
    const pessoas = await insertConsumers(t.db, {
      cod_cidade: w.shopA.cod_cidade,
      nomes: Array.from({ length: 12 }, (_, i) => `Pessoa Simultânea ${i}`),
    });
    // PostgreSQL writes sales that wait for the same campaign in one statement (decision 044).
    const numeros = pessoas.map((_, i) => `SIM-${fresh}-${i % 9}`);
    const answers = await Promise.all(
      pessoas.map((id_usuario, i) =>
        post(
          'partnerA',
          body({ id_campanha: fresh, id_usuario, valor_venda: 100, numero_venda: numeros[i] }),
        ),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(9);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ erro: MSG_VENDA.numeroDuplicado });
    }
    const numbers = ok.flatMap((r) =>
      r.json<{ cupons: { id_sorteio: number }[] }>().cupons.map((c) => c.id_sorteio),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const audited = await t.db
      .selectFrom('auditoria')
      .select(['id_entidade', 'depois'])
      .where('entidade', '=', 'venda')
      .where('acao', '=', 'criar')
      .where(
        'id_entidade',
        'in',
        ok.map((r) => String(r.json<{ venda: { id_venda: number } }>().venda.id_venda)),
      )
      .execute();
    expect(audited).toHaveLength(9);
    for (const a of audited) expect(JSON.parse(a.depois!).cupons_emitidos).toHaveLength(2);
    const totals = await t.db
      .selectFrom('totais_vendas')
      .select(['vendas', 'centavos', 'cupons'])
      .where('id_campanha', '=', fresh)
      .execute();
    expect(totals.map((x) => [Number(x.vendas), Number(x.centavos), Number(x.cupons)])).toEqual([
      [9, 90_000, 18],
    ]);
  });
});

describe('hand-over by QR code', () => {
  const qrBody = (o: Record<string, unknown> = {}) =>
    body({ id_usuario: -1, qrcode: true, valor_venda: 321.5, ...o });

  it('keeps the sale pending, answers a signed code, and lets one consumer claim it once', async () => {
    const res = await post('partnerA', qrBody({ id_vendedor: w.sellerA }));
    expect(res.statusCode, res.body).toBe(201);
    const qr = res.json<{ id_venda: number; codigo: string; expira_em: string }>();
    expect(Object.keys(qr).sort()).toEqual(['codigo', 'expira_em', 'id_venda']);
    expect(VendaQrResposta.parse(qr)).toEqual(qr);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const hours = (Date.parse(qr.expira_em) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const content = JSON.parse(Buffer.from(qr.codigo.split('.')[0], 'base64url').toString('utf8'));
    expect(content).toMatchObject({
      idcampanha: w.campaign,
      dencampanha: 'Natal Premiado',
      idestabelecimento: w.shopA.id_estabelecimento,
      nomeestabelecimento: 'Padaria Central',
      valorvenda: 321.5,
      id_vendedor: w.sellerA,
      id_venda: qr.id_venda,
      exp: qr.expira_em,
    });
    const stored = await t.db
      .selectFrom('vendas')
      .select(['id_usuario', 'qr_token_hash'])
      .where('id_venda', '=', qr.id_venda)
      .executeTakeFirstOrThrow();
    expect(stored.id_usuario).toBeNull();
    expect(stored.qr_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.qr_token_hash).not.toContain(content.token);

    const pending = await get('partnerA', `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${qr.id_venda}`);
    expect(pending.json()).toMatchObject({ pendente: true, nomeusuarios: '', id_usuario: -1, cupons: 0 });

    const [joana] = await insertConsumers(t.db, { cod_cidade: w.shopA.cod_cidade, nomes: ['Joana'] });
    const joanaToken = await sessionFor(t.db, joana);
    const edited = qr.codigo.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
    expect((await claim(joanaToken, edited)).json()).toEqual({ erro: MSG_VENDA.codigoInvalido });
    const ok = await claim(joanaToken, qr.codigo);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      id_venda: qr.id_venda,
      den_campanha: 'Natal Premiado',
      nomeestabelecimento: 'Padaria Central',
      valor_venda: 321.5,
      pontos: 3.215,
      saldo: 0.215,
    });
    expect(ok.json().cupons).toHaveLength(3);
    expect(await ledgerOf(joana, w.campaign)).toMatchObject({ pontos_e6: 3_215_000, cupons: 3 });

    const again = await claim(w.tokens.consumer, qr.codigo);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ erro: MSG_VENDA.codigoJaUsado });
    const claimed = await get('partnerA', `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${qr.id_venda}`);
    expect(claimed.json()).toMatchObject({
      pendente: false,
      nomeusuarios: 'Joana',
      id_usuario: joana,
      cupons: 3,
    });
  });

  it('refuses forged, garbage and expired codes', async () => {
    const qr = (await post('partnerA', qrBody())).json<{ id_venda: number; codigo: string }>();
    const [payload] = qr.codigo.split('.');
    const content = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forgedPayload = Buffer.from(JSON.stringify({ ...content, valorvenda: 50000 })).toString(
      'base64url',
    );
    for (const codigo of [
      `${forgedPayload}.${qr.codigo.split('.')[1]}`,
      'abc',
      `${payload}.${'A'.repeat(43)}`,
      `${Buffer.from('{oops').toString('base64url')}.${'A'.repeat(43)}`,
    ]) {
      const res = await claim(w.tokens.consumer, codigo);
      expect(res.statusCode, codigo.slice(0, 30)).toBe(400);
      expect(res.json()).toEqual({ erro: MSG_VENDA.codigoInvalido });
    }
    expect((await claim(w.tokens.consumer, '')).statusCode).toBe(400);

    await t.db
      .updateTable('vendas')
      .set({ qr_expira_em: new Date(Date.now() - 1000).toISOString() })
      .where('id_venda', '=', qr.id_venda)
      .execute();
    const expired = await claim(w.tokens.consumer, qr.codigo);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ erro: MSG_VENDA.codigoExpirado });

    // A deleted pending sale's code is simply unknown.
    const other = (await post('partnerA', qrBody())).json<{ id_venda: number; codigo: string }>();
    expect((await del('partnerA', other.id_venda)).statusCode).toBe(200);
    expect((await claim(w.tokens.consumer, other.codigo)).statusCode).toBe(400);
  });

  it('gives a code claimed by several people at once to exactly one of them', async () => {
    const qr = (await post('partnerA', qrBody({ valor_venda: 100 }))).json<{
      id_venda: number;
      codigo: string;
    }>();
    const people = await insertConsumers(t.db, {
      cod_cidade: w.shopA.cod_cidade,
      nomes: Array.from({ length: 6 }, (_, i) => `Apressado ${i}`),
    });
    const tokens = await Promise.all(people.map((id) => sessionFor(t.db, id)));
    const answers = await Promise.all(tokens.map((tk) => claim(tk, qr.codigo)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = people[answers.findIndex((r) => r.statusCode === 201)];
    const coupons = await t.db
      .selectFrom('cupons')
      .select(['id_usuario'])
      .where('id_venda', '=', qr.id_venda)
      .execute();
    expect(coupons).toEqual([{ id_usuario: winner }]);
  });

  it('shows a pending sale’s code again, the same code, until it is claimed or expires', async () => {
    const qr = (await post('partnerA', qrBody({ valor_venda: 100 }))).json<{
      id_venda: number;
      codigo: string;
      expira_em: string;
    }>();
    const url = (id = qr.id_venda, shop = w.shopA.id_estabelecimento) =>
      `/v1/parceiro/vendas/${shop}/${id}/qrcode`;
    for (const who of ['partnerA', 'admin1', 'super'] as const) {
      const again = await get(who, url());
      expect(again.statusCode, `${who} ${again.body}`).toBe(200);
      expect(again.json()).toEqual(qr);
    }
    // Nobody else sees it: another shop's partner, another city's admin, a consumer.
    expect((await get('partnerB', url())).statusCode).toBe(403);
    expect((await get('admin2', url())).statusCode).toBe(403);
    expect((await get('consumer', url())).statusCode).toBe(403);
    const viaOtherShop = await get('partnerB', url(qr.id_venda, w.shopB.id_estabelecimento));
    expect(viaOtherShop.statusCode).toBe(404);
    expect(viaOtherShop.json()).toEqual({ erro: MSG_VENDA.vendaNaoEncontrada });
    expect(viaOtherShop.body).not.toContain(qr.codigo.slice(0, 20));
    expect((await get('partnerA', url(999_999_999))).statusCode).toBe(404);

    // The code shown again is the one that claims the sale; then it is no longer shown.
    const shown = (await get('partnerA', url())).json<{ codigo: string }>();
    expect((await claim(w.tokens.consumer, shown.codigo)).statusCode).toBe(201);
    const claimed = await get('partnerA', url());
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({ erro: MSG_VENDA.codigoJaUsado });

    // Expired: 410; a sale with a recipient from the start has no code; a deleted one is gone.
    const late = (await post('partnerA', qrBody())).json<{ id_venda: number }>();
    await t.db
      .updateTable('vendas')
      .set({ qr_expira_em: new Date(Date.now() - 1000).toISOString() })
      .where('id_venda', '=', late.id_venda)
      .execute();
    const expired = await get('partnerA', url(late.id_venda));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ erro: MSG_VENDA.codigoExpirado });
    const direct = (await created(body())).id_venda;
    const noCode = await get('partnerA', url(direct));
    expect(noCode.statusCode).toBe(409);
    expect(noCode.json()).toEqual({ erro: MSG_VENDA.naoPendente });
    const gone = (await post('partnerA', qrBody())).json<{ id_venda: number }>();
    expect((await del('partnerA', gone.id_venda)).statusCode).toBe(200);
    expect((await get('partnerA', url(gone.id_venda))).statusCode).toBe(404);
    // A code made before codes could be shown again (a random token) cannot be made again.
    const old = (await post('partnerA', qrBody())).json<{ id_venda: number }>();
    await t.db
      .updateTable('vendas')
      .set({ qr_token_hash: 'f'.repeat(64) })
      .where('id_venda', '=', old.id_venda)
      .execute();
    const unknown = await get('partnerA', url(old.id_venda));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ erro: MSG_VENDA.qrIndisponivel });
  });

  it('a partner can still give a pending sale to someone by editing it; the code then is used', async () => {
    const qr = (await post('partnerA', qrBody({ valor_venda: 100 }))).json<{
      id_venda: number;
      codigo: string;
    }>();
    const res = await patch('partnerA', qr.id_venda, body({ id_usuario: w.maria, valor_venda: 100 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pendente: false, id_usuario: w.maria, cupons: 1 });
    expect((await claim(w.tokens.consumer, qr.codigo)).statusCode).toBe(409);
    const shown = await get(
      'partnerA',
      `/v1/parceiro/vendas/${w.shopA.id_estabelecimento}/${qr.id_venda}/qrcode`,
    );
    expect(shown.statusCode).toBe(409);
    expect(shown.json()).toEqual({ erro: MSG_VENDA.naoPendente });
  });
});
