import {
  CONTESTACOES_ABERTAS_MAX,
  MSG_CONTESTACAO,
  MSG_VENDA,
  tituloContestacaoDecidida,
} from '@praca/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
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

/** The resident's word (issue 37): complaints, their decision, and the ledger they fix. */
const t = useTestApp();

type Who = 'resident' | 'other' | 'partner' | 'admin1' | 'admin2' | 'super';
const w = {} as {
  city1: number;
  city2: number;
  shop: number;
  noCampaign: number;
  campaign: number;
  resident: number;
  tokens: Record<Who, string>;
};

const req = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(w.tokens[who]), ...(payload ? { payload } : {}) });
const fileContestacao = (who: Who, payload: object) => req(who, 'POST', '/v1/contestacoes', payload);
const decide = (who: Who, id: number, payload: object) =>
  req(who, 'POST', `/v1/adm/contestacoes/${id}/decisao`, payload);

let numero = 0;
/** A sale of 30 reais to the resident: 3 points at factor 0.1, so 3 coupons. */
async function saleToResident(valor = 30): Promise<number> {
  const res = await req('partner', 'POST', '/v1/parceiro/vendas', {
    id_campanha: w.campaign,
    id_estabelecimento: w.shop,
    id_usuario: w.resident,
    dat_venda: day(-1),
    numero_venda: `NF-C-${++numero}`,
    valor_venda: valor,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ venda: { id_venda: number } }>().venda.id_venda;
}

const liveCoupons = async (idVenda: number) =>
  (
    await t.db
      .selectFrom('cupons')
      .select('numero')
      .where('id_venda', '=', idVenda)
      .where('anulado_em', 'is', null)
      .execute()
  ).length;

const points = async () =>
  Number(
    (
      await t.db
        .selectFrom('saldos')
        .select('pontos_e6')
        .where('id_usuario', '=', w.resident)
        .where('id_campanha', '=', w.campaign)
        .executeTakeFirst()
    )?.pontos_e6 ?? 0,
  );

const notificationsOfResident = () =>
  t.db
    .selectFrom('usuario_notificacoes')
    .select(['title', 'body'])
    .where('id_usuario', '=', w.resident)
    .orderBy('id_message')
    .execute();

async function opened(payload: object): Promise<number> {
  const res = await fileContestacao('resident', payload);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ id_contestacao: number; status: string }>();
  expect(body).toEqual({ id_contestacao: expect.any(Number), status: 'aberta' });
  return body.id_contestacao;
}

beforeAll(async () => {
  w.city1 = (await createCity(t.db)).cod_cidade;
  w.city2 = (await createCity(t.db)).cod_cidade;
  w.shop = (await createShop(t.db, { cod_cidade: w.city1, nome: 'Mercado Contestado' })).id_estabelecimento;
  w.noCampaign = (await createShop(t.db, { cod_cidade: w.city1 })).id_estabelecimento;
  w.campaign = (
    await createCampaign(t.db, {
      cod_cidade: w.city1,
      lojas: [{ id_estabelecimento: w.shop, fator_sorteio: 0.1, fator_cashback: 0 }],
    })
  ).id_campanha;
  const [resident, other] = await insertConsumers(t.db, {
    cod_cidade: w.city1,
    nomes: ['Rosa Morador', 'Outro'],
  });
  w.resident = resident!;
  const user = async (o: Parameters<typeof createUser>[1]) =>
    sessionFor(t.db, (await createUser(t.db, { cod_cidade: w.city1, ...o })).id_usuario);
  w.tokens = {
    resident: await sessionFor(t.db, resident!),
    other: await sessionFor(t.db, other!),
    partner: await user({ parceiro: true, estabelecimentos: [w.shop] }),
    admin1: await user({ admin: true }),
    admin2: await user({ admin: true, cod_cidade: w.city2 }),
    super: await user({ admin: true, superadmin: true, cod_cidade: w.city2 }),
  };
});

describe("'não reconheço esta compra'", () => {
  it('opens one complaint per sale, only for the resident’s own sale', async () => {
    const idVenda = await saleToResident();
    // Another's sale answers as an unknown one (issue 52).
    const others = await fileContestacao('other', { tipo: 'nao_reconheco', id_venda: idVenda });
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ erro: MSG_CONTESTACAO.vendaNaoEncontrada });
    expect((await fileContestacao('resident', { tipo: 'nao_reconheco', id_venda: 999999 })).statusCode).toBe(
      404,
    );
    const id = await opened({ tipo: 'nao_reconheco', id_venda: idVenda });
    const again = await fileContestacao('resident', { tipo: 'nao_reconheco', id_venda: idVenda });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ erro: MSG_CONTESTACAO.jaAberta });

    const mine = (await req('resident', 'GET', '/v1/contestacoes')).json<{ id_contestacao: number }[]>();
    expect(mine[0]).toMatchObject({
      id_contestacao: id,
      tipo: 'nao_reconheco',
      status: 'aberta',
      id_venda: idVenda,
      id_estabelecimento: w.shop,
      nome_estabelecimento: 'Mercado Contestado',
      valor_venda: 30,
      historico: [{ status: 'aberta', motivo: null }],
    });
    expect((await req('other', 'GET', '/v1/contestacoes')).json()).toEqual([]);
  });

  it('accepted: voids the sale and its coupons, tells the resident, audits, and counts on the shop', async () => {
    const idVenda = await saleToResident();
    expect(await liveCoupons(idVenda)).toBe(3);
    const before = await points();
    const id = await opened({ tipo: 'nao_reconheco', id_venda: idVenda });

    // Another city's complaint answers as an unknown one (issue 52).
    const far = await decide('admin2', id, { decisao: 'aceita', motivo: 'x' });
    expect(far.statusCode).toBe(404);
    expect(far.json()).toEqual({ erro: MSG_CONTESTACAO.naoEncontrada });
    expect((await decide('resident', id, { decisao: 'aceita', motivo: 'x' })).statusCode).toBe(403);
    expect((await decide('admin1', id, { decisao: 'aceita', motivo: '  ' })).statusCode).toBe(400);
    expect((await decide('admin1', 999999, { decisao: 'aceita', motivo: 'x' })).statusCode).toBe(404);

    const res = await decide('admin1', id, { decisao: 'aceita', motivo: 'Cliente estava viajando' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id_contestacao: id,
      status: 'aceita',
      motivo: 'Cliente estava viajando',
      nome_usuario: 'Rosa Morador',
      historico: [{ status: 'aberta' }, { status: 'aceita', motivo: 'Cliente estava viajando' }],
    });
    expect(await liveCoupons(idVenda)).toBe(0);
    expect(await points()).toBe(before - 3_000_000);
    const sale = await t.db
      .selectFrom('vendas')
      .select('excluida_em')
      .where('id_venda', '=', idVenda)
      .executeTakeFirstOrThrow();
    expect(sale.excluida_em).not.toBeNull();
    const extrato = (await req('resident', 'GET', '/v1/extrato')).json<{ id_venda: number }[]>();
    expect(extrato.map((l) => l.id_venda)).not.toContain(idVenda);

    const told = await notificationsOfResident();
    expect(told.at(-1)).toMatchObject({ title: tituloContestacaoDecidida('aceita') });
    expect(told.at(-1)!.body).toContain('Cliente estava viajando');

    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'entidade'])
      .where('entidade', '=', 'contestacao')
      .where('id_entidade', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.acao)).toEqual(['criar', 'decidir']);

    const second = await decide('admin1', id, { decisao: 'recusada', motivo: 'de novo' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ erro: MSG_CONTESTACAO.jaDecidida });

    const shops = (await req('admin1', 'GET', `/v1/adm/estabelecimentos?cod_cidade=${w.city1}`)).json<
      { id_estabelecimento: number; contestacoes_aceitas: number }[]
    >();
    expect(shops.find((s) => s.id_estabelecimento === w.shop)?.contestacoes_aceitas).toBe(1);
    expect(shops.find((s) => s.id_estabelecimento === w.noCampaign)?.contestacoes_aceitas).toBe(0);
  });

  it('accepting a sale whose coupon was drawn is 409: the complaint stays open, the ledger untouched', async () => {
    const idVenda = await saleToResident();
    const id = await opened({ tipo: 'nao_reconheco', id_venda: idVenda });
    const before = await points();
    // A draw took one of its coupons meanwhile (domain §4: a drawn coupon is never voided).
    const drawn = await t.db
      .selectFrom('cupons')
      .select('id_cupom')
      .where('id_venda', '=', idVenda)
      .orderBy('numero', 'desc')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('cupons')
      .set({ sorteado_em: new Date().toISOString() })
      .where('id_cupom', '=', drawn.id_cupom)
      .execute();

    const res = await decide('admin1', id, { decisao: 'aceita', motivo: 'Venda falsa' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ erro: MSG_VENDA.cupomSorteado });
    expect(await liveCoupons(idVenda)).toBe(3);
    expect(await points()).toBe(before);
    const mine = (await req('resident', 'GET', '/v1/contestacoes')).json<
      { id_contestacao: number; status: string }[]
    >();
    expect(mine.find((c) => c.id_contestacao === id)?.status).toBe('aberta');
    const told = await notificationsOfResident();
    expect(told.some((n) => n.body.includes('Venda falsa'))).toBe(false);
  });

  it('refused: the sale and its coupons stay, and the resident is told', async () => {
    const idVenda = await saleToResident();
    const id = await opened({ tipo: 'nao_reconheco', id_venda: idVenda });
    const res = await decide('super', id, { decisao: 'recusada', motivo: 'Nota fiscal confere' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'recusada' });
    expect(await liveCoupons(idVenda)).toBe(3);
    expect((await notificationsOfResident()).at(-1)).toMatchObject({
      title: tituloContestacaoDecidida('recusada'),
    });
    // Decided, the sale may be contested again.
    await opened({ tipo: 'nao_reconheco', id_venda: idVenda });
  });
});

describe("'minha compra não foi registrada'", () => {
  const claim = (o: object = {}) => ({
    tipo: 'nao_registrada',
    id_estabelecimento: w.shop,
    dat_venda: day(-2),
    valor_venda: 31.5,
    numero_venda: `NR-${++numero}`,
    ...o,
  });

  it('refuses a shop without a campaign that day, a future day and an unknown shop', async () => {
    const noCampaign = await fileContestacao('resident', claim({ id_estabelecimento: w.noCampaign }));
    expect(noCampaign.statusCode).toBe(400);
    expect(noCampaign.json()).toMatchObject({ erro: MSG_CONTESTACAO.semCampanha });
    const future = await fileContestacao('resident', claim({ dat_venda: day(3) }));
    expect(future.json()).toMatchObject({ erro: MSG_VENDA.dataFutura });
    expect((await fileContestacao('resident', claim({ id_estabelecimento: 999999 }))).statusCode).toBe(404);
    expect((await fileContestacao('resident', claim({ imagem: 'javascript:alert(1)' }))).statusCode).toBe(
      400,
    );
  });

  it('accepted: registers the sale for the resident in the shop’s campaign, with its coupons', async () => {
    const photo = await req('resident', 'POST', '/v1/contestacoes/comprovante', {
      nomearq: 'recibo.png',
      conteudo: (
        await sharp({ create: { width: 40, height: 80, channels: 3, background: '#fff' } })
          .png()
          .toBuffer()
      ).toString('base64'),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const { imagem } = photo.json<{ imagem: string }>();
    const body = claim({ imagem });
    const id = await opened(body);
    const before = await points();
    const res = await decide('admin1', id, { decisao: 'aceita', motivo: 'Recibo confere' });
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json<{ id_venda: number; imagem: string }>();
    expect(decided.imagem).toBe(imagem);
    expect(decided.id_venda).toEqual(expect.any(Number));
    const sale = await t.db
      .selectFrom('vendas')
      .select(['id_usuario', 'id_campanha', 'valor_centavos', 'numero_venda'])
      .where('id_venda', '=', decided.id_venda)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({
      id_usuario: w.resident,
      id_campanha: w.campaign,
      valor_centavos: 3150,
      numero_venda: body.numero_venda,
    });
    expect(await points()).toBe(before + 3_150_000);
    expect(await liveCoupons(decided.id_venda)).toBeGreaterThanOrEqual(3);
    const extrato = (await req('resident', 'GET', '/v1/extrato')).json<{ id_venda: number }[]>();
    expect(extrato.map((l) => l.id_venda)).toContain(decided.id_venda);
  });

  it('a receipt number the shop already used is 409 and the complaint stays open', async () => {
    const idVenda = await saleToResident();
    const used = await t.db
      .selectFrom('vendas')
      .select('numero_venda')
      .where('id_venda', '=', idVenda)
      .executeTakeFirstOrThrow();
    const id = await opened(claim({ numero_venda: used.numero_venda }));
    const res = await decide('admin1', id, { decisao: 'aceita', motivo: 'ok' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ erro: MSG_VENDA.numeroDuplicado });
    const row = await t.db
      .selectFrom('contestacoes')
      .select('status')
      .where('id_contestacao', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('aberta');
  });
});

describe('at most CONTESTACOES_ABERTAS_MAX open complaints per resident (issue 52)', () => {
  it('refuses the 11th open one with 409, in parallel too; a decided one frees a place', async () => {
    const [who] = await insertConsumers(t.db, { cod_cidade: w.city1, nomes: ['Quem Contesta Muito'] });
    const token = await sessionFor(t.db, who!);
    const file = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/contestacoes',
        headers: bearer(token),
        payload: {
          tipo: 'nao_registrada',
          id_estabelecimento: w.shop,
          dat_venda: day(-2),
          valor_venda: 12,
          numero_venda: `LIM-${++numero}`,
        },
      });
    for (let i = 0; i < 3; i++) expect((await file()).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 12 }, file));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(CONTESTACOES_ABERTAS_MAX - 3);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(12 - (CONTESTACOES_ABERTAS_MAX - 3));
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        erro: MSG_CONTESTACAO.limiteAbertas.replace('{n}', String(CONTESTACOES_ABERTAS_MAX)),
      });
    }
    const mine = await t.db
      .selectFrom('contestacoes')
      .select('id_contestacao')
      .where('id_usuario', '=', who!)
      .where('status', '=', 'aberta')
      .execute();
    expect(mine).toHaveLength(CONTESTACOES_ABERTAS_MAX);
    expect(
      (await decide('admin1', mine[0]!.id_contestacao, { decisao: 'recusada', motivo: 'Conferido' }))
        .statusCode,
    ).toBe(200);
    expect((await file()).statusCode).toBe(201);
  });
});

describe('the city’s list', () => {
  it('shows the city’s complaints to its admins and the super-admin, filtered by status', async () => {
    const list = (who: Who, q: string) => req(who, 'GET', `/v1/adm/contestacoes?cod_cidade=${w.city1}${q}`);
    const all = (await list('admin1', '')).json<{ status: string; cod_cidade: number }[]>();
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((c) => c.cod_cidade === w.city1)).toBe(true);
    const accepted = (await list('super', '&status=aceita')).json<{ status: string }[]>();
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((c) => c.status === 'aceita')).toBe(true);
    expect((await list('admin2', '')).statusCode).toBe(403);
    expect((await list('partner', '')).statusCode).toBe(403);
    expect((await list('admin1', '&status=outra')).statusCode).toBe(400);
  });
});
