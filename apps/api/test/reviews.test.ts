import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import { bearer, createCity, createShop, createUser, login } from './factories.js';

const t = useTestApp();

interface World {
  shop: { id_estabelecimento: number; cod_cidade: number };
  otherShop: { id_estabelecimento: number; cod_cidade: number };
  tokens: Record<'consumer' | 'consumer2' | 'partnerA' | 'partnerB' | 'admin1' | 'admin2' | 'super', string>;
}
const w = {} as World;

const post = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/estabelecimentos/avaliacoes',
    headers: bearer(token),
    payload: payload as object,
  });
const approve = (token: string, id: number, payload: object = { ies_aprovacao: 'S' }) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/adm/estabelecimentos/avaliacao/aprovar/${id}`,
    headers: bearer(token),
    payload,
  });
const remove = (token: string, id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/v1/adm/estabelecimentos/avaliacao/aprovar/${id}`,
    headers: bearer(token),
  });
const pending = (token: string, query = '') =>
  t.app.inject({ url: `/v1/estabelecimentos/avaliacoes?aprovado=N${query}`, headers: bearer(token) });
const ratings = async (id: number) => (await t.app.inject({ url: `/v1/avaliacoes/${id}` })).json();
const shopInList = async (shop: { id_estabelecimento: number; cod_cidade: number }) =>
  (await t.app.inject({ url: `/v1/estabelecimentos?cod_cidade=${shop.cod_cidade}` }))
    .json<{ id_estabelecimento: number; avaliacao: number; qtd_avaliacao: number }[]>()
    .find((s) => s.id_estabelecimento === shop.id_estabelecimento);
const reviewCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('avaliacoes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  const city1 = await createCity(t.db);
  const city2 = await createCity(t.db);
  w.shop = await createShop(t.db, { cod_cidade: city1.cod_cidade });
  w.otherShop = await createShop(t.db, { cod_cidade: city1.cod_cidade });
  const user = (o: Parameters<typeof createUser>[1]) =>
    createUser(t.db, { cod_cidade: city1.cod_cidade, ...o });
  const consumer = await user({ nome: 'Maria da Silva Santos' });
  const consumer2 = await user({ nome: 'João Pedro' });
  const partnerA = await user({ parceiro: true, estabelecimentos: [w.shop.id_estabelecimento] });
  const partnerB = await user({ parceiro: true, estabelecimentos: [w.otherShop.id_estabelecimento] });
  const admin1 = await user({ admin: true });
  const admin2 = await createUser(t.db, { cod_cidade: city2.cod_cidade, admin: true });
  const sup = await createUser(t.db, { cod_cidade: city2.cod_cidade, admin: true, superadmin: true });
  w.tokens = {
    consumer: await login(t.app, consumer),
    consumer2: await login(t.app, consumer2),
    partnerA: await login(t.app, partnerA, 'parceiro'),
    partnerB: await login(t.app, partnerB, 'parceiro'),
    admin1: await login(t.app, admin1, 'admin'),
    admin2: await login(t.app, admin2, 'admin'),
    super: await login(t.app, sup, 'admin'),
  };
});

describe('rating a shop', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/estabelecimentos/avaliacoes',
      payload: { id_estabelecimento: w.shop.id_estabelecimento, nro_estrelas: 5, den_avaliacao: 'Bom' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('asks for stars and text with the spec messages, and stores nothing', async () => {
    const id = w.shop.id_estabelecimento;
    const cases: [object, string][] = [
      [{ id_estabelecimento: id, den_avaliacao: 'Bom' }, 'Escolha o número de estrelas!'],
      [{ id_estabelecimento: id, nro_estrelas: 0, den_avaliacao: 'Bom' }, 'Escolha o número de estrelas!'],
      [{ id_estabelecimento: id, nro_estrelas: 6, den_avaliacao: 'Bom' }, 'Escolha o número de estrelas!'],
      [{ id_estabelecimento: id, nro_estrelas: 2.5, den_avaliacao: 'Bom' }, 'Escolha o número de estrelas!'],
      [{ id_estabelecimento: id, nro_estrelas: 4 }, 'Descreva sua opinião!'],
      [{ id_estabelecimento: id, nro_estrelas: 4, den_avaliacao: '   ' }, 'Descreva sua opinião!'],
    ];
    for (const [payload, erro] of cases) {
      const res = await post(w.tokens.consumer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ erro });
    }
    expect(await reviewCount()).toBe(0);
  });

  it('refuses an unknown shop', async () => {
    const res = await post(w.tokens.consumer, {
      id_estabelecimento: 999999,
      nro_estrelas: 3,
      den_avaliacao: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().erro).toBe('Estabelecimento não encontrado');
  });
});

describe('moderation, from rating to approval', () => {
  it('keeps a review pending, one per consumer and shop, and out of the public counts', async () => {
    const res = await post(w.tokens.consumer, {
      id_estabelecimento: w.shop.id_estabelecimento,
      nro_estrelas: 4,
      den_avaliacao: 'Pão quentinho',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().id_avaliacao).toBeGreaterThan(0);

    const again = await post(w.tokens.consumer, {
      id_estabelecimento: w.shop.id_estabelecimento,
      nro_estrelas: 1,
      den_avaliacao: 'De novo',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().erro).toMatch(/aguarda aprovação/);

    expect((await ratings(w.shop.id_estabelecimento)).resumo.nro_avaliacoes).toBe(0);
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 0, qtd_avaliacao: 0 });
  });

  it('shows pending reviews only to those who may moderate the shop', async () => {
    const q = `&id=${w.shop.id_estabelecimento}`;
    for (const who of ['partnerA', 'admin1', 'super'] as const) {
      const res = await pending(w.tokens[who], q);
      expect(res.statusCode, who).toBe(200);
      expect(
        res.json().map((r: { den_avaliacao: string }) => r.den_avaliacao),
        who,
      ).toEqual(['Pão quentinho']);
      expect(res.headers['x-total-count'], who).toBe('1');
    }
    for (const who of ['partnerB', 'admin2', 'consumer'] as const) {
      const res = await pending(w.tokens[who], q);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().erro, who).toBeTruthy();
    }
    // Without a shop, each moderator sees what is within reach.
    expect((await pending(w.tokens.partnerA)).json()).toHaveLength(1);
    expect((await pending(w.tokens.partnerB)).json()).toHaveLength(0);
    expect((await pending(w.tokens.admin2)).json()).toHaveLength(0);
    expect((await pending(w.tokens.admin1)).json()).toHaveLength(1);
    // The reviewer's name is masked even here.
    const [item] = (await pending(w.tokens.partnerA)).json();
    expect(item.nomeusuario).toBe('M**** ** ***** S*****');
  });

  it('lets only the shop’s partner or its city’s admin approve, then counts it, masked, with the answer', async () => {
    const [item] = (await pending(w.tokens.partnerA)).json();
    expect((await approve(w.tokens.partnerB, item.id_avaliacao)).statusCode).toBe(403);
    expect((await approve(w.tokens.admin2, item.id_avaliacao)).statusCode).toBe(403);
    expect((await approve(w.tokens.consumer, item.id_avaliacao)).statusCode).toBe(403);
    expect((await remove(w.tokens.partnerB, item.id_avaliacao)).statusCode).toBe(403);

    const ok = await approve(w.tokens.partnerA, item.id_avaliacao, {
      ies_aprovacao: 'S',
      den_resposta: 'Obrigado!',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ aprovado: 'S', den_resposta: 'Obrigado!' });
    // A second click changes nothing.
    expect(
      (await approve(w.tokens.partnerA, item.id_avaliacao, { ies_aprovacao: 'S', den_resposta: 'Obrigado!' }))
        .statusCode,
    ).toBe(200);

    const res = await t.app.inject({ url: `/v1/avaliacoes/${w.shop.id_estabelecimento}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.resumo).toEqual({
      nro_avaliacoes: 1,
      estrelas1: 0,
      estrelas2: 0,
      estrelas3: 0,
      estrelas4: 1,
      estrelas5: 0,
    });
    expect(body.itens).toEqual([
      expect.objectContaining({
        nomeusuario: 'M**** ** ***** S*****',
        den_avaliacao: 'Pão quentinho',
        den_resposta: 'Obrigado!',
        nro_estrelas: 4,
      }),
    ]);
    expect(res.body).not.toContain('Maria');
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 4, qtd_avaliacao: 1 });
    expect((await pending(w.tokens.partnerA)).json()).toHaveLength(0);
    // Every moderation is in the audit log.
    const audit = await t.db
      .selectFrom('auditoria')
      .selectAll()
      .where('entidade', '=', 'avaliacao')
      .execute();
    expect(audit.map((a) => a.acao)).toEqual(['aprovar', 'aprovar']);
  });

  it('keeps the average and distribution right through approvals, withdrawals and deletes', async () => {
    const shop = w.shop.id_estabelecimento;
    const r2 = (
      await post(w.tokens.consumer2, {
        id_estabelecimento: shop,
        nro_estrelas: 1,
        den_avaliacao: 'Fila enorme',
      })
    ).json();
    await approve(w.tokens.admin1, r2.id_avaliacao);
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 2.5, qtd_avaliacao: 2 });
    expect((await ratings(shop)).resumo).toMatchObject({ nro_avaliacoes: 2, estrelas1: 1, estrelas4: 1 });

    // The consumer may rate again now that the first review is no longer pending.
    const r3 = (
      await post(w.tokens.consumer, { id_estabelecimento: shop, nro_estrelas: 5, den_avaliacao: 'Melhorou' })
    ).json();
    await approve(w.tokens.super, r3.id_avaliacao);
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 3.33, qtd_avaliacao: 3 });

    // Withdrawing approval takes it out of the counts; approving again puts it back once.
    await approve(w.tokens.partnerA, r3.id_avaliacao, { ies_aprovacao: 'N' });
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 2.5, qtd_avaliacao: 2 });
    await approve(w.tokens.partnerA, r3.id_avaliacao, { ies_aprovacao: 'S' });

    // Deleting an approved review takes its stars away in the same transaction.
    const del = await remove(w.tokens.partnerA, r2.id_avaliacao);
    expect(del.statusCode).toBe(200);
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 4.5, qtd_avaliacao: 2 });
    expect((await ratings(shop)).resumo).toMatchObject({
      nro_avaliacoes: 2,
      estrelas1: 0,
      estrelas4: 1,
      estrelas5: 1,
    });
    expect((await remove(w.tokens.partnerA, r2.id_avaliacao)).statusCode).toBe(404);

    // Deleting a pending review leaves the counts alone.
    const r4 = (
      await post(w.tokens.consumer2, { id_estabelecimento: shop, nro_estrelas: 2, den_avaliacao: 'Hum' })
    ).json();
    await remove(w.tokens.admin1, r4.id_avaliacao);
    expect(await shopInList(w.shop)).toMatchObject({ avaliacao: 4.5, qtd_avaliacao: 2 });
  });

  it('answers 404 for unknown reviews and shops, and 400 for bad ids', async () => {
    expect((await approve(w.tokens.super, 987654)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/avaliacoes/987654' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/avaliacoes/abc' })).statusCode).toBe(400);
    expect((await approve(w.tokens.super, 1, { ies_aprovacao: 'X' })).statusCode).toBe(400);
  });
});

describe('self-dealing (issue 37)', () => {
  it('lets nobody approve a review they wrote, partner or admin: 403, the review stays pending', async () => {
    const shop = await createShop(t.db, { cod_cidade: w.shop.cod_cidade });
    const partner = await createUser(t.db, {
      cod_cidade: shop.cod_cidade,
      parceiro: true,
      estabelecimentos: [shop.id_estabelecimento],
    });
    const admin = await createUser(t.db, { cod_cidade: shop.cod_cidade, admin: true });
    const partnerToken = await login(t.app, partner, 'parceiro');
    const adminToken = await login(t.app, admin, 'admin');
    const review = { id_estabelecimento: shop.id_estabelecimento, nro_estrelas: 5, den_avaliacao: 'Ótimo' };
    const byPartner = (await post(partnerToken, review)).json().id_avaliacao;
    const byAdmin = (await post(adminToken, review)).json().id_avaliacao;

    for (const [token, id] of [
      [partnerToken, byPartner],
      [adminToken, byAdmin],
    ] as const) {
      const res = await approve(token, id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ erro: 'Você não pode aprovar uma avaliação que você mesmo escreveu' });
    }
    expect((await ratings(shop.id_estabelecimento)).resumo.nro_avaliacoes).toBe(0);
    // Someone else may.
    expect((await approve(adminToken, byPartner)).statusCode).toBe(200);
    expect((await approve(partnerToken, byAdmin)).statusCode).toBe(200);
    expect((await ratings(shop.id_estabelecimento)).resumo.nro_avaliacoes).toBe(2);
  });
});
