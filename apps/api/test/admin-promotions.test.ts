import {
  MSG,
  MSG_ADMIN,
  MSG_CONTEUDO,
  PROMOTION_PLANS,
  planFromSpan,
  promotionEnd,
  type PromocaoAdmin,
  type PromocaoPublica,
} from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditTrail,
  countRows,
  createCast,
  sender,
  type Cast,
  type Method,
  type Who,
} from './admin-fixtures.js';
import { useTestApp } from './helper.js';
import { createCity, createPromotion, createShop, day } from './factories.js';

const t = useTestApp();

interface Shop {
  id_estabelecimento: number;
  nome: string;
  cod_cidade: number;
}
const w = {} as Cast & {
  cityA: number;
  cityB: number;
  cityL: number; // only the list tests' promotions
  alfa: Shop; // city A
  beta: Shop; // city A
  gama: Shop; // city B
};

const URL = '/v1/adm/promocoes';
const send = sender(t, w);

const countOf = (table: 'promocoes' | 'auditoria') => countRows(t.db, table);

const auditOf = (idPromocao: number) => auditTrail(t.db, 'promocao', idPromocao);

const storedRow = (idPromocao: number) =>
  t.db.selectFrom('promocoes').selectAll().where('id_promocao', '=', idPromocao).executeTakeFirst();

const body = (o: Record<string, unknown> = {}) => ({
  id_estabelecimento: w.alfa.id_estabelecimento,
  dat_inicio: '2026-01-30',
  plano_dias: 30,
  ...o,
});

async function created(payload: object, who: Who = 'adminA'): Promise<PromocaoAdmin> {
  const res = await send(who, 'POST', URL, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PromocaoAdmin>();
}

const consumerSees = async (idEstabelecimento: number): Promise<number[]> => {
  const res = await t.app.inject({ url: `/v1/promocoes/${idEstabelecimento}?cod_cidade=1` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PromocaoPublica[]>().map((p) => p.id_promocao);
};

beforeAll(async () => {
  w.cityA = (await createCity(t.db)).cod_cidade;
  w.cityB = (await createCity(t.db)).cod_cidade;
  w.cityL = (await createCity(t.db)).cod_cidade;
  w.alfa = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Padaria Alfa' });
  w.beta = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Farmácia Beta' });
  w.gama = await createShop(t.db, { cod_cidade: w.cityB, nome: 'Mercado Gama' });
  Object.assign(
    w,
    await createCast(t.db, w.cityA, w.cityB, { estabelecimentos: [w.alfa.id_estabelecimento] }),
  );
});

describe('who may keep promotions', () => {
  it('answers 401 without a session and 403 to consumers and partners, even of the shop', async () => {
    const { id_promocao } = await createPromotion(t.db, { id_estabelecimento: w.alfa.id_estabelecimento });
    const calls: [Method, string, object?][] = [
      ['GET', URL],
      ['GET', `${URL}/${id_promocao}`],
      ['POST', URL, body()],
      ['PATCH', `${URL}/${id_promocao}`, { regra: 'x' }],
      ['DELETE', `${URL}/${id_promocao}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of ['consumer', 'partner'] as const) {
        const res = await send(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ erro: MSG.semPermissao });
      }
    }
    expect(await storedRow(id_promocao)).toBeDefined();
  });

  it("keeps an admin to its own city's shops", async () => {
    const { id_promocao } = await createPromotion(t.db, { id_estabelecimento: w.alfa.id_estabelecimento });
    const before = await countOf('promocoes');
    const refused = [
      await send('adminB', 'GET', `${URL}?cod_cidade=${w.cityA}`),
      await send('adminB', 'GET', `${URL}/${id_promocao}`),
      await send('adminB', 'POST', URL, body()),
      await send('adminB', 'PATCH', `${URL}/${id_promocao}`, { regra: 'Intruso' }),
      await send('adminB', 'DELETE', `${URL}/${id_promocao}`),
      // Nor may an admin move its promotion to another city's shop.
      await send('adminA', 'PATCH', `${URL}/${id_promocao}`, {
        id_estabelecimento: w.gama.id_estabelecimento,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    }
    expect(await countOf('promocoes')).toBe(before);
    expect(await storedRow(id_promocao)).toMatchObject({ regra: 'Válido uma vez por cliente' });
    const unknown = await send('adminA', 'POST', URL, body({ id_estabelecimento: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ erro: MSG.estabelecimentoNaoEncontrado });
  });

  it('lets the super-admin keep any city', async () => {
    const list = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityA}`);
    expect(list.statusCode).toBe(200);
    const made = await created(body({ ies_pago: 'S' }), 'superB');
    expect(made).toMatchObject({ id_estabelecimento: w.alfa.id_estabelecimento, ies_pago: 'S' });
    expect((await send('superB', 'GET', `${URL}/${made.id_promocao}`)).json()).toEqual(made);
    expect((await send('superB', 'PATCH', `${URL}/${made.id_promocao}`, { regra: 'Super' })).statusCode).toBe(
      200,
    );
    expect((await send('superB', 'DELETE', `${URL}/${made.id_promocao}`)).statusCode).toBe(202);
  });
});

describe('plans and dates', () => {
  it('computes dat_final = dat_inicio + plan days − 1 for every plan', async () => {
    const expected: Record<number, string> = {
      7: '2026-02-05',
      15: '2026-02-13',
      30: '2026-02-28',
      90: '2026-04-29',
      180: '2026-07-28',
      365: '2027-01-29',
      730: '2028-01-29',
    };
    for (const { dias } of PROMOTION_PLANS) {
      const made = await created(body({ plano_dias: dias }));
      expect(made, `${dias} dias`).toMatchObject({
        dat_inicio: '2026-01-30',
        dat_final: expected[dias],
        plano_dias: dias,
      });
      expect(await storedRow(made.id_promocao)).toMatchObject({
        dat_final: expected[dias],
        plano_dias: dias,
      });
    }
    // Across a leap day.
    expect((await created(body({ dat_inicio: '2028-02-15', plano_dias: 15 }))).dat_final).toBe('2028-02-29');
    expect((await created(body({ dat_inicio: '2028-02-01', plano_dias: 30 }))).dat_final).toBe('2028-03-01');
    expect((await created(body({ dat_inicio: '2027-02-15', plano_dias: 15 }))).dat_final).toBe('2027-03-01');
  });

  it('ignores a client dat_final that disagrees with the plan, and infers the plan from the span without one', async () => {
    const recomputed = await created(body({ plano_dias: 7, dat_final: '2026-12-31' }));
    expect(recomputed).toMatchObject({ plano_dias: 7, dat_final: '2026-02-05' });
    const inferred = await created({
      id_estabelecimento: w.alfa.id_estabelecimento,
      dat_inicio: '2026-03-01',
      dat_final: '2026-03-15',
    });
    expect(inferred).toMatchObject({ plano_dias: 15, dat_final: '2026-03-15' });
  });

  it('infers the plan from the date span on PATCH and keeps it when only the start moves', async () => {
    const made = await created(body({ dat_inicio: '2026-05-01', plano_dias: 7 }));
    const span = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, {
      dat_inicio: '2026-05-01',
      dat_final: '2026-05-30',
    });
    expect(span.statusCode, span.body).toBe(200);
    expect(span.json()).toMatchObject({ plano_dias: 30, dat_final: '2026-05-30' });
    const moved = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, { dat_inicio: '2026-06-01' });
    expect(moved.json()).toMatchObject({ dat_inicio: '2026-06-01', plano_dias: 30, dat_final: '2026-06-30' });
    const endOnly = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, { dat_final: '2026-08-29' });
    expect(endOnly.json()).toMatchObject({ plano_dias: 90, dat_final: '2026-08-29' });
    const bad = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, { dat_final: '2026-06-10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ erro: MSG_CONTEUDO.planoInvalido });
    expect(await storedRow(made.id_promocao)).toMatchObject({ plano_dias: 90, dat_final: '2026-08-29' });
  });

  it('shares the date helpers with the web', () => {
    expect(promotionEnd('2026-12-31', 7)).toBe('2027-01-06');
    expect(planFromSpan('2026-01-30', '2026-02-28')).toEqual({ dias: 30, preco: 25 });
    expect(planFromSpan('2026-01-30', '2026-02-27')).toBeUndefined();
    expect(planFromSpan('2026-02-28', '2026-01-30')).toBeUndefined();
  });
});

describe('payment', () => {
  it('defaults to unpaid and lets only the super-admin mark it paid', async () => {
    const before = await countOf('promocoes');
    const refused = await send('adminA', 'POST', URL, body({ ies_pago: 'S' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      erro: 'Somente o super-administrador pode marcar a promoção como paga',
    });
    expect(await countOf('promocoes')).toBe(before);

    const made = await created(body());
    expect(made.ies_pago).toBe('N');
    expect((await created(body({ ies_pago: 'N' }))).ies_pago).toBe('N');
    const patch = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, { ies_pago: 'S' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({ erro: MSG_CONTEUDO.somenteSuperadminPago });
    expect(await storedRow(made.id_promocao)).toMatchObject({ ies_pago: 'N' });

    const paid = await send('superB', 'PATCH', `${URL}/${made.id_promocao}`, { ies_pago: 'S' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ ies_pago: 'S' });

    // The admin may still edit the content and the start, sending the stored flag back...
    const edit = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, {
      ...body({ dat_inicio: '2026-02-10' }),
      ies_pago: 'S',
      regra: 'Só aos sábados',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ ies_pago: 'S', regra: 'Só aos sábados', dat_final: '2026-03-11' });
    // ...but not unmark it, lengthen what was paid for, or hand it to another shop.
    for (const [payload, erro] of [
      [{ ies_pago: 'N' }, MSG_CONTEUDO.somenteSuperadminPago],
      [{ plano_dias: 730 }, MSG_CONTEUDO.somenteSuperadminPromocaoPaga],
      [{ id_estabelecimento: w.beta.id_estabelecimento }, MSG_CONTEUDO.somenteSuperadminPromocaoPaga],
    ] as const) {
      const res = await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json()).toEqual({ erro });
    }
    expect(await storedRow(made.id_promocao)).toMatchObject({
      ies_pago: 'S',
      plano_dias: 30,
      id_estabelecimento: w.alfa.id_estabelecimento,
    });
    const unpaid = await send('superB', 'PATCH', `${URL}/${made.id_promocao}`, {
      ies_pago: 'N',
      plano_dias: 7,
    });
    expect(unpaid.json()).toMatchObject({ ies_pago: 'N', plano_dias: 7, dat_final: '2026-02-16' });
  });

  it('shows consumers only paid promotions running today', async () => {
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Loja Vitrine' });
    const own = (o: Record<string, unknown>) => body({ id_estabelecimento: shop.id_estabelecimento, ...o });
    const current = await created(own({ dat_inicio: day(-2), plano_dias: 7 }));
    const future = await created(own({ dat_inicio: day(3), plano_dias: 7 }), 'superB');
    const ended = await created(own({ dat_inicio: day(-40), plano_dias: 30 }), 'superB');
    // Its last day is today (UTC's day, never before São Paulo's).
    const lastDay = await created(own({ dat_inicio: day(-6), plano_dias: 7 }));
    expect(lastDay.dat_final).toBe(day(0));
    expect(await consumerSees(shop.id_estabelecimento)).toEqual([]);

    for (const p of [current, future, ended, lastDay]) {
      const res = await send('superB', 'PATCH', `${URL}/${p.id_promocao}`, { ies_pago: 'S' });
      expect(res.statusCode).toBe(200);
    }
    expect((await consumerSees(shop.id_estabelecimento)).sort()).toEqual(
      [current.id_promocao, lastDay.id_promocao].sort(),
    );
    await send('superB', 'PATCH', `${URL}/${current.id_promocao}`, { ies_pago: 'N' });
    expect(await consumerSees(shop.id_estabelecimento)).toEqual([lastDay.id_promocao]);
    await send('adminA', 'DELETE', `${URL}/${lastDay.id_promocao}`);
    expect(await consumerSees(shop.id_estabelecimento)).toEqual([]);
  });
});

describe('fields', () => {
  it('keeps discounts with 4 decimals, money with 2, rules up to 200 characters', async () => {
    const made = await created(
      body({
        val_desconto: 12.3456,
        porc_desconto: '10,1234',
        val_minimo: 50.5,
        regra: 'r'.repeat(200),
        cod_produto: ' SKU-9 ',
        linkproduto: 'https://loja.example/produto/9',
        imagem: 'http://localhost/img/imgprom/promo-1a2b.png',
      }),
    );
    expect(made).toMatchObject({
      val_desconto: 12.3456,
      porc_desconto: 10.1234,
      val_minimo: 50.5,
      regra: 'r'.repeat(200),
      cod_produto: 'SKU-9',
      linkproduto: 'https://loja.example/produto/9',
      imagem: 'imgprom/promo-1a2b.png',
      nomeestabelecimento: 'Padaria Alfa',
    });
    expect(await storedRow(made.id_promocao)).toMatchObject({
      val_desconto_e4: 123456,
      porc_desconto_e4: 101234,
      val_minimo_centavos: 5050,
    });
  });

  it('refuses bad input with a Portuguese message and stores nothing', async () => {
    const before = await Promise.all([countOf('promocoes'), countOf('auditoria')]);
    const cases: [object, string][] = [
      [body({ regra: 'r'.repeat(201) }), 'A regra pode ter no máximo 200 caracteres'],
      [body({ val_desconto: 1.23456 }), MSG_CONTEUDO.descontoInvalido],
      [body({ val_desconto: -1 }), MSG_CONTEUDO.descontoInvalido],
      [body({ porc_desconto: 100.5 }), MSG_CONTEUDO.percentualInvalido],
      [body({ val_minimo: 1.234 }), MSG_ADMIN.valorInvalido],
      [body({ linkproduto: 'ftp://loja.example' }), MSG_ADMIN.linkInvalido],
      [body({ imagem: 'javascript:alert(1)' }), MSG_ADMIN.caminhoImagemInvalido],
      [body({ plano_dias: 10 }), 'Escolha um plano de exposição: 7, 15, 30, 90, 180, 365 ou 730 dias'],
      [body({ plano_dias: undefined }), MSG_CONTEUDO.planoInvalido],
      [body({ plano_dias: undefined, dat_final: '2026-02-10' }), MSG_CONTEUDO.planoInvalido],
      [body({ dat_inicio: undefined }), MSG_CONTEUDO.inicioObrigatorio],
      [body({ dat_inicio: '2026-02-30' }), MSG_CONTEUDO.dataInvalida],
      [body({ id_estabelecimento: undefined }), MSG_CONTEUDO.estabelecimentoObrigatorio],
    ];
    for (const [payload, erro] of cases) {
      const res = await send('adminA', 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ erro });
    }
    expect(await Promise.all([countOf('promocoes'), countOf('auditoria')])).toEqual(before);
  });
});

describe('list, one, delete and audit', () => {
  it('lists the city promotions with the shop name, newest start first, 20 a page with X-Total-Count and q', async () => {
    const loja1 = await createShop(t.db, { cod_cidade: w.cityL, nome: 'Sorveteria Polo' });
    const loja2 = await createShop(t.db, { cod_cidade: w.cityL, nome: 'Açougue Central' });
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const start = `2026-03-${String(i + 1).padStart(2, '0')}`;
      const shop = i % 2 === 0 ? loja1 : loja2;
      ids.push(
        (
          await createPromotion(t.db, {
            id_estabelecimento: shop.id_estabelecimento,
            dat_inicio: start,
            dat_final: start,
          })
        ).id_promocao,
      );
    }
    const first = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}`);
    expect(first.headers['x-total-count']).toBe('22');
    const page1 = first.json<PromocaoAdmin[]>();
    expect(page1).toHaveLength(20);
    expect(page1.map((p) => p.id_promocao)).toEqual([...ids].reverse().slice(0, 20));
    expect(page1[0]).toMatchObject({ nomeestabelecimento: 'Açougue Central', ies_pago: 'S', plano_dias: 7 });
    const page2 = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}&pagina=2`);
    expect(page2.json<PromocaoAdmin[]>().map((p) => p.id_promocao)).toEqual([ids[1], ids[0]]);

    const polo = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}&q=POLO&limite=5`);
    expect(polo.headers['x-total-count']).toBe('11');
    expect(polo.json<PromocaoAdmin[]>().every((p) => p.nomeestabelecimento === 'Sorveteria Polo')).toBe(true);
    expect((await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}&q=_`)).json()).toEqual([]);
  });

  it('reads one, deletes with 202 and a message, and audits every write', async () => {
    const made = await created(body({ regra: 'Primeira' }));
    expect((await send('adminA', 'GET', `${URL}/${made.id_promocao}`)).json()).toEqual(made);
    await send('adminA', 'PATCH', `${URL}/${made.id_promocao}`, { regra: 'Segunda' });
    const res = await send('adminA', 'DELETE', `${URL}/${made.id_promocao}`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ mensagem: 'Promoção excluída' });
    expect(await storedRow(made.id_promocao)).toBeUndefined();
    const gone = await send('adminA', 'GET', `${URL}/${made.id_promocao}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ erro: MSG_CONTEUDO.promocaoNaoEncontrada });

    const audit = await auditOf(made.id_promocao);
    expect(audit.map((a) => [a.acao, a.id_usuario])).toEqual([
      ['criar', w.ids.adminA],
      ['alterar', w.ids.adminA],
      ['excluir', w.ids.adminA],
    ]);
    expect(JSON.parse(audit[1].antes ?? '{}')).toMatchObject({ regra: 'Primeira', plano_dias: 30 });
    expect(JSON.parse(audit[1].depois ?? '{}')).toMatchObject({ regra: 'Segunda', dat_final: '2026-02-28' });
    expect(JSON.parse(audit[2].antes ?? '{}')).toMatchObject({ regra: 'Segunda', ies_pago: 'N' });
  });
});
