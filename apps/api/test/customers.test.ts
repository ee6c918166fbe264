import { MSG_VENDA } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/lib/clock.js';
import { ACCENTED, foldForSearch } from '../src/db/search-text.js';
import { namePrefixQuery } from '../src/modules/users/repository.js';
import { dialect, queryPlan, useTestApp } from './helper.js';
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

const t = useTestApp();

type Who = 'consumer' | 'partnerA' | 'partnerB' | 'admin1' | 'admin2' | 'super';
interface World {
  city: number;
  shopA: number;
  shopB: number;
  lonely: number; // a shop in no campaign
  consumer: number;
  tokens: Record<Who, string>;
}
const w = {} as World;
const get = (who: Who, url: string) => t.app.inject({ url, headers: bearer(w.tokens[who]) });

beforeAll(async () => {
  const city1 = await createCity(t.db);
  const city2 = await createCity(t.db);
  w.city = city1.cod_cidade;
  w.shopA = (await createShop(t.db, { cod_cidade: w.city, nome: 'Sorveteria Polar' })).id_estabelecimento;
  w.shopB = (await createShop(t.db, { cod_cidade: w.city })).id_estabelecimento;
  w.lonely = (await createShop(t.db, { cod_cidade: w.city })).id_estabelecimento;
  [w.consumer] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Consumidora Teste'] });
  const user = async (o: Parameters<typeof createUser>[1]) =>
    sessionFor(t.db, (await createUser(t.db, { cod_cidade: w.city, ...o })).id_usuario);
  w.tokens = {
    consumer: await sessionFor(t.db, w.consumer),
    partnerA: await user({ parceiro: true, estabelecimentos: [w.shopA] }),
    partnerB: await user({ parceiro: true, estabelecimentos: [w.shopB] }),
    admin1: await user({ admin: true }),
    admin2: await user({ admin: true, cod_cidade: city2.cod_cidade }),
    super: await user({ admin: true, superadmin: true, cod_cidade: city2.cod_cidade }),
  };
});

describe('customer search', () => {
  beforeAll(async () => {
    await insertConsumers(t.db, {
      cod_cidade: w.city,
      nomes: [
        'João da Silva',
        'JOANA Prado',
        'Joãozinho Souza',
        'Maria Joana Lima',
        'Joaquim Barros',
        'Jonas Abreu',
        'Joab Costa',
        'Ana Beatriz Conceição',
        'Joana Dark',
        'Joana Maria',
      ],
      whatsup: ['11987650001', '11987650002', '21912340003', '', '', '', '', '11987650009'],
    });
    await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['João Removido'], removido: true });
  });

  const search = async (who: Who, nome: string) => {
    const res = await get(who, `/v1/parceiro/usuarios?nome=${encodeURIComponent(nome)}`);
    return { status: res.statusCode, body: res.json() };
  };
  const names = async (nome: string) =>
    ((await search('partnerA', nome)).body as { nome: string }[]).map((r) => r.nome);

  const whole = async (nome: string) =>
    ((await search('admin1', nome)).body as { nome: string }[]).map((r) => r.nome);

  it('finds by name without case or accents, prefix first, at most 6, never removed people', async () => {
    expect(await whole('joão')).toEqual(['João da Silva', 'Joãozinho Souza']);
    expect(await whole('JOAO DA')).toEqual(['João da Silva']);
    // 'joa' starts 7 names: the first 6 by name, removed people never.
    expect(await whole('joa')).toEqual([
      'Joab Costa',
      'Joana Dark',
      'Joana Maria',
      'JOANA Prado',
      'João da Silva',
      'Joãozinho Souza',
    ]);
    // Names that start with it first, then names that contain it.
    expect(await whole('ana')).toEqual([
      'Ana Beatriz Conceição',
      'Joana Dark',
      'Joana Maria',
      'JOANA Prado',
      'Maria Joana Lima',
    ]);
    expect((await search('partnerA', 'jo ')).status).toBe(400); // trimmed to 2 characters
    expect(await whole('con')).toEqual(['Consumidora Teste', 'Ana Beatriz Conceição']);
    expect(await whole('CEIÇÃO')).toEqual(['Ana Beatriz Conceição']);
    expect(await whole('ana100%')).toEqual([]);
    expect(await whole('an_a')).toEqual([]);
  });

  it('shows a partner each person as "Maria S.", a one-word name as it is, an entity by its name (issue 52); an admin whole', async () => {
    expect(await names('joão')).toEqual(['João S.', 'Joãozinho S.']);
    expect(await names('ana')).toEqual(['Ana C.', 'Joana D.', 'Joana M.', 'JOANA P.', 'Maria L.']);
    await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Xuxa'] });
    expect(await names('xuxa')).toEqual(['Xuxa']);
    // An entity's account: by the entity's name (an account named otherwise, to tell the two apart).
    const [conta] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Conta Da Entidade Zeta'] });
    await t.db
      .insertInto('entidades')
      .values({
        cod_cidade: w.city,
        nome: 'Associação Zeta de Amparo',
        cnpj: '11.222.333/0001-81',
        causa: 'amparo',
        id_usuario: conta,
        criado_em: new Date().toISOString(),
        atualizado_em: new Date().toISOString(),
      })
      .execute();
    expect(await names('entidade zeta')).toEqual(['Associação Zeta de Amparo']);
    expect(await whole('entidade zeta')).toEqual(['Conta Da Entidade Zeta']);
  });

  it('answers id, name and the phone masked but for its last 4 digits; finds by the ending of a phone', async () => {
    const res = await search('admin1', '(11) 98765-0001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id_usuario: expect.any(Number), nome: 'João da Silva', whatsup: '(**) *****-0001' },
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['id_usuario', 'nome', 'whatsup']);
    // The last 4 digits are enough; no answer carries a whole number.
    expect((await search('partnerA', '0003')).body).toEqual([
      { id_usuario: expect.any(Number), nome: 'Joãozinho S.', whatsup: '(**) *****-0003' },
    ]);
    for (const r of (await search('partnerA', 'joa')).body as { whatsup: string }[])
      expect(r.whatsup).not.toMatch(/\d{5}/);
    // A number's beginning finds nobody: no walking through a city's numbers by prefix.
    expect((await search('partnerA', '1198765')).body).toEqual([]);
    expect((await search('super', '0009')).body.map((r: { nome: string }) => r.nome)).toEqual([
      'Ana Beatriz Conceição',
    ]);
  });

  it("answers only residents of the caller's cities (a partner's shops', an admin's; the super-admin's all)", async () => {
    const city3 = await createCity(t.db);
    await insertConsumers(t.db, {
      cod_cidade: city3.cod_cidade,
      nomes: ['Joana Forasteira'],
      whatsup: ['11987657777'],
    });
    const shop3 = (await createShop(t.db, { cod_cidade: city3.cod_cidade })).id_estabelecimento;
    const partnerOf = async (estabelecimentos: number[]) =>
      sessionFor(
        t.db,
        (await createUser(t.db, { cod_cidade: w.city, parceiro: true, estabelecimentos })).id_usuario,
      );
    const found = async (token: string, nome: string) => {
      const res = await t.app.inject({
        url: `/v1/parceiro/usuarios?nome=${encodeURIComponent(nome)}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { nome: string }[]).map((r) => r.nome);
    };

    expect(await found(w.tokens.partnerA, 'forasteira')).toEqual([]);
    expect(await found(w.tokens.partnerA, '7777')).toEqual([]);
    expect(await found(w.tokens.admin1, 'forasteira')).toEqual([]);
    // admin2's city is neither: nobody of city 1 nor of city 3.
    expect(await found(w.tokens.admin2, 'joana')).toEqual([]);
    expect(await found(w.tokens.super, 'forasteira')).toEqual(['Joana Forasteira']);
    const inCity3 = await partnerOf([shop3]);
    expect(await found(inCity3, '7777')).toEqual(['Joana F.']);
    expect(await found(inCity3, 'joão da')).toEqual([]);
    const inBoth = await partnerOf([w.shopA, shop3]);
    expect(await found(inBoth, 'joana f')).toEqual(['Joana F.']);
    expect(await found(inBoth, 'joão da')).toEqual(['João S.']);
    expect(await found(await partnerOf([]), 'joana')).toEqual([]);
  });

  it('needs 3 letters of a name or the last 4 digits of a phone, and a partner or admin', async () => {
    for (const text of ['ab', 'a.b', ' a1b ', '123', '(11) 9'])
      expect(await search('partnerA', text)).toEqual({ status: 400, body: { erro: MSG_VENDA.buscaCurta } });
    expect((await search('consumer', 'joão')).status).toBe(403);
    expect((await t.app.inject({ url: '/v1/parceiro/usuarios?nome=joao' })).statusCode).toBe(401);
  });

  it("finds a name prefix within the caller's city as one range of an index, never by sorting the city", async () => {
    const plan = await queryPlan(t.db, namePrefixQuery(t.db, [w.city], 'joa', 'job', 6).compile());
    // SQLite without statistics took the city's index (cod_cidade, parceiro) and sorted every
    // resident of the city: 1.1–1.7 s at city scale (migration busca-por-cidade).
    if (dialect === 'postgres') expect(plan).toMatch(/usuarios_(cidade_nome|nome_busca)_idx/);
    else {
      expect(plan).toContain('usuarios_cidade_nome_idx (cod_cidade=? AND nome_busca>? AND nome_busca<?)');
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  it('folds names in the database exactly as the server folds what is typed', async () => {
    const sample = `Ábç ${ACCENTED} Ñandú ØLE Zé`;
    const [id] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: [sample] });
    const row = await t.db
      .selectFrom('usuarios')
      .select('nome_busca')
      .where('id_usuario', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.nome_busca).toBe(foldForSearch(sample));
    expect(foldForSearch('ÁÉÍÓÚ Çç')).toBe('aeiou cc');
  });
});

describe('sellers of a shop', () => {
  it("puts 'Sem Vendedor' (99) first, then the shop's sellers by name", async () => {
    await createSeller(t.db, { id_estabelecimento: w.shopA, nome_vendedor: 'Zeca' });
    const ana = await createSeller(t.db, { id_estabelecimento: w.shopA, nome_vendedor: 'Ana' });
    await createSeller(t.db, { id_estabelecimento: w.shopB, nome_vendedor: 'Outro' });
    expect(ana.id_vendedor).toBeGreaterThan(99);
    const res = await get('partnerA', `/v1/estabelecimentos/vendedores/${w.shopA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id_estabelecimento: w.shopA, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' },
      { id_estabelecimento: w.shopA, id_vendedor: ana.id_vendedor, nome_vendedor: 'Ana' },
      { id_estabelecimento: w.shopA, id_vendedor: expect.any(Number), nome_vendedor: 'Zeca' },
    ]);
    expect((await get('partnerA', `/v1/estabelecimentos/vendedores/${w.lonely}`)).statusCode).toBe(403);
    const none = await get('admin1', `/v1/estabelecimentos/vendedores/${w.lonely}`);
    expect(none.json()).toEqual([
      { id_estabelecimento: w.lonely, id_vendedor: 99, nome_vendedor: 'Sem Vendedor' },
    ]);
    for (const [who, status] of [
      ['partnerB', 403],
      ['admin2', 403],
      ['consumer', 403],
      ['super', 200],
    ] as const) {
      expect((await get(who, `/v1/estabelecimentos/vendedores/${w.shopA}`)).statusCode, who).toBe(status);
    }
    expect((await get('super', '/v1/estabelecimentos/vendedores/987654')).statusCode).toBe(404);
  });
});

describe('campaigns of a shop, coupons and statement', () => {
  const year = new Date().toISOString().slice(0, 4);
  let older: number;
  let newer: number;

  beforeAll(async () => {
    older = (
      await createCampaign(t.db, {
        cod_cidade: w.city,
        den_campanha: 'Verão',
        validade_ini: day(-8),
        validade_fim: day(-2),
        lojas: [{ id_estabelecimento: w.shopA, fator_sorteio: 0.02 }],
      })
    ).id_campanha;
    newer = (
      await createCampaign(t.db, {
        cod_cidade: w.city,
        den_campanha: 'Inverno',
        validade_ini: day(-1),
        validade_fim: day(40),
        lojas: [
          { id_estabelecimento: w.shopA, fator_sorteio: 0.01, fator_cashback: 0.1 },
          { id_estabelecimento: w.shopB },
        ],
      })
    ).id_campanha;
    // An old campaign of another year never shows.
    await createCampaign(t.db, {
      cod_cidade: w.city,
      validade_ini: `${Number(year) - 2}-01-01`,
      validade_fim: `${Number(year) - 2}-12-31`,
      lojas: [{ id_estabelecimento: w.shopA }],
    });
  });

  it('lists the campaigns of the year the shop is in, newest first, or []', async () => {
    const res = await get('partnerA', `/v1/parceiro/campanhas?id_estabelecimento=${w.shopA}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id_campanha: number }[]>();
    // A campaign of the year is one whose validity touches it (on the programme's clock).
    const olderThisYear = day(-2) >= `${today().slice(0, 4)}-01-01`;
    expect(list.map((c) => c.id_campanha)).toEqual(olderThisYear ? [newer, older] : [newer]);
    expect(list[0]).toEqual({
      id_campanha: newer,
      den_campanha: 'Inverno',
      validade_ini: day(-1),
      validade_fim: day(40),
      fator_cashback: 0.1,
      fator_sorteio: 0.01,
      exige_nfce: false,
    });
    expect((await get('admin1', `/v1/parceiro/campanhas?id_estabelecimento=${w.lonely}`)).json()).toEqual([]);
    expect((await get('partnerB', `/v1/parceiro/campanhas?id_estabelecimento=${w.shopA}`)).statusCode).toBe(
      403,
    );
    expect((await get('consumer', `/v1/parceiro/campanhas?id_estabelecimento=${w.shopA}`)).statusCode).toBe(
      403,
    );
  });

  it('gives a consumer with nothing one empty element', async () => {
    const res = await get('consumer', `/v1/usuarios/cupons?cod_cidade=${w.city}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id_campanha: 0, den_campanha: '', saldo: 0, pontos: 0, cupons: [] }]);
    expect((await get('consumer', '/v1/extrato')).json()).toEqual([]);
    expect((await t.app.inject({ url: `/v1/usuarios/cupons?cod_cidade=${w.city}` })).statusCode).toBe(401);
  });

  it('shows balance and coupons per campaign, the running one first, and the statement newest first', async () => {
    const sell = async (o: {
      id_campanha: number;
      valor_venda: number;
      dat_venda: string;
      numero_venda: string;
    }) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(w.tokens.partnerA),
        payload: { id_estabelecimento: w.shopA, id_usuario: w.consumer, id_vendedor: 99, ...o },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ venda: { id_venda: number } }>().venda.id_venda;
    };
    // 'Verão' took this sale while it ran: an ended campaign takes no sale (issue 37).
    const setEnd = (validade_fim: string) =>
      t.db.updateTable('campanhas').set({ validade_fim }).where('id_campanha', '=', older).execute();
    await setEnd(day(0));
    const v1 = await sell({ id_campanha: older, valor_venda: 75, dat_venda: day(-3), numero_venda: 'C-1' }); // 1.5
    await setEnd(day(-2));
    const v2 = await sell({
      id_campanha: newer,
      valor_venda: 234.56,
      dat_venda: day(-1),
      numero_venda: 'C-2',
    }); // 2.3456
    // Someone else's coupons in the same campaign never show.
    const [other] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Outra Pessoa'] });
    await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(w.tokens.partnerA),
      payload: {
        id_estabelecimento: w.shopA,
        id_campanha: newer,
        id_usuario: other,
        dat_venda: day(-1),
        numero_venda: 'C-3',
        valor_venda: 500,
      },
    });

    const res = await get('consumer', `/v1/usuarios/cupons?cod_cidade=${w.city}`);
    expect(res.statusCode).toBe(200);
    const [running, past, ...rest] = res.json();
    expect(rest).toEqual([]);
    expect(running).toMatchObject({
      id_campanha: newer,
      den_campanha: 'Inverno',
      saldo: 0.3456,
      pontos: 2.3456,
    });
    expect(running.cupons).toHaveLength(2);
    expect(running.cupons[0]).toEqual({
      id_sorteio: 1,
      serie: 0,
      numero: 0,
      codigo: '000-00000',
      dat_emissao: expect.any(String),
      id_campanha: newer,
      den_campanha: 'Inverno',
      banner: 'imgban/teste.png',
      id_estabelecimento: w.shopA,
      nom_estabecimento: 'Sorveteria Polar',
      url_logo: '',
      doado_para: null,
    });
    expect(running.cupons.map((c: { codigo: string }) => c.codigo)).toEqual(['000-00000', '000-00001']);
    expect(past).toMatchObject({ id_campanha: older, saldo: 0.5, pontos: 1.5 });
    expect(past.cupons).toHaveLength(1);
    // Another city: nothing there.
    expect((await get('consumer', '/v1/usuarios/cupons?cod_cidade=1')).json()).toEqual([
      { id_campanha: 0, den_campanha: '', saldo: 0, pontos: 0, cupons: [] },
    ]);

    const extrato = await get('consumer', '/v1/extrato');
    expect(extrato.statusCode).toBe(200);
    expect(extrato.json()).toEqual([
      {
        id_venda: v2,
        id_campanha: newer,
        den_campanha: 'Inverno',
        id_estabelecimento: w.shopA,
        nomeestabelecimento: 'Sorveteria Polar',
        dat_venda: day(-1),
        numero_venda: 'C-2',
        valor_venda: 234.56,
        cashback: 23.46,
        pontos: 2.3456,
        cupons: 2,
      },
      expect.objectContaining({ id_venda: v1, valor_venda: 75, cashback: 3.75, pontos: 1.5, cupons: 1 }),
    ]);
  });

  it('serial numbers roll over every 100,000 coupons', async () => {
    const { couponCode } = await import('@praca/contract');
    expect(couponCode(1)).toEqual({ serie: 0, numero: 0, codigo: '000-00000' });
    expect(couponCode(100_000)).toEqual({ serie: 0, numero: 99_999, codigo: '000-99999' });
    expect(couponCode(100_001)).toEqual({ serie: 1, numero: 0, codigo: '001-00000' });
    expect(couponCode(1_234_567)).toEqual({ serie: 12, numero: 34_566, codigo: '012-34566' });
  });
});
