import { MSG, MSG_ADMIN } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCategory,
  createCity,
  createSeller,
  createShop,
  createUser,
  day,
  insertConsumers,
  login,
  newCnpj,
  sessionFor,
  countRows,
} from './factories.js';

const t = useTestApp();
const BASE = '/v1/adm/estabelecimentos';

type Who = 'adminA' | 'adminB' | 'super' | 'consumer' | 'partner';
interface World {
  cityA: number;
  cityB: number;
  tokens: Record<Who, string>;
}

/** Two fresh cities, an admin of each, a super-admin (living in A), a consumer and a partner. */
async function world(): Promise<World> {
  const cityA = (await createCity(t.db)).cod_cidade;
  const cityB = (await createCity(t.db)).cod_cidade;
  const token = async (o: Parameters<typeof createUser>[1]) =>
    sessionFor(t.db, (await createUser(t.db, { cod_cidade: cityA, ...o })).id_usuario);
  return {
    cityA,
    cityB,
    tokens: {
      adminA: await token({ admin: true }),
      adminB: await token({ admin: true, cod_cidade: cityB }),
      super: await token({ admin: true, superadmin: true }),
      consumer: await token({}),
      partner: await token({ parceiro: true }),
    },
  };
}

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const countOf = (table: 'estabelecimentos' | 'vendedores' | 'auditoria') => countRows(t.db, table);

const storedShop = (id: number) =>
  t.db.selectFrom('estabelecimentos').selectAll().where('id_estabelecimento', '=', id).executeTakeFirst();

const sellersOf = async (id: number) =>
  (
    await t.db
      .selectFrom('vendedores')
      .select(['id_vendedor', 'nome_vendedor'])
      .where('id_estabelecimento', '=', id)
      .orderBy('nome_vendedor')
      .execute()
  ).map((s) => s.nome_vendedor);

/** A sale of a shop straight in the table (optionally soft-deleted), with a seller or none. */
async function insertSale(
  shop: { id_estabelecimento: number; cod_cidade: number },
  o: { id_vendedor?: number; excluida?: boolean } = {},
) {
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: shop.cod_cidade,
    lojas: [{ id_estabelecimento: shop.id_estabelecimento }],
  });
  const [consumer] = await insertConsumers(t.db, {
    cod_cidade: shop.cod_cidade,
    nomes: ['Cliente da Venda'],
  });
  const now = new Date().toISOString();
  return t.db
    .insertInto('vendas')
    .values({
      id_campanha,
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario: consumer,
      id_vendedor: o.id_vendedor ?? null,
      dat_venda: day(-1),
      numero_venda: `NF-${Math.random().toString(36).slice(2, 10)}`,
      valor_centavos: 1000,
      pontos_e6: 0,
      cashback_e6: 0,
      atualizado_em: now,
      excluida_em: o.excluida ? now : null,
    })
    .returning('id_venda')
    .executeTakeFirstOrThrow();
}

const auditOf = (entidade: string, id: number) =>
  t.db
    .selectFrom('auditoria')
    .select(['id_usuario', 'acao', 'antes', 'depois'])
    .where('entidade', '=', entidade)
    .where('id_entidade', '=', String(id))
    .orderBy('id')
    .execute();

describe('who may use the admin establishment routes', () => {
  it('answers 401 without a token or with an unknown one, 403 to consumers and partners', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA });
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/${shop.id_estabelecimento}`],
      ['POST', BASE, { nome: 'Nova' }],
      ['PATCH', `${BASE}/${shop.id_estabelecimento}`, { nome: 'Outra' }],
      ['DELETE', `${BASE}/${shop.id_estabelecimento}`],
      ['GET', `${BASE}/${shop.id_estabelecimento}/vendedores`],
      ['POST', `${BASE}/${shop.id_estabelecimento}/vendedores`, { nome_vendedor: 'Ana' }],
    ];
    for (const [method, url, payload] of routes) {
      const none = await call(undefined, method, url, payload);
      expect(none.statusCode, `${method} ${url}`).toBe(401);
      expect(none.json(), `${method} ${url}`).toEqual({ erro: MSG.naoAutenticado });
      expect((await call('x'.repeat(43), method, url, payload)).statusCode).toBe(401);
      for (const who of ['consumer', 'partner'] as const) {
        const res = await call(w.tokens[who], method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ erro: MSG.semPermissao });
      }
    }
    expect((await storedShop(shop.id_estabelecimento))?.nome).toBe(shop.nome);
    expect(await sellersOf(shop.id_estabelecimento)).toEqual([]);
  });

  it('lets an admin who logged in through the admin door list its city', async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const user = await createUser(t.db, { admin: true, cod_cidade: city });
    const token = await login(t.app, user, 'admin');
    await createShop(t.db, { cod_cidade: city, nome: 'Quitanda' });
    const res = await call(token, 'GET', BASE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((s: { nome: string }) => s.nome)).toEqual(['Quitanda']);
  });

  it('keeps a plain admin inside its city: other cities are 403 to list, read, edit and sellers', async () => {
    const w = await world();
    const shopB = await createShop(t.db, { cod_cidade: w.cityB, nome: 'Loja de B' });
    const list = await call(w.tokens.adminA, 'GET', `${BASE}?codcidade=${w.cityB}`);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    const list2 = await call(w.tokens.adminA, 'GET', `${BASE}?cod_cidade=${w.cityB}`);
    expect(list2.json()).toEqual({ erro: MSG_ADMIN.outraCidade });

    const id = shopB.id_estabelecimento;
    for (const [method, url, payload] of [
      ['GET', `${BASE}/${id}`],
      ['PATCH', `${BASE}/${id}`, { nome: 'Tomada' }],
      ['GET', `${BASE}/${id}/vendedores`],
      ['POST', `${BASE}/${id}/vendedores`, { nome_vendedor: 'Intruso' }],
    ] as const) {
      const res = await call(w.tokens.adminA, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ erro: MSG.semPermissao });
    }
    expect((await storedShop(id))?.nome).toBe('Loja de B');
    expect(await sellersOf(id)).toEqual([]);

    const unknown = await call(w.tokens.adminA, 'GET', `${BASE}/999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ erro: MSG.estabelecimentoNaoEncontrado });
  });

  it('refuses create and delete to a plain admin, even of its own city and before reading the body', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA });
    const before = await countOf('estabelecimentos');
    for (const payload of [
      { nome: 'Nova Loja', cod_cidade: w.cityA },
      { nome: '', cnpj: '1' },
    ]) {
      const res = await call(w.tokens.adminA, 'POST', BASE, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.somenteSuperadminCria });
    }
    const del = await call(w.tokens.adminA, 'DELETE', `${BASE}/${shop.id_estabelecimento}`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ erro: MSG_ADMIN.somenteSuperadminCria });
    expect(await countOf('estabelecimentos')).toBe(before);
    expect(await storedShop(shop.id_estabelecimento)).toBeDefined();
  });

  it('shows an admin linked to one shop only that shop', async () => {
    const w = await world();
    const mine = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Minha Loja' });
    const other = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Alheia' });
    const user = await createUser(t.db, {
      admin: true,
      cod_cidade: w.cityA,
      estabelecimentos: [mine.id_estabelecimento],
    });
    const token = await sessionFor(t.db, user.id_usuario);

    const res = await call(token, 'GET', BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id_estabelecimento: number }) => s.id_estabelecimento)).toEqual([
      mine.id_estabelecimento,
    ]);
    expect(res.headers['x-total-count']).toBe('1');

    expect((await call(token, 'GET', `${BASE}/${mine.id_estabelecimento}`)).statusCode).toBe(200);
    const read = await call(token, 'GET', `${BASE}/${other.id_estabelecimento}`);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ erro: MSG.semPermissao });
    const edit = await call(token, 'PATCH', `${BASE}/${other.id_estabelecimento}`, { nome: 'Tomada' });
    expect(edit.statusCode).toBe(403);
    expect((await storedShop(other.id_estabelecimento))?.nome).toBe('Alheia');
  });
});

describe('the establishment list', () => {
  it('lists the city by name with X-Total-Count; the super-admin picks the city (either spelling)', async () => {
    const w = await world();
    await createShop(t.db, { cod_cidade: w.cityA, nome: 'Padaria Sol' });
    await createShop(t.db, { cod_cidade: w.cityA, nome: 'Açougue Bom' });
    await createShop(t.db, { cod_cidade: w.cityA, nome: 'Mercado Lua' });
    await createShop(t.db, { cod_cidade: w.cityB, nome: 'Bazar B' });
    const names = (res: { json(): unknown }) => (res.json() as { nome: string }[]).map((s) => s.nome);

    const a = await call(w.tokens.adminA, 'GET', BASE);
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-total-count']).toBe('3');
    expect(names(a)).toEqual(['Açougue Bom', 'Mercado Lua', 'Padaria Sol']);
    expect(names(await call(w.tokens.adminA, 'GET', `${BASE}?cod_cidade=${w.cityA}`))).toHaveLength(3);

    expect(names(await call(w.tokens.super, 'GET', BASE))).toHaveLength(3);
    expect(names(await call(w.tokens.super, 'GET', `${BASE}?codcidade=${w.cityB}`))).toEqual(['Bazar B']);
    expect(names(await call(w.tokens.super, 'GET', `${BASE}?cod_cidade=${w.cityB}`))).toEqual(['Bazar B']);
    expect(names(await call(w.tokens.adminB, 'GET', BASE))).toEqual(['Bazar B']);
  });

  it('searches by id or by part of the name, any case, and pages with limite', async () => {
    const w = await world();
    const padaria = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Padaria Central' });
    await createShop(t.db, { cod_cidade: w.cityA, nome: 'Farmácia Central' });
    await createShop(t.db, { cod_cidade: w.cityA, nome: 'Loja 100% Natural' });
    await createShop(t.db, { cod_cidade: w.cityA, nome: 'Mercado Norte' });
    const get = (query: string) => call(w.tokens.adminA, 'GET', `${BASE}?${query}`);
    const names = async (query: string) => (await get(query)).json().map((s: { nome: string }) => s.nome);

    expect(await names(`q=${padaria.id_estabelecimento}`)).toEqual(['Padaria Central']);
    expect((await names('q=central')).sort()).toEqual(['Farmácia Central', 'Padaria Central']);
    expect(await names('q=PADARIA')).toEqual(['Padaria Central']);
    expect(await names('q=100')).toEqual(['Loja 100% Natural']);
    expect(await names(`q=${encodeURIComponent('%')}`)).toEqual(['Loja 100% Natural']);
    expect(await names('q=_')).toEqual([]);
    expect(await names('q=inexistente')).toEqual([]);

    const page1 = await get('limite=3');
    expect(page1.headers['x-total-count']).toBe('4');
    expect(page1.json()).toHaveLength(3);
    const page2 = await get('limite=3&pagina=2');
    expect(page2.headers['x-total-count']).toBe('4');
    expect(page2.json()).toHaveLength(1);
    const all = [...page1.json(), ...page2.json()].map((s: { nome: string }) => s.nome);
    expect(new Set(all).size).toBe(4);
    const searchPage = await get('q=central&limite=1');
    expect(searchPage.headers['x-total-count']).toBe('2');
    expect(searchPage.json()).toHaveLength(1);
  });
});

describe('creating an establishment (super-admin)', () => {
  it('creates in any city with the fields as stored: CNPJ and CEP formatted, money in reais, sellers without repeats', async () => {
    const w = await world();
    const cat = await createCategory(t.db, `Padarias ${w.cityB}`);
    const res = await call(w.tokens.super, 'POST', BASE, {
      id_estabelecimento: 0,
      nome: '  Padaria Nova  ',
      endereco: 'Rua das Flores, 10',
      bairro: 'Centro',
      cidade: 'Santos',
      uf: 'sp',
      cep: '11010000',
      cod_cidade: w.cityB,
      telefone: '(13) 3333-4444',
      url_foto: 'imgest/loja-1a2b3c4d.png',
      id_categoria: cat.id_categoria,
      vl_min_pedido: 19.9,
      vl_taxa_entrega: '5,50',
      cnpj: '11.222.333/0001-81',
      latitude: -23.96081234,
      longitude: -46.33361234,
      vendedores: [
        { nome_vendedor: 'Ana' },
        { nome_vendedor: ' ana ' },
        { nome_vendedor: 'Bruno' },
        { nome_vendedor: 'Sem Vendedor' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const shop = res.json();
    expect(shop).toMatchObject({
      nome: 'Padaria Nova',
      endereco: 'Rua das Flores, 10',
      complemento: '',
      uf: 'SP',
      cep: '11010-000',
      cod_cidade: w.cityB,
      url_foto: 'imgest/loja-1a2b3c4d.png',
      url_logo: '',
      id_categoria: cat.id_categoria,
      categoria: cat.categoria,
      ind_ativo: 'S',
      ies_campanha: 'N',
      vl_min_pedido: 19.9,
      vl_taxa_entrega: 5.5,
      cnpj: '11.222.333/0001-81',
      latitude: -23.96081234,
      longitude: -46.33361234,
      avaliacao: 0,
      qtd_avaliacao: 0,
      id_cupom: null,
      id_campanha_def: null,
      campanhas: [],
    });
    expect(shop.id_estabelecimento).toBeGreaterThan(0);
    expect(shop.vendedores.map((v: { nome_vendedor: string }) => v.nome_vendedor)).toEqual(['Ana', 'Bruno']);
    const row = await storedShop(shop.id_estabelecimento);
    expect(row).toMatchObject({
      vl_min_pedido_centavos: 1990,
      vl_taxa_entrega_centavos: 550,
      cep: '11010-000',
    });

    const again = await call(w.tokens.super, 'GET', `${BASE}/${shop.id_estabelecimento}`);
    expect(again.json()).toEqual(shop);
    // The consumer list of city B shows it at once.
    const pub = await t.app.inject({ url: `/v1/estabelecimentos?cod_cidade=${w.cityB}` });
    expect(pub.json().map((s: { nome: string }) => s.nome)).toContain('Padaria Nova');

    const audit = await auditOf('estabelecimento', shop.id_estabelecimento);
    expect(audit).toHaveLength(1);
    expect(audit[0].acao).toBe('criar');
    expect(JSON.parse(audit[0].depois ?? '{}')).toMatchObject({
      nome: 'Padaria Nova',
      cnpj: '11.222.333/0001-81',
    });
  });

  it('takes an alphanumeric CNPJ (IN RFB 2.229/2024) and stores it masked in capitals', async () => {
    const w = await world();
    const res = await call(w.tokens.super, 'POST', BASE, {
      nome: 'Loja Alfanumérica',
      cnpj: '12abc34501de35',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ cnpj: '12.ABC.345/01DE-35', cnpjs: ['12.ABC.345/01DE-35'] });
    const other = newCnpj();
    const edited = await call(w.tokens.super, 'PATCH', `${BASE}/${res.json().id_estabelecimento}`, {
      cnpj: other,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ cnpj: other, cnpjs: [other] });
  });

  it('fills the defaults and the caller’s own city when only the name is sent', async () => {
    const w = await world();
    const res = await call(w.tokens.super, 'POST', BASE, { nome: 'Só o Nome' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      nome: 'Só o Nome',
      cod_cidade: w.cityA,
      endereco: '',
      cnpj: '',
      cep: '',
      ind_ativo: 'S',
      ies_campanha: 'N',
      vl_min_pedido: 0,
      vl_taxa_entrega: 0,
      id_categoria: null,
      categoria: null,
      latitude: null,
      longitude: null,
      vendedores: [],
    });
  });

  it('answers 400 with the spec’s messages and stores nothing', async () => {
    const w = await world();
    const campaignB = (await createCampaign(t.db, { cod_cidade: w.cityB })).id_campanha;
    const cases: [Record<string, unknown>, string][] = [
      [{ nome: undefined }, MSG_ADMIN.nomeObrigatorio],
      [{ id_campanha_def: 999_999 }, MSG_ADMIN.campanhaNaoEncontrada],
      [{ cod_cidade: w.cityA, id_campanha_def: campaignB }, MSG_ADMIN.campanhaNaoEncontrada],
      [{ nome: '   ' }, MSG_ADMIN.nomeObrigatorio],
      [{ cnpj: '11.222.333/0001-82' }, 'CNPJ invalido'],
      [{ cnpj: '11111111111111' }, 'CNPJ invalido'],
      [{ cnpj: '1122233300018' }, 'CNPJ invalido'],
      [{ cnpj: '12.ABC.345/01DE-36' }, 'CNPJ invalido'],
      [{ cep: '1101-000' }, MSG_ADMIN.cepInvalido],
      [{ cep: '110100000' }, MSG_ADMIN.cepInvalido],
      [{ latitude: 91 }, MSG_ADMIN.latitudeInvalida],
      [{ latitude: -23.123456789 }, MSG_ADMIN.latitudeInvalida],
      [{ longitude: -180.5 }, MSG_ADMIN.longitudeInvalida],
      [{ vl_min_pedido: 1.234 }, MSG_ADMIN.valorInvalido],
      [{ vl_taxa_entrega: -1 }, MSG_ADMIN.valorInvalido],
      [{ uf: 'São Paulo' }, MSG_ADMIN.ufInvalida],
      // The site is shown as a link: http(s) only, as the campaign's link (issue 37).
      [{ site: 'javascript:alert(document.cookie)' }, MSG_ADMIN.linkInvalido],
      [{ site: 'data:text/html,<script>alert(1)</script>' }, MSG_ADMIN.linkInvalido],
      [{ site: 'www.loja.example' }, MSG_ADMIN.linkInvalido],
      [{ url_foto: '../etc/passwd' }, MSG_ADMIN.caminhoImagemInvalido],
      [{ cod_cidade: 9_999_998 }, MSG_ADMIN.cidadeNaoEncontrada],
      [{ id_categoria: 999_999 }, MSG_ADMIN.categoriaNaoEncontrada],
      [{ vendedores: [{ nome_vendedor: '  ' }] }, MSG_ADMIN.vendedorObrigatorio],
    ];
    const shops = await countOf('estabelecimentos');
    const sellers = await countOf('vendedores');
    const audits = await countOf('auditoria');
    for (const [over, erro] of cases) {
      const res = await call(w.tokens.super, 'POST', BASE, { nome: 'Loja Válida', ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json(), JSON.stringify(over)).toEqual({ erro });
    }
    expect(await countOf('estabelecimentos')).toBe(shops);
    expect(await countOf('vendedores')).toBe(sellers);
    expect(await countOf('auditoria')).toBe(audits);
  });
});

describe('editing an establishment', () => {
  it("takes a default campaign of the shop's city only; another city's or an unknown one changes nothing", async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Padrão' });
    const mine = (await createCampaign(t.db, { cod_cidade: w.cityA })).id_campanha;
    const theirs = (await createCampaign(t.db, { cod_cidade: w.cityB })).id_campanha;
    const url = `${BASE}/${shop.id_estabelecimento}`;
    for (const id of [theirs, 999_999]) {
      const res = await call(w.tokens.adminA, 'PATCH', url, { id_campanha_def: id });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.campanhaNaoEncontrada });
    }
    expect((await storedShop(shop.id_estabelecimento))?.id_campanha_def).toBeNull();
    const ok = await call(w.tokens.adminA, 'PATCH', url, { id_campanha_def: mine });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().id_campanha_def).toBe(mine);
    const cleared = await call(w.tokens.adminA, 'PATCH', url, { id_campanha_def: null });
    expect(cleared.json().id_campanha_def).toBeNull();
  });

  it('lets the super-admin change category, active flag, photos and city; both cities’ lists follow', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Mudança' });
    const cat = await createCategory(t.db, `Mercados ${w.cityA}`);
    const pubNames = async (cod: number) =>
      (await t.app.inject({ url: `/v1/estabelecimentos?cod_cidade=${cod}` }))
        .json()
        .map((s: { nome: string }) => s.nome);
    expect(await pubNames(w.cityA)).toEqual(['Mudança']);

    const res = await call(w.tokens.super, 'PATCH', `${BASE}/${shop.id_estabelecimento}`, {
      id_categoria: cat.id_categoria,
      ies_campanha: 'S',
      url_foto: 'imgest/nova.png',
      url_logo: 'imglog/logo.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Mudança',
      id_categoria: cat.id_categoria,
      categoria: cat.categoria,
      ies_campanha: 'S',
      ind_ativo: 'S',
      url_foto: 'imgest/nova.png',
      url_logo: 'imglog/logo.png',
    });

    const off = await call(w.tokens.super, 'PATCH', `${BASE}/${shop.id_estabelecimento}`, { ind_ativo: 'N' });
    expect(off.json().ind_ativo).toBe('N');
    expect(await pubNames(w.cityA)).toEqual([]);

    await call(w.tokens.super, 'PATCH', `${BASE}/${shop.id_estabelecimento}`, { ind_ativo: 'S' });
    expect(await pubNames(w.cityA)).toEqual(['Mudança']);
    const moved = await call(w.tokens.super, 'PATCH', `${BASE}/${shop.id_estabelecimento}`, {
      cod_cidade: w.cityB,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().cod_cidade).toBe(w.cityB);
    expect(await pubNames(w.cityA)).toEqual([]);
    expect(await pubNames(w.cityB)).toEqual(['Mudança']);

    const nowhere = await call(w.tokens.super, 'PATCH', `${BASE}/${shop.id_estabelecimento}`, {
      cod_cidade: 9_999_997,
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toEqual({ erro: MSG_ADMIN.cidadeNaoEncontrada });
    expect((await storedShop(shop.id_estabelecimento))?.cod_cidade).toBe(w.cityB);
  });

  it('answers 403 to a plain admin changing a super-admin field, changing nothing; the same values pass', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Restrita' });
    const cat = await createCategory(t.db, `Bares ${w.cityA}`);
    const url = `${BASE}/${shop.id_estabelecimento}`;
    for (const over of [
      { ind_ativo: 'N' },
      { ies_campanha: 'S' },
      { id_categoria: cat.id_categoria },
      { url_foto: 'imgest/outra.png' },
      { url_logo: 'imglog/outra.png' },
      { cod_cidade: w.cityB },
    ]) {
      const res = await call(w.tokens.adminA, 'PATCH', url, { nome: 'Renomeada', ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(403);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.somenteSuperadminCampos });
    }
    const row = await storedShop(shop.id_estabelecimento);
    expect(row).toMatchObject({
      nome: 'Restrita',
      ind_ativo: 'S',
      id_categoria: null,
      url_foto: '',
      cod_cidade: w.cityA,
    });
    expect(await auditOf('estabelecimento', shop.id_estabelecimento)).toEqual([]);

    // The editor sends the whole record back: unchanged restricted fields are fine.
    const record = (await call(w.tokens.adminA, 'GET', url)).json();
    const cnpj = newCnpj();
    const res = await call(w.tokens.adminA, 'PATCH', url, {
      ...record,
      nome: 'Renomeada',
      telefone: '(13) 99999-0000',
      cep: '11010000',
      cnpj: cnpj.replace(/\D/g, ''),
      vl_min_pedido: 12.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Renomeada',
      telefone: '(13) 99999-0000',
      cep: '11010-000',
      cnpj,
      vl_min_pedido: 12.5,
      ind_ativo: 'S',
      url_foto: '',
    });
    const audit = await auditOf('estabelecimento', shop.id_estabelecimento);
    expect(audit).toHaveLength(1);
    expect(audit[0].acao).toBe('alterar');
    expect(JSON.parse(audit[0].antes ?? '{}').nome).toBe('Restrita');
    expect(JSON.parse(audit[0].depois ?? '{}').nome).toBe('Renomeada');
  });

  it('changes only the fields sent and refuses bad ones with 400, keeping the record', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Parcial' });
    const url = `${BASE}/${shop.id_estabelecimento}`;
    await call(w.tokens.adminA, 'PATCH', url, { endereco: 'Av. Brasil, 5', bairro: 'Gonzaga' });
    const res = await call(w.tokens.adminA, 'PATCH', url, { bairro: 'Boqueirão' });
    expect(res.json()).toMatchObject({ nome: 'Parcial', endereco: 'Av. Brasil, 5', bairro: 'Boqueirão' });

    for (const [over, erro] of [
      [{ nome: '' }, MSG_ADMIN.nomeObrigatorio],
      [{ cnpj: '11.222.333/0001-82' }, 'CNPJ invalido'],
      [{ cep: '1101-000' }, MSG_ADMIN.cepInvalido],
      [{ latitude: 91 }, MSG_ADMIN.latitudeInvalida],
      [{ vl_taxa_entrega: 1.234 }, MSG_ADMIN.valorInvalido],
    ] as const) {
      const bad = await call(w.tokens.adminA, 'PATCH', url, { bairro: 'Nunca', ...over });
      expect(bad.statusCode, JSON.stringify(over)).toBe(400);
      expect(bad.json()).toEqual({ erro });
    }
    expect(await storedShop(shop.id_estabelecimento)).toMatchObject({
      nome: 'Parcial',
      bairro: 'Boqueirão',
      cnpj: '',
    });
  });

  it('reconciles the sellers with the list sent: adds, renames, removes, ignores repeated names', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Com Vendedores' });
    const ana = await createSeller(t.db, {
      id_estabelecimento: shop.id_estabelecimento,
      nome_vendedor: 'Ana',
    });
    const bia = await createSeller(t.db, {
      id_estabelecimento: shop.id_estabelecimento,
      nome_vendedor: 'Bia',
    });
    const caio = await createSeller(t.db, {
      id_estabelecimento: shop.id_estabelecimento,
      nome_vendedor: 'Caio',
    });
    const url = `${BASE}/${shop.id_estabelecimento}`;

    const res = await call(w.tokens.adminA, 'PATCH', url, {
      vendedores: [
        { id_vendedor: ana.id_vendedor, nome_vendedor: 'Ana Souza' },
        { id_vendedor: caio.id_vendedor, nome_vendedor: 'Caio' },
        { id_vendedor: 0, nome_vendedor: 'Davi' },
        { nome_vendedor: ' davi ' },
        { nome_vendedor: 'caio' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vendedores).toEqual([
      {
        id_estabelecimento: shop.id_estabelecimento,
        id_vendedor: ana.id_vendedor,
        nome_vendedor: 'Ana Souza',
      },
      { id_estabelecimento: shop.id_estabelecimento, id_vendedor: caio.id_vendedor, nome_vendedor: 'Caio' },
      expect.objectContaining({ nome_vendedor: 'Davi' }),
    ]);
    expect(res.json().vendedores.map((v: { id_vendedor: number }) => v.id_vendedor)).not.toContain(
      bia.id_vendedor,
    );

    // Swapping two names works; a seller of another shop is 400 and changes nothing.
    const swap = await call(w.tokens.adminA, 'PATCH', url, {
      vendedores: [
        { id_vendedor: ana.id_vendedor, nome_vendedor: 'Caio' },
        { id_vendedor: caio.id_vendedor, nome_vendedor: 'Ana Souza' },
      ],
    });
    expect(swap.statusCode, swap.body).toBe(200);
    expect(swap.json().vendedores.map((v: { id_vendedor: number }) => v.id_vendedor)).toEqual([
      caio.id_vendedor,
      ana.id_vendedor,
    ]);
    const other = await createShop(t.db, { cod_cidade: w.cityA });
    const stranger = await createSeller(t.db, { id_estabelecimento: other.id_estabelecimento });
    const bad = await call(w.tokens.adminA, 'PATCH', url, {
      nome: 'Não Muda',
      vendedores: [{ id_vendedor: stranger.id_vendedor, nome_vendedor: 'Roubado' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ erro: MSG_ADMIN.vendedorNaoEncontrado });
    expect(await sellersOf(shop.id_estabelecimento)).toEqual(['Ana Souza', 'Caio']);
    expect((await storedShop(shop.id_estabelecimento))?.nome).toBe('Com Vendedores');
  });
});

describe('reading one establishment', () => {
  it('answers its sellers by name and its campaigns newest first with the factors', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Detalhe' });
    await createSeller(t.db, { id_estabelecimento: shop.id_estabelecimento, nome_vendedor: 'Zé' });
    await createSeller(t.db, { id_estabelecimento: shop.id_estabelecimento, nome_vendedor: 'Beto' });
    const old = await createCampaign(t.db, {
      cod_cidade: w.cityA,
      den_campanha: 'Antiga',
      validade_ini: day(-100),
      validade_fim: day(-50),
      lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.0125 }],
    });
    const current = await createCampaign(t.db, {
      cod_cidade: w.cityA,
      den_campanha: 'Atual',
      validade_ini: day(-5),
      lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_cashback: 0, fator_sorteio: 1.5 }],
    });
    await createCampaign(t.db, { cod_cidade: w.cityA, den_campanha: 'Sem esta loja' });

    const res = await call(w.tokens.adminA, 'GET', `${BASE}/${shop.id_estabelecimento}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vendedores.map((v: { nome_vendedor: string }) => v.nome_vendedor)).toEqual(['Beto', 'Zé']);
    expect(body.campanhas).toEqual([
      {
        id_campanha: current.id_campanha,
        den_campanha: 'Atual',
        validade_ini: day(-5),
        validade_fim: day(30),
        fator_cashback: 0,
        fator_sorteio: 1.5,
      },
      {
        id_campanha: old.id_campanha,
        den_campanha: 'Antiga',
        validade_ini: day(-100),
        validade_fim: day(-50),
        fator_cashback: 0.05,
        fator_sorteio: 0.0125,
      },
    ]);
  });
});

describe('deleting an establishment (super-admin)', () => {
  it('refuses a shop with sales, even deleted ones, with 409 and keeps it', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityB, nome: 'Com Vendas' });
    await insertSale(shop, { excluida: true });
    const res = await call(w.tokens.super, 'DELETE', `${BASE}/${shop.id_estabelecimento}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ erro: MSG_ADMIN.estabelecimentoComVendas });
    expect(await storedShop(shop.id_estabelecimento)).toBeDefined();
    expect(await auditOf('estabelecimento', shop.id_estabelecimento)).toEqual([]);
  });

  it('deletes a shop without sales with its sellers and campaign places, and records it', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityB, nome: 'Vai Embora' });
    await createSeller(t.db, { id_estabelecimento: shop.id_estabelecimento, nome_vendedor: 'Ana' });
    await createCampaign(t.db, {
      cod_cidade: w.cityB,
      lojas: [{ id_estabelecimento: shop.id_estabelecimento }],
    });
    const pub = () => t.app.inject({ url: `/v1/estabelecimentos?cod_cidade=${w.cityB}` });
    expect((await pub()).json()).toHaveLength(1);

    const res = await call(w.tokens.super, 'DELETE', `${BASE}/${shop.id_estabelecimento}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mensagem: 'Estabelecimento excluído' });
    expect(await storedShop(shop.id_estabelecimento)).toBeUndefined();
    expect(await sellersOf(shop.id_estabelecimento)).toEqual([]);
    expect((await call(w.tokens.super, 'GET', `${BASE}/${shop.id_estabelecimento}`)).statusCode).toBe(404);
    expect((await pub()).json()).toEqual([]);
    const again = await call(w.tokens.super, 'DELETE', `${BASE}/${shop.id_estabelecimento}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ erro: MSG.estabelecimentoNaoEncontrado });

    const audit = await auditOf('estabelecimento', shop.id_estabelecimento);
    expect(audit.map((a) => a.acao)).toEqual(['excluir']);
    expect(JSON.parse(audit[0].antes ?? '{}')).toMatchObject({ nome: 'Vai Embora' });
  });
});

describe('the sellers tab', () => {
  it('adds, ignores the same name again, renames and removes; a removed seller’s sales show no seller', async () => {
    const w = await world();
    const shop = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Equipe' });
    const url = `${BASE}/${shop.id_estabelecimento}/vendedores`;
    expect((await call(w.tokens.adminA, 'GET', url)).json()).toEqual([]);

    const added = await call(w.tokens.adminA, 'POST', url, { nome_vendedor: '  Mariana  ' });
    expect(added.statusCode, added.body).toBe(201);
    const mariana = added.json();
    expect(mariana).toEqual({
      id_estabelecimento: shop.id_estabelecimento,
      id_vendedor: expect.any(Number),
      nome_vendedor: 'Mariana',
    });
    const twice = await call(w.tokens.adminA, 'POST', url, { nome_vendedor: 'MARIANA ' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(mariana);
    expect(await sellersOf(shop.id_estabelecimento)).toEqual(['Mariana']);

    const blank = await call(w.tokens.adminA, 'POST', url, { nome_vendedor: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ erro: MSG_ADMIN.vendedorObrigatorio });

    const joao = (await call(w.tokens.adminA, 'POST', url, { nome_vendedor: 'João' })).json();
    const renamed = await call(w.tokens.adminA, 'PATCH', `${url}/${mariana.id_vendedor}`, {
      nome_vendedor: 'Mariana Lima',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...mariana, nome_vendedor: 'Mariana Lima' });
    const clash = await call(w.tokens.adminA, 'PATCH', `${url}/${mariana.id_vendedor}`, {
      nome_vendedor: 'joão',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ erro: MSG.registroDuplicado });

    // 'Sem Vendedor' (99) is always offered: adding it adds nothing, and no seller takes its name.
    for (const nome of ['Sem Vendedor', ' sem vendedor ']) {
      const pseudo = await call(w.tokens.adminA, 'POST', url, { nome_vendedor: nome });
      expect(pseudo.statusCode, nome).toBe(200);
      expect(pseudo.json()).toEqual({
        id_estabelecimento: shop.id_estabelecimento,
        id_vendedor: 99,
        nome_vendedor: 'Sem Vendedor',
      });
    }
    const asPseudo = await call(w.tokens.adminA, 'PATCH', `${url}/${mariana.id_vendedor}`, {
      nome_vendedor: 'SEM VENDEDOR',
    });
    expect(asPseudo.statusCode).toBe(409);
    expect(asPseudo.json()).toEqual({ erro: MSG.registroDuplicado });
    const list = await call(w.tokens.adminA, 'GET', url);
    expect(list.json().map((s: { nome_vendedor: string }) => s.nome_vendedor)).toEqual([
      'João',
      'Mariana Lima',
    ]);

    const other = await createShop(t.db, { cod_cidade: w.cityA });
    const stranger = await createSeller(t.db, {
      id_estabelecimento: other.id_estabelecimento,
      nome_vendedor: 'Alheio',
    });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(
        w.tokens.adminA,
        method,
        `${url}/${stranger.id_vendedor}`,
        method === 'PATCH' ? { nome_vendedor: 'X' } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.vendedorNaoEncontrado });
    }
    expect(await sellersOf(other.id_estabelecimento)).toEqual(['Alheio']);

    const sale = await insertSale(shop, { id_vendedor: joao.id_vendedor });
    const removed = await call(w.tokens.adminA, 'DELETE', `${url}/${joao.id_vendedor}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ mensagem: 'Vendedor removido' });
    expect(await sellersOf(shop.id_estabelecimento)).toEqual(['Mariana Lima']);
    const stored = await t.db
      .selectFrom('vendas')
      .select(['id_vendedor', 'valor_centavos'])
      .where('id_venda', '=', sale.id_venda)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ id_vendedor: null, valor_centavos: 1000 });

    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'id_entidade'])
      .where('entidade', '=', 'vendedor')
      .where('id_entidade', 'in', [String(mariana.id_vendedor), String(joao.id_vendedor)])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { acao: 'criar', id_entidade: String(mariana.id_vendedor) },
      { acao: 'criar', id_entidade: String(joao.id_vendedor) },
      { acao: 'alterar', id_entidade: String(mariana.id_vendedor) },
      { acao: 'excluir', id_entidade: String(joao.id_vendedor) },
    ]);
  });
});
